// The click log call (POST click-outs/search) and its export's body.
import type { TClickLogList, TClickLogSearchInput, TListQuery } from '@salesdesk/contract';
import { apiFetch } from '../api/client';
import { flatListBody } from '../api/list-body';

export const CLICK_LOGS_KEY = ['click-logs'] as const;
export const CLICK_LOGS_EXPORT = 'click-outs/export';

export const clickLogsBody = (query: TListQuery) => flatListBody<TClickLogSearchInput>(query);

export const searchClickLogs = (query: TListQuery, signal?: AbortSignal) =>
  apiFetch<TClickLogList>('POST', 'click-outs/search', clickLogsBody(query), { signal });
