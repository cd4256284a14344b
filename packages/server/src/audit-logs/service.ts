// Audit log rules: a superadmin reads every row, an admin the rows about offices, agents, sites and money
// and about its own API keys (audit-logs/sql.ts); each row comes with its first changes, each field labelled and formatted as its
// screen shows it, and only the fields the viewer may see there (an admin without the earnings permission
// never receives an earning), and says what happened in words (contract AUDIT_ACTIONS). The CSV holds
// the same words beside the route and the raw values, for machines.
import {
  AUDIT_LOG_CSV_HEADERS,
  AUDIT_LOG_HEADERS,
  AUDIT_OPS,
  AUDIT_TABLES,
  auditChangeTitle,
  auditFieldLabel,
  auditFieldText,
  auditFieldVisible,
  auditTableLabel,
  auditTargetText,
  describeAuditEntry,
  formatAuditValue,
  formatDateTime,
  formatRole,
  type AuditViewer,
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

/** A changed row in words: its table's label and its name (a system option by its name's words). */
function rowTitle(table: string, key: string, op: TAuditChange['op'], name: string | null) {
  const shown = table === 'options' ? auditFieldLabel('', key) : (name ?? key);
  return auditChangeTitle(auditTableLabel(table), shown, op);
}

/**
 * The field lines of each row's changes, grouped by row and change in their order, each field kept only
 * when the viewer may see it on its own screen.
 */
function groupChanges(fields: AuditFieldRecord[], viewer: AuditViewer): Map<number, TAuditChange[]> {
  const byRow = new Map<number, TAuditChange[]>();
  let last: { changeId: string; change: TAuditChange } | undefined;
  for (const f of fields) {
    const changeId = String(f.change_id);
    if (last?.changeId !== changeId) {
      const op = isOp(f.op) ? f.op : 'update';
      const change = { table: f.table_name, key: f.row_key, op, title: '', fields: [] };
      last = { changeId, change };
      const rowId = Number(f.audit_id);
      byRow.set(rowId, [...(byRow.get(rowId) ?? []), change]);
    }
    if (f.name === null || !auditFieldVisible(f.table_name, f.name, viewer)) continue;
    last.change.fields.push({
      name: f.name,
      label: auditFieldLabel(f.table_name, f.name),
      before: f.before,
      after: f.after,
      beforeText: formatAuditValue(f.table_name, f.name, f.before, f.row_key),
      afterText: formatAuditValue(f.table_name, f.name, f.after, f.row_key),
    });
  }
  for (const changes of byRow.values())
    for (const c of changes) {
      // In the order the table's fields are declared (the screen's order), not by column name.
      const order = Object.keys(AUDIT_TABLES[c.table]?.fields ?? {});
      const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
      c.fields.sort((a, b) => rank(a.name) - rank(b.name));
      const column = AUDIT_TABLES[c.table]?.nameColumn;
      const name = c.fields.find((x) => x.name === column);
      c.title = rowTitle(c.table, c.key, c.op, name?.afterText ?? name?.beforeText ?? null);
    }
  return byRow;
}

async function withChanges(db: Queryable, records: AuditLogRecord[], viewer: AuditViewer) {
  const changes = groupChanges(
    await changesOf(
      db,
      records.map((r) => r.id),
    ),
    viewer,
  );
  return records.map((r) => {
    const shown = changes.get(Number(r.id)) ?? [];
    return { record: r, changes: shown, description: describe(r, shown) };
  });
}

/** The row in words, from its route's declaration (contract AUDIT_ACTIONS) and the fields shown. */
function describe(r: AuditLogRecord, changes: TAuditChange[]): string {
  const optionName = r.target_type === 'option' && r.target_id ? auditFieldLabel('', r.target_id) : null;
  return describeAuditEntry({
    action: r.action,
    targetType: r.target_type,
    targetId: r.target_id,
    targetName: optionName ?? r.target_name,
    detail: r.detail,
    changes,
  });
}

function toRow(r: AuditLogRecord, changes: TAuditChange[], description: string): TAuditLogRow {
  return {
    id: Number(r.id),
    time: new Date(r.time).toISOString(),
    accountId: r.account_id,
    username: r.username,
    role: r.role,
    impersonatedBy: r.impersonated_by,
    impersonator: r.impersonator,
    apiKey: r.api_key,
    ip: r.ip,
    userAgent: r.user_agent,
    action: r.action,
    description,
    targetType: r.target_type,
    targetId: r.target_id,
    detail: r.detail,
    changes,
    changeCount: r.change_count,
  };
}

export async function listAuditLogs(ctx: AppContext, p: Principal, q: TAuditLogSearch) {
  const { items, total } = await searchAuditLogs(ctx.db, p, q);
  const rows = await withChanges(ctx.db, items, p);
  return { items: rows.map((r) => toRow(r.record, r.changes, r.description)), total };
}

/** A row's changes in one cell, as the screen shows them: `Custom rate ... changed: Payout: ₱100 → ₱125`. */
function changesText(changes: TAuditChange[], count: number): string {
  const lines = changes.map((c) => [c.title, ...c.fields.map(auditFieldText)].join('; '));
  if (count > changes.length) lines.push(`and ${count - changes.length} more`);
  return lines.join('\n');
}

/** The same changes for machines: table, key, op and the raw values of the fields shown. */
function rawChanges(changes: TAuditChange[]): string {
  if (!changes.length) return '';
  return JSON.stringify(
    changes.map((c) => ({
      table: c.table,
      key: c.key,
      op: c.op,
      before: Object.fromEntries(c.fields.map((f) => [f.name, f.before])),
      after: Object.fromEntries(c.fields.map((f) => [f.name, f.after])),
    })),
  );
}

type ExportRow = { record: AuditLogRecord; changes: TAuditChange[]; description: string };
const h = AUDIT_LOG_HEADERS;
const m = AUDIT_LOG_CSV_HEADERS;
const CSV_COLUMNS: CsvColumn<ExportRow>[] = [
  { header: h.time, value: ({ record: r }) => formatDateTime(r.time) },
  { header: h.username, value: ({ record: r }) => r.username },
  { header: h.role, value: ({ record: r }) => (r.role === null ? '' : formatRole(r.role)) },
  { header: h.impersonator, value: ({ record: r }) => r.impersonator },
  { header: h.ip, value: ({ record: r }) => r.ip },
  { header: h.description, value: ({ description }) => description },
  { header: h.changes, value: ({ record, changes }) => changesText(changes, record.change_count) },
  { header: h.userAgent, value: ({ record: r }) => r.user_agent },
  { header: m.route, value: ({ record: r }) => r.action },
  { header: m.target, value: ({ record: r }) => auditTargetText(r.target_type, r.target_id) },
  { header: m.detail, value: ({ record: r }) => r.detail },
  { header: m.rawChanges, value: ({ changes }) => rawChanges(changes) },
  { header: h.apiKey, value: ({ record: r }) => r.api_key },
];

async function* exportRows(db: Queryable, p: Principal, q: TAuditLogSearch) {
  for await (const chunk of auditLogChunks(db, p, q)) yield await withChanges(db, chunk, p);
}

export function exportAuditLogs(ctx: AppContext, p: Principal, q: TAuditLogSearch, reply: FastifyReply) {
  return sendCsv(reply, csvFileName(['audit-log', q.start, q.end]), CSV_COLUMNS, exportRows(ctx.db, p, q));
}
