// Calls and hooks of the login logs page and the office and agent filters the log pages share.
import { useQuery } from '@tanstack/react-query';
import type {
  TAgentOption,
  TCompanyOption,
  TList,
  TListQuery,
  TLoginLogRow,
  TLoginLogSearchInput,
} from '@salesdesk/contract';
import { apiFetch } from '../api/client';
import { flatListBody } from './list-body';

export const LOGIN_LOGS_KEY = ['login-logs'] as const;

/** The list state's criteria are the flat filters of the request (companyId, agentId, ipAddress, start, end). */
export const loginLogsBody = (query: TListQuery) => flatListBody<TLoginLogSearchInput>(query);

export const searchLoginLogs = (query: TListQuery, signal?: AbortSignal) =>
  apiFetch<TList<TLoginLogRow>>('POST', 'login-logs/search', loginLogsBody(query), { signal });

/** Offices for the office filter (admins: all of them). */
export function useCompanyOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['companies', 'options'],
    queryFn: () => apiFetch<TCompanyOption[]>('GET', 'companies'),
    enabled,
  });
}

/** Agents for the agent filter: of the chosen office, or every agent the caller may see. */
export function useAgentOptions(companyId: string | undefined) {
  return useQuery({
    queryKey: ['companies', 'agents', companyId ?? null],
    queryFn: () => apiFetch<TAgentOption[]>('GET', 'companies/agents', undefined, { query: { companyId } }),
  });
}
