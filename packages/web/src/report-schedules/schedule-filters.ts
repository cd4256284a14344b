// A scheduled report's filters in one line ('By agent · Site: Lovely Dates · Office: Cebu'), and the
// filters of a report page as a schedule keeps them (no dates: each send covers the range just ended).
import { STATS_COMPARE_LABELS, STATS_GROUP_LABELS, type TReportCriteria } from '@salesdesk/contract';

export type FilterNames = { site?: string; office?: string; agent?: string };

export function scheduleFiltersSummary(f: TReportCriteria, names: FilterNames): string {
  const named = (id: number, name: string | undefined) => name ?? `#${id}`;
  const parts: string[] = [];
  if (f.groupBy) parts.push(`By ${STATS_GROUP_LABELS[f.groupBy].toLowerCase()}`);
  parts.push(`Site: ${f.siteId === undefined ? 'All' : named(f.siteId, names.site)}`);
  if (f.typeId !== undefined) parts.push(`Type: #${f.typeId}`);
  if (f.companyId !== undefined) parts.push(`Office: ${named(f.companyId, names.office)}`);
  if (f.agentId !== undefined) parts.push(`Agent: ${named(f.agentId, names.agent)}`);
  if (f.avp !== undefined) parts.push(`AVP: #${f.avp}`);
  if (f.compare) parts.push(`Compared with: ${STATS_COMPARE_LABELS[f.compare].toLowerCase()}`);
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
