// Migration 0012 keeps every row: a database migrated up to 0011 and filled with the demo data (months of
// clicks and sales, the postback log), then migrated: the same rows of clicks and postback_logs (counts
// and digests), each in its month's partition, none in the default ones, and the other tables untouched.
import { describe, expect, it } from 'vitest';
import { seedDemo } from '../demo/data';
import { testContext } from '../test/harness';
import { freshStore, tempDirs } from '../test/migration-stores';
import { closeTracking } from '../tracking/runtime';
import { INVALID_COUNTERS } from '../rollups/increments';
import { openDatabase, queryOne, queryRows, sql, type Database } from './client';

const LAST_BEFORE = '0011_job_runs';
const tempDir = tempDirs();

const TABLES = ['clicks', 'postback_logs', 'sales', 'stats_daily', 'accounts', 'pay_periods', 'audit_logs'];

const DIGESTED = ['clicks', 'postback_logs'];

/** The columns each digested table has now: a later migration's new column is not compared. */
async function columnsOf(db: Database['db']): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const t of DIGESTED) {
    const cols = await queryRows<{ name: string }>(
      db,
      sql`select column_name as name from information_schema.columns
          where table_schema = 'public' and table_name = ${t} order by ordinal_position`,
    );
    out[t] = cols.map((c) => `"${c.name}"`).join(', ');
  }
  return out;
}

/** Every table's row count and a digest of clicks and postback_logs (`cols`), row by row in id order. */
async function contents(db: Database['db'], cols: Record<string, string>) {
  const out: Record<string, unknown> = {};
  for (const t of TABLES) out[t] = await queryOne(db, sql.raw(`select count(*)::int as n from ${t}`));
  for (const t of DIGESTED)
    out[`${t} digest`] = await queryOne(
      db,
      sql.raw(`select md5(string_agg(row(${cols[t]})::text, '|' order by id)) as md5, max(id)::text as last
               from ${t} t`),
    );
  return out;
}

// Columns the demo writes that later migrations add: stand-ins while it seeds the older schema.
const LATER_COLUMNS = [
  ['sales', 'agent_note', 'text'],
  ['postback_logs', 'detail', 'varchar(256)'],
  // Payouts (0023): the minimum payout a close keeps.
  ['pay_periods', 'minimum_payout', 'numeric(14, 2) not null default 0'],
  // Invalid traffic (0022).
  ['clicks', 'invalid_reason', 'smallint not null default 0'],
  ...INVALID_COUNTERS.map((c) => ['stats_daily', c, 'integer not null default 0']),
];

// Tables the demo's money writes read and write that later migrations add (the outbox, 0019): stand-ins
// with the columns it uses, dropped again before the migration.
const LATER_TABLES: [string, string][] = [
  [
    'webhook_endpoints',
    'id int, office_id int, event_types text[], site_ids int[], enabled boolean, deleted_at timestamptz',
  ],
  ['webhook_events', 'id bigserial, type varchar(32), office_id int, site_id int, data jsonb'],
  ['webhook_deliveries', 'event_id bigint, endpoint_id int, status smallint'],
  // Payouts (0023): the demo's payout details.
  [
    'payout_details',
    'agent_id int, method varchar(8), bank varchar(64), account_name varchar(128), account_secret text, ' +
      'account_last4 varchar(4), changed_at timestamptz, changed_by int',
  ],
];

describe.each(['pglite', 'postgres'] as const)('migration 0012 on %s', (kind) => {
  it('keeps every row of the demo data, each in its month', async (t) => {
    const store = await freshStore(kind, 'migration', tempDir);
    if (!store) return t.skip();
    const old = await openDatabase({ ...store, upTo: LAST_BEFORE });
    const ctx = testContext(old);
    // The demo asks for its months' partitions: before 0012 there are none to make (0012 creates the
    // function itself, so this stand-in goes before it runs).
    await old.db.execute(sql`create function ensure_month_partition(parent text, key text, month date)
                             returns boolean language sql as 'select false'`);
    for (const [table, column, type] of LATER_COLUMNS)
      await old.db.execute(sql.raw(`alter table ${table} add column ${column} ${type}`));
    for (const [table, columns] of LATER_TABLES)
      await old.db.execute(sql.raw(`create table ${table} (${columns})`));
    await seedDemo(ctx, { scale: 0.3 });
    await closeTracking(ctx);
    await old.db.execute(sql`drop function ensure_month_partition(text, text, date)`);
    for (const [table, column] of LATER_COLUMNS)
      await old.db.execute(sql.raw(`alter table ${table} drop column ${column}`));
    for (const [table] of LATER_TABLES) await old.db.execute(sql.raw(`drop table ${table}`));
    const cols = await columnsOf(old.db);
    const before = await contents(old.db, cols);
    expect(await queryOne(old.db, sql`select count(*)::int as n from pg_partitioned_table`)).toEqual({
      n: 0,
    });
    await old.close();
    expect(before.clicks).not.toEqual({ n: 0 });
    expect(before.postback_logs).not.toEqual({ n: 0 });

    const migrated = await openDatabase(store);
    try {
      expect(await contents(migrated.db, cols)).toEqual(before);
      for (const [table, key] of [
        ['clicks', 'click_time'],
        ['postback_logs', 'time'],
      ]) {
        const where = await queryRows<{ partition: string; month: string; n: number }>(
          migrated.db,
          sql.raw(`select tableoid::regclass::text as partition,
                          to_char(${key} at time zone 'America/New_York', 'YYYY_MM') as month, count(*)::int as n
                   from ${table} group by 1, 2 order by 2`),
        );
        expect(where.length).toBeGreaterThan(2);
        for (const w of where) expect(w.partition).toBe(`${table}_${w.month}`);
      }
      // The postback log's ids go on after the last one copied.
      const [row] = await queryRows<{ id: string }>(
        migrated.db,
        sql`insert into postback_logs (site_id, ip, result) values (1, '10.0.0.1', 'WRONG_TOKEN') returning id::text`,
      );
      expect(BigInt(row.id)).toBeGreaterThan(
        BigInt((before['postback_logs digest'] as { last: string }).last),
      );
    } finally {
      await migrated.close();
    }
  }, 600_000);
});
