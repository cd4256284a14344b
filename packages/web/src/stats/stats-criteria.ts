// The report criteria as they live in the URL (groupBy, siteId, typeId, companyId, agentId, avp, start,
// end, page, pageSize, sortField, sortAsc), the request they make, and the one-line summary.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  avpFilterLabel,
  DEFAULT_PAGE_SIZE,
  defaultStatsGroupBy,
  formatPeriod,
  isAvpKind,
  isDateRangeValid,
  MAX_PAGE_SIZE,
  STATS_COMPARE,
  STATS_FILTERS,
  STATS_GROUP_LABELS,
  STATS_SORT_FIELDS,
  statsGroupings,
  type TAvpPeriod,
  type TPeriod,
  type TStatsFilter,
  type TStatsGroupBy,
  type TStatsKind,
  type TStatsSortField,
} from '@salesdesk/contract';
import type { StatsBody } from './stats-api';

export type StatsFilters = Partial<Record<TStatsFilter, string>>;

const isId = (v: string | undefined): v is string => !!v && /^[1-9]\d{0,9}$/.test(v);
const isIndex = (v: string | undefined): v is string => !!v && /^(0|[1-9]\d{0,9})$/.test(v);
const positive = (raw: string | null, fallback: number, max: number) => {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
};

/** The criteria of the form: the URL's, the stored range or the default period, the role's grouping. */
export function criteriaOf(kind: TStatsKind, role: number, filters: StatsFilters, period: TPeriod) {
  const allowed = statsGroupings(kind, role);
  const groupBy = allowed.find((g) => g === filters.groupBy) ?? defaultStatsGroupBy(kind, role);
  const range = isDateRangeValid(filters.start, filters.end)
    ? { start: filters.start!, end: filters.end! }
    : period;
  return {
    groupBy,
    ...range,
    siteId: isId(filters.siteId) ? filters.siteId : undefined,
    typeId: isId(filters.siteId) && isId(filters.typeId) ? filters.typeId : undefined,
    companyId: isId(filters.companyId) ? filters.companyId : undefined,
    agentId: isId(filters.agentId) ? filters.agentId : undefined,
    avp: isAvpKind(kind) && isIndex(filters.avp) ? filters.avp : undefined,
    // The AVP pages and the detail grouping compare nothing.
    compare:
      !isAvpKind(kind) && groupBy !== 'detail' ? STATS_COMPARE.find((c) => c === filters.compare) : undefined,
  };
}
export type StatsCriteria = ReturnType<typeof criteriaOf>;

/** The request of the criteria (ids as numbers). */
export function statsBody(
  c: StatsCriteria,
  page: { page: number; pageSize: number; sortField?: TStatsSortField; sortAsc?: boolean },
): StatsBody {
  const id = (v: string | undefined) => (v === undefined ? undefined : Number(v));
  return {
    groupBy: c.groupBy,
    start: c.start,
    end: c.end,
    siteId: id(c.siteId),
    typeId: id(c.typeId),
    companyId: id(c.companyId),
    agentId: id(c.agentId),
    avp: id(c.avp),
    compare: c.compare,
    ...page,
  };
}

/** Page, page size and sort in the URL; a search keeps the sort unless the grouping (or, on Sites, the site) changes. */
export function useStatsUrl(kind: TStatsKind) {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const state = useMemo(() => {
    const filters: StatsFilters = {};
    for (const f of STATS_FILTERS) {
      const v = params.get(f);
      if (v?.trim()) filters[f] = v.trim();
    }
    const sortField = params.get('sortField');
    return {
      filters,
      page: positive(params.get('page'), 1, 1_000_000),
      pageSize: positive(params.get('pageSize'), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
      sortField: (STATS_SORT_FIELDS as readonly string[]).includes(sortField ?? '')
        ? (sortField as TStatsSortField)
        : undefined,
      sortAsc: params.get('sortAsc') === null ? undefined : params.get('sortAsc') === 'true',
    };
    // `key` stands for the content of params.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const search = useCallback(
    (next: StatsCriteria, current: StatsCriteria) =>
      setParams((prev) => {
        const out = new URLSearchParams(prev);
        for (const f of STATS_FILTERS) {
          const v = next[f];
          if (v) out.set(f, v);
          else out.delete(f);
        }
        out.delete('page');
        const resort =
          next.groupBy !== current.groupBy || (kind === 'sites' && next.siteId !== current.siteId);
        if (resort) {
          out.delete('sortField');
          out.delete('sortAsc');
        }
        return out;
      }),
    [kind, setParams],
  );
  const setPage = useCallback(
    (page: number) =>
      setParams((prev) => {
        const out = new URLSearchParams(prev);
        if (page > 1) out.set('page', String(page));
        else out.delete('page');
        return out;
      }),
    [setParams],
  );
  const setSort = useCallback(
    (field: TStatsSortField, asc: boolean) =>
      setParams((prev) => {
        const out = new URLSearchParams(prev);
        out.set('sortField', field);
        out.set('sortAsc', String(asc));
        return out;
      }),
    [setParams],
  );
  return { ...state, search, setPage, setSort };
}

export interface SummaryNames {
  site?: string;
  type?: string;
  office?: string;
  agent?: string;
  avp?: TAvpPeriod;
  /** The AVP sites (the AVP pages' site list): 'All' alone would not say that only these are counted. */
  avpSites?: string[];
}

/** 'All AVP sites (Lovely Dates, Casino Stars)': what an AVP page counts with no site chosen. */
function allAvpSites(names: string[] | undefined): string {
  return names?.length ? `All AVP sites (${names.join(', ')})` : 'All AVP sites';
}

/** 'Period: 2026-11-22 - 2026-11-28 · Site: All · Type: All · Office: All · Agent: All · By date'. */
export function statsSummary(
  kind: TStatsKind,
  c: StatsCriteria,
  n: SummaryNames,
  show: { office: boolean; agent: boolean },
): string {
  const named = (id: string | undefined, name: string | undefined) => (id ? (name ?? `#${id}`) : 'All');
  const site = isAvpKind(kind) && !c.siteId ? allAvpSites(n.avpSites) : named(c.siteId, n.site);
  const parts = [`Period: ${formatPeriod(c)}`, `Site: ${site}`, `Type: ${named(c.typeId, n.type)}`];
  if (show.office) parts.push(`Office: ${named(c.companyId, n.office)}`);
  if (show.agent) parts.push(`Agent: ${named(c.agentId, n.agent)}`);
  if (isAvpKind(kind) && c.avp !== undefined)
    parts.push(`AVP: ${n.avp ? avpFilterLabel(n.avp) : `#${c.avp}`}`);
  parts.push(`By ${STATS_GROUP_LABELS[c.groupBy as TStatsGroupBy].toLowerCase()}`);
  return parts.join(' · ');
}
