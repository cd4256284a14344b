// Offices custom payments (spec 2 section 2.14): one rate row per office for one link type.
import { z } from 'zod';
import { listOf, listQuery, ZId, ZIdNumber, ZMoney } from './common';

export const COMPANY_FEE_SORT_FIELDS = ['officeName'] as const;
export type TCompanyFeeSortField = (typeof COMPANY_FEE_SORT_FIELDS)[number];
/** The filters of the page, as they travel in the URL and the query string. */
export const COMPANY_FEE_FILTERS = ['siteId', 'typeId'] as const;

/** GET companies/fees: the type is required; a site, when given, must be the type's. */
export const ZCompanyFeesQuery = listQuery({ sort: COMPANY_FEE_SORT_FIELDS }).extend({
  siteId: ZId.optional(),
  typeId: ZId,
});
export type TCompanyFeesQuery = z.infer<typeof ZCompanyFeesQuery>;

// The link type form's bound, so a custom lpp never exceeds what a type may have.
const LPP_MAX = 1_000_000;
const ZLpp = z
  .number()
  .int('Must be a whole number')
  .min(0, 'Must be at least 0')
  .max(LPP_MAX, `Must be at most ${LPP_MAX}`);

/** The six rates of a link type or of an office's custom payment. */
export const feeRates = {
  payout: ZMoney,
  earning: ZMoney,
  lpp: ZLpp,
  bonusPayout: ZMoney,
  bonusEarning: ZMoney,
  bonusLpp: ZLpp,
};
export const FEE_RATE_FIELDS = [
  'payout',
  'earning',
  'lpp',
  'bonusPayout',
  'bonusEarning',
  'bonusLpp',
] as const;

const ZRates = z.object({
  payout: z.string(),
  earning: z.string(),
  lpp: z.number(),
  bonusPayout: z.string(),
  bonusEarning: z.string(),
  bonusLpp: z.number(),
});
export type TFeeRates = z.infer<typeof ZRates>;

/**
 * One office's row: `enable` is the Custom box; the rates are the office's stored custom rates (the
 * type's defaults until it has any); `defaults` are the type's, shown read-only while Custom is off.
 */
export const ZCompanyFeeRow = ZRates.extend({
  typeId: z.number(),
  companyId: z.number(),
  officeName: z.string(),
  enable: z.boolean(),
  defaults: ZRates,
});
export type TCompanyFeeRow = z.infer<typeof ZCompanyFeeRow>;
export const ZCompanyFeeList = listOf(ZCompanyFeeRow);

/** POST companies/fees: saves one office's row for one type (created on first save). */
export const ZCompanyFeeSave = z.object({
  typeId: ZIdNumber,
  companyId: ZIdNumber,
  enable: z.boolean(),
  ...feeRates,
});
export type TCompanyFeeSave = z.infer<typeof ZCompanyFeeSave>;
export type TCompanyFeeSaveInput = z.input<typeof ZCompanyFeeSave>;
