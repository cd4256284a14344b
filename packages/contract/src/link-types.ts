// Link types (sale types) of a site: the list, the Add / Update Sale Type form and its labels
// (spec 2 sections 2.6, 3, 4, 5, 7).
import { z } from 'zod';
import { INT4_MAX, sortQuery, ZIdNumber, ZMoney } from './common';
import { isWebUrl, URL_INVALID } from './sites';

export const LINK_TYPE_SORT_FIELDS = [
  'typename',
  'typealias',
  'url',
  'payout',
  'earning',
  'lpp',
  'status',
  'bbrCh',
] as const;
export type TLinkTypeSortField = (typeof LINK_TYPE_SORT_FIELDS)[number];
/** GET types/{siteId}/by-site: sorted, not paged (default typename ascending). */
export const ZLinkTypesQuery = sortQuery(LINK_TYPE_SORT_FIELDS);
export type TLinkTypesQuery = z.infer<typeof ZLinkTypesQuery>;

export const ZLinkType = z.object({
  id: z.number(),
  siteId: z.number(),
  typename: z.string(),
  typealias: z.string(),
  bbrCh: z.number().nullable(),
  username: z.string(),
  url: z.string(),
  payout: z.string(),
  /** Dollars the business earns: null for a caller without the earning permission. */
  earning: z.string().nullable(),
  lpp: z.number(),
  bonus: z.boolean(),
  bonusPayout: z.string(),
  bonusEarning: z.string().nullable(),
  bonusLpp: z.number(),
  status: z.boolean(),
});
export type TLinkType = z.infer<typeof ZLinkType>;

const requiredText = (max: number, label: string) =>
  z.string().trim().min(1, `${label} is required`).max(max, `${label} is at most ${max} characters`);
const lppNumber = (label: string) =>
  z
    .number(`${label} must be a whole number`)
    .int(`${label} must be a whole number`)
    .min(0, `${label} must be at least 0`)
    .max(1_000_000, `${label} is at most 1000000`);

// Spec 2 section 5, with its defaults: payout 0, earning 0, lpp 1, bonus values 0, bonus lpp 1.
const linkTypeFields = {
  typename: requiredText(64, 'Link name'),
  typealias: requiredText(64, 'Alias'),
  username: requiredText(64, 'Username'),
  url: requiredText(512, 'URL').refine(isWebUrl, URL_INVALID),
  bbrCh: z
    .number('Ch must be a whole number')
    .int('Ch must be a whole number')
    .min(0, 'Ch must be at least 0')
    .max(INT4_MAX, 'Ch is too large')
    .nullable()
    .default(null),
  payout: ZMoney.default('0'),
  earning: ZMoney.default('0'),
  lpp: lppNumber('lpp').default(1),
  bonus: z.boolean().default(false),
  bonusPayout: ZMoney.default('0'),
  bonusEarning: ZMoney.default('0'),
  bonusLpp: lppNumber('Bonus lpp').default(1),
  // A new link type defaults to Activated.
  status: z.boolean().default(true),
};

/** POST types/{id}. */
export const ZLinkTypeUpdate = z.object(linkTypeFields);
export type TLinkTypeUpdate = z.input<typeof ZLinkTypeUpdate>;
/** PUT types: the fields plus the site. */
export const ZLinkTypeCreate = z.object({ ...linkTypeFields, siteId: ZIdNumber });
export type TLinkTypeCreate = z.input<typeof ZLinkTypeCreate>;

export const LINK_TYPE_DEFAULTS = {
  payout: '0',
  earning: '0',
  lpp: 1,
  bonus: false,
  bonusPayout: '0',
  bonusEarning: '0',
  bonusLpp: 1,
  status: true,
} as const;

/** The labels that change on approve-sale sites (sale = Day#1 approval, bonus = Day#2 paid sale). */
export function linkTypeLabels(useApproveSale: boolean) {
  return useApproveSale
    ? {
        priceColumn: 'Day#1 Approval',
        bonus: 'Day#2 Sale',
        bonusPrice: 'Day#2 Sale',
        bonusFields: 'Day#2 Sale/Payout/Earning/lpp',
      }
    : {
        priceColumn: 'Payout/Earning',
        bonus: 'Bonus',
        bonusPrice: 'Bonus',
        bonusFields: 'Bonus/Payout/Earning/lpp',
      };
}

export const LINK_TYPE_TEXTS = {
  empty: 'No sale types yet',
  deleteConfirm: 'Are you sure you want delete site link?',
  nameTaken: 'This site already has a link with this name',
} as const;
