// Office performance criteria as they travel in the URL (groupBy, start1, end1, start2, end2).
import {
  comparePeriod,
  formatPeriod,
  isDateRangeValid,
  monthHints,
  PAYOUT_HALF_MONTH_COUNT,
  WEEK_HINT_COUNT,
  weeklyHints,
  yearHints,
  type TListQuery,
  type TPerformanceGroupBy,
  type TPerformanceReportFilters,
  type TPerformanceSortField,
  type TPeriodHint,
  type TPeriod,
} from '@salesdesk/contract';

export const PERFORMANCE_FILTERS = ['groupBy', 'start1', 'end1', 'start2', 'end2'] as const;
export type PerformanceFilter = (typeof PERFORMANCE_FILTERS)[number];
type Filters = Partial<Record<PerformanceFilter, string>>;

/** Weeks first, so the default compares This week (the first hint) with Last week (the one before it). */
export function performanceHints(now = new Date()): TPeriodHint[] {
  return [
    ...weeklyHints(WEEK_HINT_COUNT, PAYOUT_HALF_MONTH_COUNT, now),
    ...monthHints(now),
    ...yearHints(now),
  ];
}

export type PerformanceCriteria = { period1: TPeriod; period2: TPeriod; groupBy?: TPerformanceGroupBy };

const periodOf = (start: string | undefined, end: string | undefined, fallback: TPeriod): TPeriod =>
  isDateRangeValid(start, end) ? { start: start!, end: end! } : { start: fallback.start, end: fallback.end };

export function performanceCriteria(filters: Filters, hints: TPeriodHint[]): PerformanceCriteria {
  const groupBy = filters.groupBy === 'company' || filters.groupBy === 'agent' ? filters.groupBy : undefined;
  return {
    period1: periodOf(filters.start1, filters.end1, hints[0]),
    period2: periodOf(filters.start2, filters.end2, hints[1]),
    groupBy,
  };
}

/** The URL's filters with the default periods filled in (what the form shows). */
export function shownFilters(filters: Filters, hints: TPeriodHint[]): Filters {
  const c = performanceCriteria(filters, hints);
  return {
    ...filters,
    start1: c.period1.start,
    end1: c.period1.end,
    start2: c.period2.start,
    end2: c.period2.end,
  };
}

export const filtersOf = (query: TListQuery): Filters =>
  Object.fromEntries(query.criteria.map((c) => [c.field, c.value]));

export function performanceSummary(c: PerformanceCriteria, groupBy: TPerformanceGroupBy): string {
  const by = groupBy === 'company' ? 'office' : 'agent';
  return `Period 1: ${formatPeriod(c.period1)} · Period 2: ${formatPeriod(c.period2)} · By ${by}`;
}

/** The filters a schedule keeps (`Send this report`): the grouping, the sort, and period 2 as the same period
 * last year when the page compares with it, else the previous period (each send's period 1 is the range just
 * ended). */
export function performanceScheduleFilters(
  c: PerformanceCriteria,
  sort: { sortField?: TPerformanceSortField; sortAsc?: boolean },
): TPerformanceReportFilters {
  const lastYear = comparePeriod('lastYear', c.period1);
  const sameAsLastYear = lastYear.start === c.period2.start && lastYear.end === c.period2.end;
  const all: TPerformanceReportFilters = {
    groupBy: c.groupBy,
    sortField: sort.sortField,
    sortAsc: sort.sortAsc,
    compare: sameAsLastYear ? 'lastYear' : 'previous',
  };
  return Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined));
}
