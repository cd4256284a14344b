// The top agents criteria as they travel in the URL (start, end, siteIds as '1,2'), and their summary line.
import {
  formatPeriod,
  isDateRangeValid,
  topAgentsGroupBy,
  type TPeriod,
  type TSiteOption,
  type TTop10Request,
  type TListQuery,
  type TStatsCompare,
  type TTopAgentsReportFilters,
} from '@salesdesk/contract';

export const TOP_AGENTS_FILTERS = ['start', 'end', 'siteIds', 'compare'] as const;
export type TopAgentsFilter = (typeof TOP_AGENTS_FILTERS)[number];
export type TopAgentsCriteria = Required<Pick<TTop10Request, 'start' | 'end' | 'groupBy'>> & {
  siteIds: number[];
};

/** Ids of a '1,2' list; anything that is not an id is left out. */
export const parseIds = (raw: string | undefined): number[] =>
  (raw ?? '')
    .split(',')
    .filter((s) => /^[1-9]\d{0,8}$/.test(s))
    .map(Number);

/** The criteria of the URL's filters; without a valid range, the default period. */
export function topAgentsCriteria(
  filters: Partial<Record<TopAgentsFilter, string>>,
  fallback: TPeriod,
): TopAgentsCriteria {
  const valid = isDateRangeValid(filters.start, filters.end);
  const start = valid ? filters.start! : fallback.start;
  const end = valid ? filters.end! : fallback.end;
  return { start, end, siteIds: parseIds(filters.siteIds), groupBy: topAgentsGroupBy(start, end) };
}

/** The list state's criteria as filters. */
export const filtersOf = (query: TListQuery): Partial<Record<TopAgentsFilter, string>> =>
  Object.fromEntries(query.criteria.map((c) => [c.field, c.value]));

/** 'Period: 2026-11-22 - 2026-11-28 · Sites: All · By agent'. */
export function topAgentsSummary(c: TopAgentsCriteria, sites: TSiteOption[] | undefined): string {
  const names = c.siteIds.map((id) => sites?.find((s) => s.id === id)?.sitename ?? `#${id}`);
  const by = c.groupBy === 'agent' ? 'agent' : 'office';
  return `Period: ${formatPeriod(c)} · Sites: ${names.length ? names.join(', ') : 'All'} · By ${by}`;
}

/** The filters a schedule keeps (`Send this report`): the sites and the comparison, not the dates. */
export function topAgentsScheduleFilters(
  c: TopAgentsCriteria,
  compare: TStatsCompare | undefined,
): TTopAgentsReportFilters {
  const siteIds = [...new Set(c.siteIds)];
  return { ...(siteIds.length ? { siteIds } : {}), ...(compare ? { compare } : {}) };
}
