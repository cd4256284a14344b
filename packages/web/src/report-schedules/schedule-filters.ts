// A scheduled report's filters in one line ('By agent · Site: Lovely Dates · Office: Cebu'), and the
// filters of a statistics page as a schedule keeps them (no dates: each send covers the range just ended).
import {
  PERFORMANCE_REPORT,
  STATS_COMPARE_LABELS,
  STATS_GROUP_LABELS,
  TOP_AGENTS_REPORT,
  type TReportCriteria,
  type TReportTarget,
  type TStatsCompare,
} from '@salesdesk/contract';

export type FilterNames = { site?: (id: number) => string | undefined; office?: string; agent?: string };

const named = (id: number, name: string | undefined) => name ?? `#${id}`;
const comparedWith = (c: TStatsCompare) => `Compared with: ${STATS_COMPARE_LABELS[c].toLowerCase()}`;

export function scheduleFiltersSummary(report: TReportTarget, names: FilterNames): string {
  if (report.kind === TOP_AGENTS_REPORT) {
    const { siteIds, compare } = report.filters;
    const sites = siteIds?.map((id) => named(id, names.site?.(id))).join(', ');
    return [`Sites: ${sites ?? 'All'}`, ...(compare ? [comparedWith(compare)] : [])].join(' · ');
  }
  if (report.kind === PERFORMANCE_REPORT) {
    const { groupBy, compare } = report.filters;
    // Period 2 is the previous period unless the schedule says otherwise.
    return [
      ...(groupBy ? [`By ${groupBy === 'company' ? 'office' : 'agent'}`] : []),
      comparedWith(compare ?? 'previous'),
    ].join(' · ');
  }
  return statsFiltersSummary(report.filters, names);
}

/** The ids a schedule's filters name, whatever its report (the summary shows their names). */
export function filterIds(report: TReportTarget): {
  siteIds: number[];
  companyId?: number;
  agentId?: number;
} {
  if (report.kind === TOP_AGENTS_REPORT) return { siteIds: report.filters.siteIds ?? [] };
  if (report.kind === PERFORMANCE_REPORT) return { siteIds: [] };
  const { siteId, companyId, agentId } = report.filters;
  return { siteIds: siteId === undefined ? [] : [siteId], companyId, agentId };
}

function statsFiltersSummary(f: TReportCriteria, names: FilterNames): string {
  const parts: string[] = [];
  if (f.groupBy) parts.push(`By ${STATS_GROUP_LABELS[f.groupBy].toLowerCase()}`);
  parts.push(`Site: ${f.siteId === undefined ? 'All' : named(f.siteId, names.site?.(f.siteId))}`);
  if (f.typeId !== undefined) parts.push(`Type: #${f.typeId}`);
  if (f.companyId !== undefined) parts.push(`Office: ${named(f.companyId, names.office)}`);
  if (f.agentId !== undefined) parts.push(`Agent: ${named(f.agentId, names.agent)}`);
  if (f.avp !== undefined) parts.push(`AVP: #${f.avp}`);
  if (f.compare) parts.push(comparedWith(f.compare));
  return parts.join(' · ');
}

/** The schedule's filters of a report request: its criteria, sort and comparison, without dates or paging. */
export function scheduleFiltersOf(
  body: Omit<TReportCriteria, 'avp' | 'sortAsc'> & { avp?: number | string; sortAsc?: boolean | string },
): TReportCriteria {
  const { groupBy, siteId, typeId, companyId, agentId, sortField, compare } = body;
  const avp = body.avp === undefined ? undefined : Number(body.avp);
  const sortAsc = typeof body.sortAsc === 'string' ? body.sortAsc === 'true' : body.sortAsc;
  const all: TReportCriteria = {
    groupBy,
    siteId,
    typeId,
    companyId,
    agentId,
    avp,
    sortField,
    sortAsc,
    compare,
  };
  return Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined)) as TReportCriteria;
}
