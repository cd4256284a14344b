// The columns of /app/logs/audit: time (sortable), who (and the admin behind a remote login), role,
// address, browser, action, target, event and the changes.
import {
  AUDIT_LOG_HEADERS,
  auditTargetText,
  formatDateTime,
  formatRole,
  type TAuditLogRow,
} from '@salesdesk/contract';
import type { DataColumn } from '../ui/data-table';
import { AuditChanges } from './audit-changes';

const h = AUDIT_LOG_HEADERS;

export const auditLogColumns: DataColumn<TAuditLogRow, 'time'>[] = [
  { id: 'time', header: h.time, sortable: true, cell: (r) => formatDateTime(r.time) },
  { id: 'username', header: h.username, cell: (r) => r.username },
  { id: 'role', header: h.role, cell: (r) => (r.role === null ? '' : formatRole(r.role)) },
  { id: 'impersonator', header: h.impersonator, cell: (r) => r.impersonator },
  { id: 'ip', header: h.ip, cell: (r) => r.ip },
  { id: 'action', header: h.action, cell: (r) => r.action },
  { id: 'target', header: h.target, cell: (r) => auditTargetText(r.targetType, r.targetId) },
  { id: 'detail', header: h.detail, cell: (r) => r.detail, wrap: true },
  {
    id: 'changes',
    header: h.changes,
    wrap: true,
    width: 420,
    cell: (r) => <AuditChanges changes={r.changes} count={r.changeCount} />,
  },
  { id: 'userAgent', header: h.userAgent, cell: (r) => r.userAgent, wrap: true, width: 260 },
];
