// The month partitions of clicks and postback_logs: their shape after the migration, US Eastern month
// bounds, rows of a month without partition stored in the default one and moved into their month by the
// maintenance, a retried click batch stored once in a month partition, and the postback log's retention
// dropping whole months. A database of its own: partitions are global.
import { beforeAll, describe, expect, it } from 'vitest';
import { OPTION_NAMES } from '@salesdesk/contract';
import { easternDayStart } from '@salesdesk/contract';
import { findRuns } from '../jobs/job-runs';
import { maintainPartitions, schedulePartitionMaintenance } from '../jobs/partition-maintenance';
import { retainPostbackLog } from '../jobs/postback-log-retention';
import { countRollupMismatches } from '../rollups/rebuild';
import { buildClickPath, buildSite } from '../test/factories';
import { ownDatabaseTestEnv, type TestEnv } from '../test/harness';
import { insertPostbackLogs, logRowKeysOf } from '../test/postback-logs-fixtures';
import { ClickBatch, type ClickRecord } from '../tracking/click-batch';
import { flushClicks, recordClick } from '../tracking/service';
import { CLICKS_PKEY, insertClicks, nextClickIds } from '../tracking/sql';
import { queryOne, queryRows, sql } from './client';
import { addMonths, easternMonth, ensureMonthPartitions, monthPartitions } from './partitions';
import { options } from './schema';
import { isUniqueViolation } from './unique-violation';

let env: TestEnv;
beforeAll(async () => {
  env = await ownDatabaseTestEnv('partitions');
});

const partitionOf = async (table: string, id: number | string) =>
  (
    await queryOne<{ t: string }>(
      env.ctx.db,
      sql`select tableoid::regclass::text as t from ${sql.identifier(table)} where id = ${id}`,
    )
  )?.t;

const children = async (table: string) =>
  (
    await queryRows<{ name: string }>(
      env.ctx.db,
      sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
          where i.inhparent = ${table}::regclass order by 1`,
    )
  ).map((r) => r.name);

async function clicksAt(times: string[]) {
  const p = await buildClickPath(env.ctx);
  const ids = await nextClickIds(env.ctx.db, times.length);
  const records = ids.map((id, i): ClickRecord => ({
    id,
    time: new Date(times[i]),
    siteId: p.site.id,
    typeId: p.type.id,
    agentId: p.agent.id,
    officeId: p.office.id,
    ip: `10.4.0.${i}`,
    isUnique: i === 0,
    referer: null,
    userAgent: null,
    invalidReason: 0,
  }));
  return { p, records };
}

describe('month partitions', () => {
  it('the migration made both tables partitioned by range of their time, keyed (id, time), this month and two ahead', async () => {
    const db = env.ctx.db;
    for (const [table, key] of [
      ['clicks', 'click_time'],
      ['postback_logs', '"time"'],
    ]) {
      expect(await queryOne(db, sql`select pg_get_partkeydef(${table}::regclass) as def`)).toEqual({
        def: `RANGE (${key})`,
      });
      expect(
        await queryOne(
          db,
          sql`select pg_get_constraintdef(oid) as def from pg_constraint
              where conrelid = ${table}::regclass and contype = 'p'`,
        ),
      ).toEqual({ def: `PRIMARY KEY (id, ${key})` });
      const month = easternMonth(new Date());
      const names = [0, 1, 2].map((n) => `${table}_${addMonths(month, n).slice(0, 7).replace('-', '_')}`);
      expect(await children(table)).toEqual(expect.arrayContaining([`${table}_default`, ...names]));
      // Each partition has the parent's indexes, the key's included.
      const indexes = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from pg_index where indrelid = ${names[0]}::regclass`,
      );
      expect(indexes).toEqual([{ n: 6 }]);
    }
    // The ids of the postback log go on from its sequence, now the new table's own.
    expect(await queryOne(db, sql`select pg_get_serial_sequence('postback_logs', 'id') as seq`)).toEqual({
      seq: 'public.postback_logs_id_seq',
    });
  });

  it('stores a click and a postback log row of a month without partition; the maintenance moves them into it', async () => {
    const db = env.ctx.db;
    const p = await buildClickPath(env.ctx);
    const click = await recordClick(env.ctx, {
      siteId: p.site.id,
      typeId: p.type.id,
      agentId: p.agent.id,
      ip: '10.4.1.1',
      time: new Date('2024-02-10T12:00:00Z'),
    });
    await flushClicks(env.ctx);
    const [logId] = await insertPostbackLogs(db, [
      { time: '2024-02-11T08:00:00Z', siteId: p.site.id, result: 'WRONG_TOKEN' },
    ]);
    expect(await partitionOf('clicks', click!.clickId)).toBe('clicks_default');
    expect(await partitionOf('postback_logs', logId.slice(4))).toBe('postback_logs_default');

    const now = new Date('2024-02-15T12:00:00Z');
    const months = ['2024-02-01', '2024-03-01', '2024-04-01'];
    expect(await maintainPartitions(db, now)).toEqual({ clicks: months, postback_logs: months });
    expect(await partitionOf('clicks', click!.clickId)).toBe('clicks_2024_02');
    expect(await partitionOf('postback_logs', logId.slice(4))).toBe('postback_logs_2024_02');
    for (const table of ['clicks_default', 'postback_logs_default'])
      expect(await queryOne(db, sql`select count(*)::int as n from ${sql.identifier(table)}`)).toEqual({
        n: 0,
      });
    expect(await countRollupMismatches(db, { siteIds: [p.site.id] })).toBe(0);
    // Done once: a second run, and two at once, create each month once.
    expect(await maintainPartitions(db, now)).toEqual({});
    const later = new Date('2024-06-15T12:00:00Z');
    const runs = await Promise.all([maintainPartitions(db, later), maintainPartitions(db, later)]);
    expect(runs.flatMap((r) => r.clicks ?? []).sort()).toEqual(['2024-06-01', '2024-07-01', '2024-08-01']);
  });

  it('holds Eastern months: the last instant of one in it, the first of the next in the next', async () => {
    await ensureMonthPartitions(
      env.ctx.db,
      'clicks',
      new Date('2025-01-15T12:00:00Z'),
      new Date('2025-11-15T12:00:00Z'),
    );
    const times = [
      '2025-01-31T23:59:59.999-05:00',
      '2025-02-01T00:00:00.000-05:00',
      '2025-10-31T23:59:59.999-04:00',
      '2025-11-01T00:00:00.000-04:00',
    ];
    const { p, records } = await clicksAt(times);
    await insertClicks(env.ctx.db, ClickBatch.of(records));
    const where = await Promise.all(records.map((r) => partitionOf('clicks', r.id)));
    expect(where).toEqual(['clicks_2025_01', 'clicks_2025_02', 'clicks_2025_10', 'clicks_2025_11']);
    expect(await countRollupMismatches(env.ctx.db, { siteIds: [p.site.id] })).toBe(0);
  });

  it('stores a retried click batch once in a month partition, its primary key named by the partition', async () => {
    const { p, records } = await clicksAt([
      '2025-03-10T12:00:00Z',
      '2025-03-10T12:00:01Z',
      '2025-03-11T12:00:00Z',
    ]);
    await insertClicks(env.ctx.db, ClickBatch.of(records.slice(0, 1)));
    await insertClicks(env.ctx.db, ClickBatch.of(records));
    await insertClicks(env.ctx.db, ClickBatch.of(records));
    const rows = await queryRows<{ n: number; raws: number }>(
      env.ctx.db,
      sql`select (select count(*)::int from clicks where site_id = ${p.site.id}) as n,
                 (select sum(raws)::int from stats_daily where site_id = ${p.site.id}) as raws`,
    );
    expect(rows).toEqual([{ n: 3, raws: 3 }]);
    expect(await partitionOf('clicks', records[0].id)).toBe('clicks_2025_03');
    const violation = (constraint: string) => ({ cause: { code: '23505', constraint } });
    for (const name of ['clicks_pkey', 'clicks_2025_03_pkey', 'clicks_default_pkey'])
      expect(isUniqueViolation(violation(name), CLICKS_PKEY)).toBe(true);
    expect(isUniqueViolation(violation('clicks_2025_03_click_time_id_idx'), CLICKS_PKEY)).toBe(false);
  });

  it('the postback log retention drops the months past the option whole, then deletes older rows one by one', async () => {
    const db = env.ctx.db;
    const { site } = await buildSite(env.ctx);
    await ensureMonthPartitions(
      db,
      'postback_logs',
      new Date('2023-01-15T12:00:00Z'),
      new Date('2023-03-15T12:00:00Z'),
    );
    const times = [
      '2023-03-20T12:00:00Z',
      '2023-03-05T12:00:00Z',
      '2023-02-27T12:00:00Z',
      '2023-01-10T12:00:00Z',
    ];
    const ids = await insertPostbackLogs(
      db,
      times.map((time) => ({ time, siteId: site.id, result: 'WRONG_TOKEN' as const })),
    );
    await db
      .insert(options)
      .values({ name: OPTION_NAMES.postbackLogDays, value: '30' })
      .onConflictDoUpdate({ target: options.name, set: { value: '30' } });
    // 30 days before April 10th: March 11th. January and February end before it, March does not.
    const result = await retainPostbackLog(db, new Date('2023-04-10T12:00:00Z'));
    expect(result).toEqual({ dropped: ['2023-01', '2023-02'], deleted: 1 });
    expect((await monthPartitions(db, 'postback_logs')).map((m) => m.month)).not.toContain('2023-02-01');
    expect(await logRowKeysOf(db, site.id)).toEqual([ids[0]]);
  });

  it('runs the daily maintenance once when two nodes reach 00:15 Eastern, moving rows out of the default partition', async () => {
    const p = await buildClickPath(env.ctx);
    const click = await recordClick(env.ctx, {
      siteId: p.site.id,
      typeId: p.type.id,
      agentId: p.agent.id,
      ip: '10.4.2.1',
      time: new Date('2022-07-04T12:00:00Z'),
    });
    await flushClicks(env.ctx);
    expect(await partitionOf('clicks', click!.clickId)).toBe('clicks_default');
    // Both clocks read 00:14:59.7 Eastern on a day of their own: 00:15 is due in 300 ms.
    const due = new Date(easternDayStart('2031-02-14').getTime() + 15 * 60_000);
    const shift = due.getTime() - 300 - Date.now();
    const logs: string[] = [];
    const stops = [0, 1].map((i) =>
      schedulePartitionMaintenance({
        db: env.ctx.db,
        node: `node-${i}`,
        log: (m) => logs.push(m),
        now: () => Date.now() + shift,
      }),
    );
    try {
      await new Promise((r) => setTimeout(r, 1500));
    } finally {
      await Promise.all(stops.map((stop) => stop()));
    }
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(/^partitions: clicks months created: 2022-07(, \d{4}-\d{2})*$/);
    expect(await partitionOf('clicks', click!.clickId)).toBe('clicks_2022_07');
    const runs = (await findRuns(env.ctx.db, 'partition-maintenance')).filter(
      (r) => r.dueAt.getTime() === due.getTime(),
    );
    expect(runs.map((r) => r.finishedAt !== null)).toEqual([true]);
  });
});
