// The option lists behind the office, agent and site selects of forms and filters: one query each,
// so every page that offers the same choice shares its cache.
import { useQuery } from '@tanstack/react-query';
import type { TAgentOption, TCompaniesAgentsMode, TCompanyOption, TSiteOption } from '@salesdesk/contract';
import { apiFetch } from './client';

/** The offices the caller may see (admins: all of them), for an office select. */
export function useOfficeOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['companies', 'options'],
    queryFn: () => apiFetch<TCompanyOption[]>('GET', 'companies'),
    enabled,
  });
}

/**
 * The agents of the chosen office, or every agent the caller may see; `mode` as the call names it
 * (the statistics offer available plus suspended agents).
 */
export function useAgentOptions(
  companyId: string | undefined,
  { mode = 'All', enabled = true }: { mode?: TCompaniesAgentsMode; enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: ['companies', 'agents', mode, companyId ?? null],
    queryFn: () =>
      apiFetch<TAgentOption[]>('GET', 'companies/agents', undefined, {
        query: { companyId, agentsQuery: mode === 'All' ? undefined : mode },
      }),
    enabled,
  });
}

/** The sites the caller may see, suspended ones too when asked. */
export function useSiteOptions(withSuspended = false) {
  return useQuery({
    queryKey: ['sites', 'options', withSuspended],
    queryFn: () =>
      apiFetch<TSiteOption[]>('GET', 'sites', undefined, {
        query: { withSuspended: withSuspended ? 1 : undefined },
      }),
  });
}
