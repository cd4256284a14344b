// Calls of the report pages: the report itself, the AVP pay schedule, and the criteria form's options
// (the caller's sites, a site's link types, offices and agents).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  STATS_CALLS,
  type TAvpPeriod,
  type TStatsKind,
  type TStatsResult,
  type TStatsSearchInput,
  type TStatsSiteOption,
  type TStatsTypeOption,
} from '@salesdesk/contract';
import { apiFetch } from '../api/client';

export const STATS_KEY = ['stats'] as const;

export type StatsBody = TStatsSearchInput & { page: number; pageSize: number };

/** The report of the URL's criteria; the previous answer stays on screen while the next one loads. */
export function useStatsReport(kind: TStatsKind, body: StatsBody) {
  return useQuery({
    queryKey: [...STATS_KEY, kind, body],
    queryFn: ({ signal }) => apiFetch<TStatsResult>('POST', STATS_CALLS[kind], body, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAvpPeriods(enabled: boolean) {
  return useQuery({
    queryKey: [...STATS_KEY, 'avp-periods'],
    queryFn: () => apiFetch<TAvpPeriod[]>('GET', 'avp-periods'),
    enabled,
  });
}

/** The caller's sites; on the AVP pages only AVP sites. */
export function useStatsSites(avp: boolean) {
  return useQuery({
    queryKey: [...STATS_KEY, 'sites', avp],
    queryFn: () => apiFetch<TStatsSiteOption[]>('GET', 'stats/site-options', undefined, { query: { avp } }),
  });
}

/** The link types of the chosen site, by typename. */
export function useStatsTypes(siteId: string | undefined) {
  return useQuery({
    queryKey: [...STATS_KEY, 'types', siteId ?? null],
    queryFn: () => apiFetch<TStatsTypeOption[]>('GET', `stats/site-options/${siteId}/types`),
    enabled: !!siteId,
  });
}
