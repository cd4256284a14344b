// Calls of the login logs page.
import type { TList, TListQuery, TLoginLogRow, TLoginLogSearchInput } from '@salesdesk/contract';
import { apiFetch } from '../api/client';

export const LOGIN_LOGS_KEY = ['login-logs'] as const;

/** The list state's criteria are the flat filters of the request (companyId, agentId, ipAddress, start, end). */
export function loginLogsBody(query: TListQuery): TLoginLogSearchInput {
  const filters = Object.fromEntries(query.criteria.map((c) => [c.field, c.value]));
  return {
    page: query.page,
    pageSize: query.pageSize,
    sortField: query.sortField as TLoginLogSearchInput['sortField'],
    sortAsc: query.sortAsc,
    ...filters,
  };
}

export const searchLoginLogs = (query: TListQuery, signal?: AbortSignal) =>
  apiFetch<TList<TLoginLogRow>>('POST', 'login-logs/search', loginLogsBody(query), { signal });
