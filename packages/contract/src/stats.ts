// Statistics and payroll reports (spec 2 sections 2.15, 3, 4, 6, 7 and 9; DESIGN.md rules 4 and 5):
// the criteria, the stats result, the groupings each role and page may use, and the sort defaults.
import { z } from 'zod';
import { hasRole, INT4_MAX, listOf, listQuery, Role, wholeNumber, ZIdNumber, type TList } from './common';
import { ZInvalidReason } from './invalid-traffic';
import { ZSaleStatusName } from './money';
import { addDays, checkPeriod, periodFields } from './period';

/** The four report pages; each has its own call (STATS_CALLS). */
export const STATS_KINDS = ['sites', 'sites-avp', 'sites-payout', 'sites-payout-avp'] as const;
export type TStatsKind = (typeof STATS_KINDS)[number];

export const STATS_CALLS: Readonly<Record<TStatsKind, string>> = {
  sites: 'stats/sites',
  'sites-avp': 'stats/sites/avp',
  'sites-payout': 'stats/sites-payout',
  'sites-payout-avp': 'stats/sites-payout/avp',
};

export const STATS_TITLES: Readonly<Record<TStatsKind, string>> = {
  sites: 'Sites Statistics',
  'sites-avp': 'Sites AVP Statistics',
  'sites-payout': 'Payroll',
  'sites-payout-avp': 'Payroll AVP',
};

export const isAvpKind = (kind: TStatsKind) => kind === 'sites-avp' || kind === 'sites-payout-avp';
export const isPayrollKind = (kind: TStatsKind) => kind === 'sites-payout' || kind === 'sites-payout-avp';

export const STATS_EMPTY = 'No statistics for selected period';
export const STATS_SUBMIT = 'Load statistics';

/** Groupings ('company' is the office, as in the log group-by values). */
export const STATS_GROUP_BY = ['date', 'company', 'agent', 'detail'] as const;
export type TStatsGroupBy = (typeof STATS_GROUP_BY)[number];
export const ZStatsGroupBy = z.enum(STATS_GROUP_BY);
export const STATS_GROUP_LABELS: Readonly<Record<TStatsGroupBy, string>> = {
  date: 'Date',
  company: 'Office',
  agent: 'Agent',
  detail: 'Detail',
};

/**
 * The groupings a role may use on a page: Office not for company or agent users, Agent not for
 * agents; the AVP page offers Agent and Detail only, the AVP payroll all four.
 */
export function statsGroupings(kind: TStatsKind, role: number): TStatsGroupBy[] {
  const admin = hasRole(role, Role.Admin);
  const office = hasRole(role, Role.Company);
  if (kind === 'sites-avp') return office ? ['agent', 'detail'] : ['detail'];
  return STATS_GROUP_BY.filter((g) => (g === 'company' ? admin : g === 'agent' ? office : true));
}

/** The grouping a page starts with: the AVP payroll defaults to Office, the AVP page to Agent. */
export function defaultStatsGroupBy(kind: TStatsKind, role: number): TStatsGroupBy {
  const allowed = statsGroupings(kind, role);
  const wanted: TStatsGroupBy =
    kind === 'sites-payout-avp' ? 'company' : kind === 'sites-avp' ? 'agent' : 'date';
  return allowed.includes(wanted) ? wanted : allowed[0];
}

/** Drill-down: date to office for that day, office to agent, agent to detail (the next one the role has). */
export function drillGroupBy(kind: TStatsKind, role: number, from: TStatsGroupBy): TStatsGroupBy | undefined {
  const allowed = statsGroupings(kind, role);
  const order: TStatsGroupBy[] = ['date', 'company', 'agent', 'detail'];
  return order.slice(order.indexOf(from) + 1).find((g) => allowed.includes(g));
}

export const STATS_SORT_FIELDS = [
  'date',
  'officeName',
  'agent',
  'raws',
  'uniques',
  'invalid',
  'sales',
  'bonusSales',
  'bonusRatio',
  'earn',
  'bonusEarn',
  'payout',
  'bonusPayout',
  'reversals',
  'reversalEarn',
  'reversalPayout',
  'held',
  'heldEarn',
  'heldPayout',
  'adjustEarn',
  'adjustPayout',
  'lpp',
  'agent_avp_sales_count',
  'payoutPhp',
  'payoutDollars',
] as const;
export type TStatsSortField = (typeof STATS_SORT_FIELDS)[number];

/** Date descending for date and detail, officeName ascending for office, agent ascending for agent. */
export function defaultStatsSort(groupBy: TStatsGroupBy): { field: TStatsSortField; asc: boolean } {
  if (groupBy === 'date' || groupBy === 'detail') return { field: 'date', asc: false };
  if (groupBy === 'company') return { field: 'officeName', asc: true };
  if (groupBy === 'agent') return { field: 'agent', asc: true };
  return { field: 'raws', asc: true };
}

/** The other period of a comparison: the equally long one just before, or the same days a year earlier
 * (29 February a year earlier is the 28th). */
export function comparePeriod(c: TStatsCompare, range: { start: string; end: string }) {
  if (c === 'previous') {
    const days = Math.round((Date.parse(range.end) - Date.parse(range.start)) / 86_400_000) + 1;
    return { start: addDays(range.start, -days), end: addDays(range.start, -1) };
  }
  const back = (day: string) => {
    const y = `${Number(day.slice(0, 4)) - 1}${day.slice(4)}`;
    return y.endsWith('-02-29') ? `${y.slice(0, 8)}28` : y;
  };
  return { start: back(range.start), end: back(range.end) };
}

/** The longest period one report covers (and its lppPrev the same again before it). */
export const STATS_MAX_DAYS = 3700;
export const STATS_RANGE_TOO_LONG = 'The period may span at most 10 years';

/** The criteria as they travel in the URL and the request (besides paging and sort). */
export const STATS_FILTERS = [
  'compare',
  'groupBy',
  'siteId',
  'typeId',
  'companyId',
  'agentId',
  'avp',
  'start',
  'end',
] as const;
export type TStatsFilter = (typeof STATS_FILTERS)[number];

/** Compare with the equally long period just before, or with the same days a year earlier (issue 37). */
export const STATS_COMPARE = ['previous', 'lastYear'] as const;
export type TStatsCompare = (typeof STATS_COMPARE)[number];
export const STATS_COMPARE_LABELS: Readonly<Record<TStatsCompare, string>> = {
  previous: 'Previous period',
  lastYear: 'Same period last year',
};

const statsCriteria = {
  compare: z.enum(STATS_COMPARE).optional(),
  groupBy: ZStatsGroupBy.optional(),
  siteId: ZIdNumber.optional(),
  typeId: ZIdNumber.optional(),
  companyId: ZIdNumber.optional(),
  agentId: ZIdNumber.optional(),
  ...periodFields,
};

function checkStatsPeriod(v: { start: string; end: string }, ctx: z.RefinementCtx) {
  checkPeriod(v, ctx);
  if (v.start <= v.end && addDays(v.start, STATS_MAX_DAYS) <= v.end)
    ctx.addIssue({ code: 'custom', path: ['end'], message: STATS_RANGE_TOO_LONG });
}

/** POST stats/sites and stats/sites-payout: groupBy, siteId, typeId, companyId, agentId, start, end, paging, sort. */
export const ZStatsSearch = listQuery({ sort: STATS_SORT_FIELDS })
  .extend(statsCriteria)
  .superRefine(checkStatsPeriod);
/** POST stats/sites/avp and stats/sites-payout/avp: the same plus the AVP period index. */
export const ZStatsAvpSearch = listQuery({ sort: STATS_SORT_FIELDS })
  .extend({ ...statsCriteria, avp: wholeNumber(0, INT4_MAX).optional() })
  .superRefine(checkStatsPeriod);
export type TStatsSearch = z.infer<typeof ZStatsAvpSearch>;
export type TStatsSearchInput = z.input<typeof ZStatsAvpSearch>;

/** A decimal string with 2 places ("1234.50"). */
const ZAmount = z.string();
/** Per-type values by the type info id: counts under '{typeId}' and '{typeId}_bonus', pesos under '{typeId}_payout'. */
export const ZByType = z.record(z.string(), z.union([z.number(), z.string()]));

const statsFigures = {
  /** Clicks and unique clicks; null on detail rows (a sale is not a click). */
  raws: z.number().nullable(),
  uniques: z.number().nullable(),
  /** The clicks of raws that were not a person (raws = valid + invalid; uniques counts valid ones only). */
  invalid: z.number().nullable(),
  /** Invalid clicks by reason: admins only (the rules are theirs); null for offices, agents and detail rows. */
  invalidByReason: z.record(ZInvalidReason, z.number()).nullable(),
  byType: ZByType,
  sales: z.number(),
  bonusSales: z.number(),
  bonusRatio: z.number(),
  /** Dollars; null unless earningVisible. */
  earn: ZAmount.nullable(),
  bonusEarn: ZAmount.nullable(),
  /** Null unless the lpp columns are shown (lppVisible); lppPrev also on detail rows. */
  lpp: z.number().nullable(),
  lppPrev: z.number().nullable(),
  /** The AVP period index and the agent's AVP sales count of the week, on AVP agent and detail rows. */
  avpPeriod: z.number().nullable(),
  agent_avp_sales_count: z.number().nullable(),
  /** Pesos, net: approved sales, then the reversals and adjustments dated in the period. */
  payout: ZAmount,
  bonusPayout: ZAmount,
  /**
   * Reversals (refunds and chargebacks) dated in the period and their money (negative, already in
   * earn and payout); held sales waiting for approval (not in earn and payout); adjustments (in earn and
   * payout). Dollars are null unless earningVisible.
   */
  reversals: z.number(),
  reversalEarn: ZAmount.nullable(),
  reversalPayout: ZAmount,
  held: z.number(),
  heldEarn: ZAmount.nullable(),
  heldPayout: ZAmount,
  adjustEarn: ZAmount.nullable(),
  adjustPayout: ZAmount,
  /** AVP pay in pesos and dollars (AVP pages), else null. */
  payoutPhp: ZAmount.nullable(),
  payoutDollars: ZAmount.nullable(),
};

/**
 * One row. `date` is the day (date grouping), the Sunday starting the week (AVP agent rows, one per
 * agent and week) or the instant of the money row (detail). Names are null where the grouping has none
 * (an adjustment has no site or link). Detail rows are the approved sales and bonuses (reversed ones
 * too), the held ones, the reversals and the adjustments of the period; a rejected sale is paid nowhere
 * and is listed only in the sale logs.
 */
export const ZStatsRow = z.object({
  key: z.string(),
  date: z.string().nullable(),
  officeName: z.string().nullable(),
  companyId: z.number().nullable(),
  agent: z.string().nullable(),
  agentId: z.number().nullable(),
  agentFullName: z.string().nullable(),
  sitename: z.string().nullable(),
  typename: z.string().nullable(),
  /** Detail rows: the record type (EventType: sale, bonus, refund, chargeback, adjustment) and status. */
  recordType: z.number().nullable(),
  status: ZSaleStatusName.nullable(),
  ...statsFigures,
});
export type TStatsRow = z.infer<typeof ZStatsRow>;

/** The overall totals: the same figures plus the legacy names earning, bonusEarning and lpp_prev. */
export const ZStatsOverall = z.object({
  ...statsFigures,
  earning: ZAmount.nullable(),
  bonusEarning: ZAmount.nullable(),
  lpp_prev: z.number().nullable(),
});
export type TStatsOverall = z.infer<typeof ZStatsOverall>;

/** A per-type column: `id` is '{typeId}', or '{typeId}_payout' for the derived payout column of payout views. */
export const ZStatsTypeInfo = z.object({
  id: z.string(),
  typeId: z.number(),
  typename: z.string(),
  bonus: z.boolean(),
});
export type TStatsTypeInfo = z.infer<typeof ZStatsTypeInfo>;

export const ZStatsResult = z.object({
  page: listOf(ZStatsRow),
  overall: ZStatsOverall,
  earningVisible: z.boolean(),
  payoutVisible: z.boolean(),
  useApproveSale: z.boolean(),
  hasBonus: z.boolean(),
  types: z.array(ZStatsTypeInfo),
  /** The lpp option is on and the grouping shows lpp (agent, office, detail). */
  lppVisible: z.boolean(),
  /** The grouping and sort applied (the defaults when the request gave none). */
  groupBy: ZStatsGroupBy,
  sortField: z.enum(STATS_SORT_FIELDS),
  sortAsc: z.boolean(),
  /**
   * Payroll and Payroll AVP over exactly a closed pay period: the figures are its snapshot, closed on
   * `day` (Eastern) by `by` (PAY_PERIOD_TEXTS.closedOn). Null or absent: live figures.
   */
  closed: z.object({ day: z.string(), by: z.string() }).nullable().optional(),
  /**
   * Asked with `compare`: the other period, its Overall Total, and the figures of each row of the page in
   * it, by the row's key (a date row by the day as far back; an office or agent row by itself); a row
   * without figures there has none. Not on the AVP pages nor the detail grouping.
   */
  compare: z
    .object({
      start: z.string(),
      end: z.string(),
      overall: ZStatsOverall,
      rows: z.record(z.string(), ZStatsRow),
    })
    .nullable()
    .optional(),
});
export type TStatsResult = z.infer<typeof ZStatsResult>;
export type TStatsPage = TList<TStatsRow>;

/** A site of the criteria form, with the flags the AVP pages and the approve-sale headers need. */
export const ZStatsSiteOption = z.object({
  id: z.number(),
  sitename: z.string(),
  avp: z.boolean(),
  useApproveSale: z.boolean(),
});
export type TStatsSiteOption = z.infer<typeof ZStatsSiteOption>;
export const ZStatsSitesQuery = z.object({ avp: z.stringbool().optional() });
export const ZStatsTypeOption = z.object({ id: z.number(), typename: z.string() });
export type TStatsTypeOption = z.infer<typeof ZStatsTypeOption>;
