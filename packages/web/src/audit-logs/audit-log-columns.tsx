// The columns of /app/logs/audit: time (sortable, Eastern), who (and the admin behind a remote login, or
// the API key a write was made with, by its name and first characters), role, what happened in words (the route only in the CSV), the changes, address and browser.
import { AUDIT_LOG_HEADERS, formatDateTime, formatRole, type TAuditLogRow } from '@salesdesk/contract';
import type { DataColumn } from '../ui/data-table';
import { AuditChanges } from './audit-changes';

const h = AUDIT_LOG_HEADERS;

export const auditLogColumns: DataColumn<TAuditLogRow, 'time'>[] = [
  { id: 'time', header: h.time, sortable: true, cell: (r) => formatDateTime(r.time) },
  { id: 'username', header: h.username, cell: (r) => r.username },
  { id: 'role', header: h.role, cell: (r) => (r.role === null ? '' : formatRole(r.role)) },
  { id: 'impersonator', header: h.impersonator, priority: 'low', cell: (r) => r.impersonator },
  { id: 'apiKey', header: h.apiKey, priority: 'low', cell: (r) => r.apiKey },
  { id: 'description', header: h.description, cell: (r) => r.description, wrap: true, width: 320 },
  {
    id: 'changes',
    header: h.changes,
    wrap: true,
    width: 380,
    cell: (r) => <AuditChanges changes={r.changes} count={r.changeCount} />,
  },
  { id: 'ip', header: h.ip, priority: 'low', cell: (r) => r.ip },
  { id: 'userAgent', header: h.userAgent, cell: (r) => r.userAgent, wrap: true, priority: 'low', width: 260 },
];
