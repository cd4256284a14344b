// The postback log call (POST postback-logs) and its export's body.
import type { TList, TListQuery, TPostbackLogRow, TPostbackLogSearchInput } from '@salesdesk/contract';
import { apiFetch } from '../api/client';
import { flatListBody } from '../api/list-body';

export const POSTBACK_LOGS_KEY = ['postback-logs'] as const;
export const POSTBACK_LOGS_EXPORT = 'postback-logs/export';

export const postbackLogsBody = (query: TListQuery) => flatListBody<TPostbackLogSearchInput>(query);

export const searchPostbackLogs = (query: TListQuery, signal?: AbortSignal) =>
  apiFetch<TList<TPostbackLogRow>>('POST', 'postback-logs', postbackLogsBody(query), { signal });
