import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { OPTION_NAMES } from '@salesdesk/contract';
import { queryRows } from '../db/client';
import { options } from '../db/schema';
import { testEnv, type TestEnv } from '../test/harness';
import { trimAuditLog } from './audit-log-retention';

let env: TestEnv;
beforeAll(async () => {
  env = await testEnv();
});

const NOW = new Date();
const daysBefore = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();
const setDays = (value: string) =>
  env.ctx.db
    .insert(options)
    .values({ name: OPTION_NAMES.auditLogDays, value })
    .onConflictDoUpdate({ target: options.name, set: { value } });

/** Audit rows at the given ages, each with one change; answers their ids, oldest last. */
async function rowsAged(days: number[]) {
  const ids: number[] = [];
  for (const d of days) {
    const [row] = await queryRows<{ id: string }>(
      env.ctx.db,
      sql`insert into audit_logs (time, ip, action) values (${daysBefore(d)}::timestamptz, '10.0.0.1', 'retention test')
          returning id`,
    );
    await env.ctx.db.execute(
      sql`insert into audit_changes (audit_id, table_name, row_key, op, after)
          values (${row.id}::bigint, 'news', '1', 'insert', '{}')`,
    );
    ids.push(Number(row.id));
  }
  return ids;
}

const remaining = async (ids: number[]) => {
  const list = sql.join(
    ids.map((id) => sql`${id}::bigint`),
    sql`, `,
  );
  const logs = await queryRows<{ id: string }>(
    env.ctx.db,
    sql`select id from audit_logs where id in (${list})`,
  );
  const changes = await queryRows<{ id: string }>(
    env.ctx.db,
    sql`select audit_id as id from audit_changes where audit_id in (${list})`,
  );
  return { logs: logs.map((r) => Number(r.id)).sort(), changes: changes.map((r) => Number(r.id)).sort() };
};

describe('trimAuditLog', () => {
  it('keeps two years unless the option says otherwise, deleting rows with their changes', async () => {
    const ids = await rowsAged([1, 29, 31, 729, 731, 2000]);
    await trimAuditLog(env.ctx.db, NOW);
    expect(await remaining(ids)).toEqual({ logs: ids.slice(0, 4), changes: ids.slice(0, 4) });
    await setDays('30');
    await trimAuditLog(env.ctx.db, NOW);
    expect(await remaining(ids)).toEqual({ logs: ids.slice(0, 2), changes: ids.slice(0, 2) });
    // A value edited by hand that is not a count of days: the default.
    await setDays('0');
    await trimAuditLog(env.ctx.db, NOW);
    expect((await remaining(ids)).logs).toEqual(ids.slice(0, 2));
    await setDays('730');
  });

  it('deletes in batches until none is left past the retention', async () => {
    const ids = await rowsAged(Array.from({ length: 7 }, () => 800));
    const n = await trimAuditLog(env.ctx.db, NOW, { batch: 3 });
    expect(n).toBeGreaterThanOrEqual(7);
    expect(await remaining(ids)).toEqual({ logs: [], changes: [] });
  });
});
