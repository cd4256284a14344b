// Top agents (/app/stats/top-agents): the sales ranking of agents or offices over a period and sites.
import { z } from 'zod';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, listOf, MAX_PAGE_SIZE, wholeNumber, ZIdNumber } from './common';
import { ZTopRow } from './dashboard';
import { DATE_RANGE_INVALID, isDateString, type TPeriod } from './period';
import { STATS_COMPARE } from './stats';

/** The empty text of the statistics tabs (spec 2 section 2.15). */
export const OFFICE_STATS_EMPTY = 'No statistics for selected period';

/** Days outside these years are refused (PostgreSQL has no year 0, and no data is that old). */
export const OFFICE_STATS_FIRST_DAY = '1970-01-01';
export const OFFICE_STATS_LAST_DAY = '2999-12-31';

/** A 'YYYY-MM-DD' day of a statistics range; anything else reads 'Date Range is not valid'. */
export const ZOfficeStatsDay = z
  .string({ error: DATE_RANGE_INVALID })
  .refine(
    (v) => isDateString(v) && v >= OFFICE_STATS_FIRST_DAY && v <= OFFICE_STATS_LAST_DAY,
    DATE_RANGE_INVALID,
  );

/** Adds 'Date Range is not valid' on `end` when start is after end. */
export function checkOfficeStatsPeriod(v: TPeriod, ctx: z.RefinementCtx, path: (string | number)[] = []) {
  if (v.start > v.end) ctx.addIssue({ code: 'custom', path: [...path, 'end'], message: DATE_RANGE_INVALID });
}

/** A period of the statistics tabs: start and end days, both included. */
export const ZOfficeStatsPeriod = z
  .object({ start: ZOfficeStatsDay, end: ZOfficeStatsDay })
  .superRefine((v, ctx) => checkOfficeStatsPeriod(v, ctx));

/** 'agent' ranks agents, 'company' offices (the page picks it: office above 7 days, else agent). */
export const TOP_AGENTS_GROUP_BY = ['agent', 'company'] as const;
export type TTopAgentsGroupBy = (typeof TOP_AGENTS_GROUP_BY)[number];

/** At most this many sites in one filter. */
export const TOP_AGENTS_MAX_SITES = 200;

const top10Fields = {
  start: ZOfficeStatsDay,
  end: ZOfficeStatsDay,
  /** Without it the server picks it as the page does, from the length of the range. */
  groupBy: z.enum(TOP_AGENTS_GROUP_BY).optional(),
  /** Empty: every site. */
  siteIds: z.array(ZIdNumber).max(TOP_AGENTS_MAX_SITES).default([]),
};

/** POST stats/top10: the first 10 places. */
export const ZTop10Request = z.object(top10Fields).superRefine((v, ctx) => checkOfficeStatsPeriod(v, ctx));
export type TTop10Request = z.input<typeof ZTop10Request>;

export const ZTop10 = z.object({ groupBy: z.enum(TOP_AGENTS_GROUP_BY), items: z.array(ZTopRow) });
export type TTop10 = z.infer<typeof ZTop10>;

/** POST stats/top10/computed: every place of the ranking, paged (its order is fixed: most sales first). */
export const ZTop10ComputedRequest = z
  .object({
    ...top10Fields,
    /** Each place also gets its sales over the other period (issue 37). */
    compare: z.enum(STATS_COMPARE).optional(),
    page: wholeNumber(1, 1_000_000).default(DEFAULT_PAGE),
    pageSize: wholeNumber(1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  })
  .superRefine((v, ctx) => checkOfficeStatsPeriod(v, ctx));
export type TTop10ComputedRequest = z.input<typeof ZTop10ComputedRequest>;

/** A place of the full ranking; `no` is the place, counted across pages. */
export const ZTopRankRow = ZTopRow.extend({
  no: z.number().int(),
  /** Asked with `compare`: the same agent's or office's sales over the other period (0 without any). */
  otherSales: z.number().int().optional(),
});
export type TTopRankRow = z.infer<typeof ZTopRankRow>;
export const ZTop10Computed = listOf(ZTopRankRow).extend({
  groupBy: z.enum(TOP_AGENTS_GROUP_BY),
  /** Asked with `compare`: the other period. */
  compare: z.object({ start: z.string(), end: z.string() }).nullable().optional(),
});
export type TTop10Computed = z.infer<typeof ZTop10Computed>;

/** The page's headings of the two tables, by grouping. */
export const TOP_AGENTS_TEXTS = {
  agent: { top: 'Top 10 Agents', all: 'All Agents' },
  company: { top: 'Top 10 Offices', all: 'All Offices' },
} as const;
