// Sites: the selectors' option, the list (/app/sites/sites), the Add Site / Update Site form, status and
// delete (spec 2 sections 2.5, 3, 4, 5, 7). Link types are in link-types.ts.
import { z } from 'zod';
import { listOf, listQuery, wholeNumber, ZIdNumber, ZSiteCategory } from './common';
import { HOLD_DAYS_MAX } from './money';

/** A site in selectors: id and sitename (status tells suspended ones apart). */
export const ZSiteOption = z.object({ id: z.number(), sitename: z.string(), status: z.boolean() });
export type TSiteOption = z.infer<typeof ZSiteOption>;
export const ZSitesQuery = z.object({ withSuspended: z.stringbool().optional() });

export const SITE_SORT_FIELDS = ['sitename', 'type', 'status'] as const;
export type TSiteSortField = (typeof SITE_SORT_FIELDS)[number];
export const ZSiteSearch = listQuery({ sort: SITE_SORT_FIELDS });
export type TSiteSearch = z.infer<typeof ZSiteSearch>;

export const ZSiteRow = z.object({
  id: z.number(),
  sitename: z.string(),
  type: z.string(),
  /** Link count: the site's link types (deleted ones are not counted). */
  typeCount: z.number(),
  status: z.boolean(),
  hidden: z.boolean(),
  useApproveSale: z.boolean(),
});
export type TSiteRow = z.infer<typeof ZSiteRow>;
export const ZSiteList = listOf(ZSiteRow);

/** The default name of the parameter a click id is sent in (DESIGN.md rule 2). */
export const DEFAULT_CLICK_PARAM = 'clickid';

const optionalText = (max: number, label: string) =>
  z.string().trim().max(max, `${label} is at most ${max} characters`).default('');
const requiredText = (max: number, label: string) =>
  z.string().trim().min(1, `${label} is required`).max(max, `${label} is at most ${max} characters`);

// http(s)://host[:port][/path?query#fragment] with a DNS name, IPv4 or [IPv6] host and no spaces.
const WEB_URL =
  /^https?:\/\/([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(:\d{1,5})?([/?#][^\s]*)?$/i;

/** An absolute http(s) URL: the only kind a redirect or a link may point to. */
export const isWebUrl = (value: string): boolean => WEB_URL.test(value);
export const URL_INVALID = 'Must be a valid URL (http:// or https://)';

// Spec 2 section 5: every field with its maximum length and rule.
const siteFields = {
  sitename: requiredText(128, 'Site name'),
  shortname: requiredText(16, 'Short name'),
  abbr: requiredText(10, 'Abbreviation'),
  url: requiredText(128, 'URL').refine(isWebUrl, URL_INVALID),
  // A query parameter name: URL-safe characters only; blank takes the default.
  clickParam: optionalText(16, 'Click parameter')
    .refine((v) => /^[A-Za-z0-9_.~-]*$/.test(v), 'Letters, digits and - _ . ~ only')
    .transform((v) => v || DEFAULT_CLICK_PARAM),
  contactName: optionalText(64, 'Contact name'),
  email: z
    .union([
      z.literal(''),
      z.email('Must be a valid email address').max(64, 'Email is at most 64 characters'),
    ])
    .default(''),
  phoneNum: optionalText(64, 'Phone'),
  type: z.enum(ZSiteCategory.options, 'Type is required'),
  note: z.string().max(10_000, 'Note is at most 10000 characters').default(''),
  // A new site defaults to Activated (spec 2 section 4).
  status: z.boolean().default(true),
  specialReport: z.boolean().default(false),
  useApproveSale: z.boolean().default(false),
  avp: z.boolean().default(false),
  /** Days its sales stay held before they are paid (0: paid at once). */
  holdDays: wholeNumber(0, HOLD_DAYS_MAX).default(0),
};

/** PUT sites and POST sites/{id}: the same fields. */
export const ZSiteForm = z.object(siteFields);
export type TSiteForm = z.input<typeof ZSiteForm>;
export type TSiteFormData = z.output<typeof ZSiteForm>;

export const ZSiteDetail = z.object({
  id: z.number(),
  sitename: z.string(),
  shortname: z.string(),
  abbr: z.string(),
  url: z.string(),
  clickParam: z.string(),
  contactName: z.string(),
  email: z.string(),
  phoneNum: z.string(),
  type: z.string(),
  note: z.string(),
  status: z.boolean(),
  hidden: z.boolean(),
  specialReport: z.boolean(),
  useApproveSale: z.boolean(),
  avp: z.boolean(),
  holdDays: z.number(),
  typeCount: z.number(),
  /** The postback secret: superadmins only (null for anybody else). */
  postbackToken: z.string().nullable(),
});
export type TSiteDetail = z.infer<typeof ZSiteDetail>;

/** Activate or suspend sites (the list's batch status update). */
export const ZSiteStatus = z.object({ ids: z.array(ZIdNumber).min(1).max(1000), status: z.boolean() });
export type TSiteStatus = z.infer<typeof ZSiteStatus>;

export const ZPostbackTokenAnswer = z.object({ postbackToken: z.string() });

export const SITE_TEXTS = {
  empty: 'No sites yet',
  activateConfirm: "Are you sure to activate site? This sets 'Use CardApprove, Sale'.",
  suspendConfirm: "Are you sure to suspend site? This unsets 'Use CardApprove, Sale'.",
  enableForAllOffices: 'Are you sure enable site for all offices?',
  deleteConfirm: 'Are you sure you want delete site and all links?',
  regenerateConfirm: 'Are you sure to make a new postback token? The old one stops working at once.',
  nameTaken: 'A site with this name already exists',
} as const;
