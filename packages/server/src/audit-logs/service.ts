// Audit log rules: a superadmin reads every row, an admin the rows about offices, agents, sites and money
// (audit-logs/sql.ts); each row comes with its first changes, field by field. The CSV holds every
// matching row with the screen's columns, its changes as one cell.
import {
  AUDIT_LOG_HEADERS,
  AUDIT_OPS,
  auditChangeTitle,
  auditFieldText,
  auditTargetText,
  formatDateTime,
  formatRole,
  type TAuditChange,
  type TAuditLogRow,
  type TAuditLogSearch,
} from '@salesdesk/contract';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import { csvFileName, sendCsv, type CsvColumn } from '../common/csv';
import type { Principal } from '../http/auth';
import {
  auditLogChunks,
  changesOf,
  searchAuditLogs,
  type AuditFieldRecord,
  type AuditLogRecord,
} from './sql';

const isOp = (op: string): op is TAuditChange['op'] => (AUDIT_OPS as readonly string[]).includes(op);

/** The field lines of each row's changes, grouped by row and change in their order. */
function groupChanges(fields: AuditFieldRecord[]): Map<number, TAuditChange[]> {
  const byRow = new Map<number, TAuditChange[]>();
  let last: { changeId: string; change: TAuditChange } | undefined;
  for (const f of fields) {
    const changeId = String(f.change_id);
    if (last?.changeId !== changeId) {
      const change = { table: f.table_name, key: f.row_key, op: isOp(f.op) ? f.op : 'update', fields: [] };
      last = { changeId, change };
      const rowId = Number(f.audit_id);
      byRow.set(rowId, [...(byRow.get(rowId) ?? []), change]);
    }
    if (f.name !== null) last.change.fields.push({ name: f.name, before: f.before, after: f.after });
  }
  return byRow;
}

async function withChanges(db: Queryable, records: AuditLogRecord[]) {
  const changes = groupChanges(
    await changesOf(
      db,
      records.map((r) => r.id),
    ),
  );
  return records.map((r) => ({ record: r, changes: changes.get(Number(r.id)) ?? [] }));
}

function toRow(r: AuditLogRecord, changes: TAuditChange[]): TAuditLogRow {
  return {
    id: Number(r.id),
    time: new Date(r.time).toISOString(),
    accountId: r.account_id,
    username: r.username,
    role: r.role,
    impersonatedBy: r.impersonated_by,
    impersonator: r.impersonator,
    ip: r.ip,
    userAgent: r.user_agent,
    action: r.action,
    targetType: r.target_type,
    targetId: r.target_id,
    detail: r.detail,
    changes,
    changeCount: r.change_count,
  };
}

export async function listAuditLogs(ctx: AppContext, p: Principal, q: TAuditLogSearch) {
  const { items, total } = await searchAuditLogs(ctx.db, p, q);
  const rows = await withChanges(ctx.db, items);
  return { items: rows.map(({ record, changes }) => toRow(record, changes)), total };
}

/** A row's changes in one cell: `office_fees 5/3 changed: payout: 1.00 → 2.00; ...`, one change a line. */
function changesText(changes: TAuditChange[], count: number): string {
  const lines = changes.map((c) => `${auditChangeTitle(c)}: ${c.fields.map(auditFieldText).join('; ')}`);
  if (count > changes.length) lines.push(`and ${count - changes.length} more`);
  return lines.join('\n');
}

type ExportRow = { record: AuditLogRecord; changes: TAuditChange[] };
const h = AUDIT_LOG_HEADERS;
const CSV_COLUMNS: CsvColumn<ExportRow>[] = [
  { header: h.time, value: ({ record: r }) => formatDateTime(r.time) },
  { header: h.username, value: ({ record: r }) => r.username },
  { header: h.role, value: ({ record: r }) => (r.role === null ? '' : formatRole(r.role)) },
  { header: h.impersonator, value: ({ record: r }) => r.impersonator },
  { header: h.ip, value: ({ record: r }) => r.ip },
  { header: h.userAgent, value: ({ record: r }) => r.user_agent },
  { header: h.action, value: ({ record: r }) => r.action },
  { header: h.target, value: ({ record: r }) => auditTargetText(r.target_type, r.target_id) },
  { header: h.detail, value: ({ record: r }) => r.detail },
  { header: h.changes, value: ({ record, changes }) => changesText(changes, record.change_count) },
];

async function* exportRows(db: Queryable, p: Principal, q: TAuditLogSearch) {
  for await (const chunk of auditLogChunks(db, p, q)) yield await withChanges(db, chunk);
}

export function exportAuditLogs(ctx: AppContext, p: Principal, q: TAuditLogSearch, reply: FastifyReply) {
  return sendCsv(reply, csvFileName(['audit-log', q.start, q.end]), CSV_COLUMNS, exportRows(ctx.db, p, q));
}
