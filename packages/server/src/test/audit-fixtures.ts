// What the audit tests read: the audit rows written since a mark, and a row's changes.
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { queryOne, queryRows } from '../db/client';

export interface AuditRecord {
  id: number;
  account_id: number | null;
  username: string | null;
  role: number | null;
  impersonated_by: number | null;
  impersonator: string | null;
  ip: string;
  user_agent: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  detail: string | null;
}

export interface ChangeRecord {
  table_name: string;
  row_key: string;
  op: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** The newest audit row's id: rows written after it are the test's own (a worker's files run one by one). */
export async function auditMark(ctx: AppContext): Promise<number> {
  const row = await queryOne<{ id: string }>(ctx.db, sql`select coalesce(max(id), 0) as id from audit_logs`);
  return Number(row?.id ?? 0);
}

export async function auditRowsSince(ctx: AppContext, mark: number): Promise<AuditRecord[]> {
  const rows = await queryRows<AuditRecord & { id: string }>(
    ctx.db,
    sql`select * from audit_logs where id > ${mark} order by id`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

export const changesOf = (ctx: AppContext, auditId: number) =>
  queryRows<ChangeRecord>(
    ctx.db,
    sql`select table_name, row_key, op, before, after from audit_changes where audit_id = ${auditId} order by id`,
  );

/** Every audit row and change written after `mark`, as one text (to look for secrets in). */
export async function auditTextSince(ctx: AppContext, mark: number): Promise<string> {
  const rows = await queryRows<{ t: string }>(
    ctx.db,
    sql`select coalesce(jsonb_agg(to_jsonb(l) || jsonb_build_object('changes',
               (select jsonb_agg(to_jsonb(c)) from audit_changes c where c.audit_id = l.id))), '[]')::text as t
        from audit_logs l where l.id > ${mark}`,
  );
  return rows[0]?.t ?? '';
}
