// Calls of the login logs page.
import type { TList, TListQuery, TLoginLogRow, TLoginLogSearchInput } from '@salesdesk/contract';
import { apiFetch } from '../api/client';
import { flatListBody } from '../api/list-body';

export const LOGIN_LOGS_KEY = ['login-logs'] as const;

/** The list state's criteria are the flat filters of the request (companyId, agentId, ipAddress, start, end). */
export const loginLogsBody = (query: TListQuery) => flatListBody<TLoginLogSearchInput>(query);

export const searchLoginLogs = (query: TListQuery, signal?: AbortSignal) =>
  apiFetch<TList<TLoginLogRow>>('POST', 'login-logs/search', loginLogsBody(query), { signal });
