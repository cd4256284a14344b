// Calls of the report pages: the report itself, the AVP pay schedule, and the criteria form's options
// (the caller's sites, a site's link types, offices and agents).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  STATS_CALLS,
  type TAgentOption,
  type TAvpPeriod,
  type TCompanyOption,
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

export function useStatsOffices(enabled: boolean) {
  return useQuery({
    queryKey: ['companies', 'options'],
    queryFn: () => apiFetch<TCompanyOption[]>('GET', 'companies'),
    enabled,
  });
}

/** Agents for the agent filter: available plus suspended ones, of the chosen office when there is one. */
export function useStatsAgents(companyId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['companies', 'agents', 'AvailablePlusSuspended', companyId ?? null],
    queryFn: () =>
      apiFetch<TAgentOption[]>('GET', 'companies/agents', undefined, {
        query: { companyId, agentsQuery: 'AvailablePlusSuspended' },
      }),
    enabled,
  });
}
