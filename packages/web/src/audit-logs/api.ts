// The audit log call (POST audit-logs) and its export's body.
import type { TAuditLogRow, TAuditLogSearchInput, TList, TListQuery } from '@salesdesk/contract';
import { apiFetch } from '../api/client';
import { flatListBody } from '../api/list-body';

export const AUDIT_LOGS_KEY = ['audit-logs'] as const;
export const AUDIT_LOGS_EXPORT = 'audit-logs/export';

export const auditLogsBody = (query: TListQuery) => flatListBody<TAuditLogSearchInput>(query);

export const searchAuditLogs = (query: TListQuery, signal?: AbortSignal) =>
  apiFetch<TList<TAuditLogRow>>('POST', 'audit-logs', auditLogsBody(query), { signal });
