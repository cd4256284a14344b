// Office performance (two periods compared, POST stats/periods) and the office progress chart (POST stats/office-charts).
import { z } from 'zod';
import { listOf, listQuery, ZIdNumber } from './common';
import { ZChartGroupBy, type ChartGroupBy } from './period';
import { STATS_COMPARE } from './stats';
import { checkOfficeStatsPeriod, ZOfficeStatsDay, ZOfficeStatsPeriod } from './top-agents';

export const PERFORMANCE_SORT_FIELDS = ['name', 'sales1', 'sales2', 'progress'] as const;
export type TPerformanceSortField = (typeof PERFORMANCE_SORT_FIELDS)[number];
/** Rows per office or per agent; without it admins get offices and offices their agents. */
export const PERFORMANCE_GROUP_BY = ['company', 'agent'] as const;
export type TPerformanceGroupBy = (typeof PERFORMANCE_GROUP_BY)[number];

/** Period 1 is compared against period 2 (by default the first hint against the one before it). */
export const ZPeriodsRequest = listQuery({ sort: PERFORMANCE_SORT_FIELDS }).extend({
  period1: ZOfficeStatsPeriod,
  period2: ZOfficeStatsPeriod,
  groupBy: z.enum(PERFORMANCE_GROUP_BY).optional(),
});
export type TPeriodsRequest = z.input<typeof ZPeriodsRequest>;

/** progress = (sales1 - sales2) / sales2 * 100 rounded to 2 decimals; 100 when only sales1 has sales, 0 when neither. */
export const ZPerformanceRow = z.object({
  id: z.number(),
  name: z.string(),
  sales1: z.number().int(),
  sales2: z.number().int(),
  progress: z.number(),
});
export type TPerformanceRow = z.infer<typeof ZPerformanceRow>;
export const ZPerformanceList = listOf(ZPerformanceRow).extend({ groupBy: z.enum(PERFORMANCE_GROUP_BY) });
export type TPerformanceList = z.infer<typeof ZPerformanceList>;

export const PERFORMANCE_HEADERS = {
  name: 'Name',
  sales1: 'Sales1',
  sales2: 'Sales2',
  progress: 'Progress',
} as const;

/** The longest chart: a year of days, or ten years of months. */
export const CHART_MAX_POINTS: Record<ChartGroupBy, number> = { day: 366, month: 120 };
export const CHART_TOO_LONG = 'The period is too long for this chart';

const monthsIn = (start: string, end: string) =>
  (Number(end.slice(0, 4)) - Number(start.slice(0, 4))) * 12 +
  Number(end.slice(5, 7)) -
  Number(start.slice(5, 7)) +
  1;
const daysIn = (start: string, end: string) =>
  Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000) + 1;

/** The chart criteria: a range, day or month points, and (admins) one office. */
export const ZOfficeChartsRequest = z
  .object({
    start: ZOfficeStatsDay,
    end: ZOfficeStatsDay,
    groupBy: ZChartGroupBy,
    companyId: ZIdNumber.optional(),
    /** The chart also draws the other period's sales, point by point (issue 37). */
    compare: z.enum(STATS_COMPARE).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.start > v.end) return checkOfficeStatsPeriod(v, ctx);
    const points = v.groupBy === 'day' ? daysIn(v.start, v.end) : monthsIn(v.start, v.end);
    if (points > CHART_MAX_POINTS[v.groupBy])
      ctx.addIssue({ code: 'custom', path: ['end'], message: CHART_TOO_LONG });
  });
export type TOfficeChartsRequest = z.input<typeof ZOfficeChartsRequest>;

/** One column: `date` is 'YYYY-MM-DD' (day) or 'YYYY-MM' (month); progress against the point before. */
export const ZChartPoint = z.object({ date: z.string(), value: z.number().int(), progress: z.number() });
export type TChartPoint = z.infer<typeof ZChartPoint>;
export const ZChartModel = z.object({
  companyId: z.number(),
  officeName: z.string(),
  items: z.array(ZChartPoint),
  /** Asked with `compare`: the other period and its sales per point, the n-th point beside this one's n-th. */
  compare: z
    .object({
      start: z.string(),
      end: z.string(),
      items: z.array(z.object({ date: z.string(), value: z.number().int() })),
    })
    .nullable()
    .optional(),
});
export type TChartModel = z.infer<typeof ZChartModel>;
export const ZOfficeCharts = z.array(ZChartModel);

export const CHART_TEXTS = {
  title: (officeName: string) => `By office ${officeName}`,
  axis: { day: 'Daily', month: 'Monthly' } satisfies Record<ChartGroupBy, string>,
  sales: 'Sales',
  progress: 'Progress',
  /** The other period's columns: 'Sales, 2026-10-02 - 2026-10-31'. */
  otherSales: (period: string) => `Sales, ${period}`,
  otherColor: '#9bb0e8',
  /** Sales columns are dark blue; the column is at most this wide (px). */
  salesColor: '#1f3a93',
  /** The progress spline stands apart from the columns. */
  progressColor: '#e8590c',
  columnMaxWidth: 39,
} as const;

/** Progress is drawn only where the point has sales or a change (spec 2 section 2.15). */
export const showsProgress = (p: Pick<TChartPoint, 'value' | 'progress'>) => p.value > 0 || p.progress !== 0;
