// Raw clicks kept for N months: a history over several Eastern months (the exactness history of March
// and October/November 2026 plus clicks and sales in May and August, one August click sold in November),
// two pay periods closed, then every report and money screen of every role read before and after the
// months past the option are dropped: equal, the click log aside, which starts at the first kept day.
// The dropped months' partitions are gone and the kept ones hold the same rows; stats_daily and sales are
// byte for byte the same, and a rollup rebuild keeps the dropped days' clicks. A database of its own.
import { beforeAll, describe, expect, it } from 'vitest';
import { easternDayStart, OPTION_NAMES, Role } from '@salesdesk/contract';
import { queryOne, queryRows, sql, type Queryable } from '../db/client';
import { monthPartitions, type MonthPartition } from '../db/partitions';
import { countRollupMismatches, rebuildRollups } from '../rollups/rebuild';
import { recordSale } from '../postback/service';
import { flushClicks, recordClick } from '../tracking/service';
import { generate } from '../test/exactness-fixtures';
import { adminTokens, record, setAvpSchedule, setLppVisible, type ClickSpec } from '../test/report-fixtures';
import { clickLog, reportSnapshot, reviewQueue, type Reader } from '../test/report-snapshot';
import { tokenFor, uniqueName } from '../test/factories';
import { call, ownDatabaseTestEnv, type TestEnv } from '../test/harness';
import { dropOldClicks } from './click-retention';
import { maintainPartitions } from './partition-maintenance';

let env: TestEnv;
let w: Awaited<ReturnType<typeof generate>>;
let readers: Reader[];
let closedPeriods: string[];
let extraClicks: number[];

const NOW = new Date('2027-01-15T17:00:00Z');
const RANGE = { start: '2026-03-01', end: '2026-11-30' };
const KEPT = { start: '2026-11-01', end: '2026-11-30' };
const DROPPED = ['2026-03-01', '2026-05-01', '2026-08-01', '2026-10-01'];

/** A digest of every row of `from`, in `order`: equal digests, equal rows. */
const digest = async (db: Queryable, from: string, order: string) =>
  (await queryOne<{ rows: number; md5: string | null }>(
    db,
    sql.raw(
      `select count(*)::int as rows, md5(string_agg(t::text, '|' order by ${order})) as md5 from ${from} t`,
    ),
  ))!;

async function partitionDigests(db: Queryable) {
  const parts: MonthPartition[] = await monthPartitions(db, 'clicks');
  const out: Record<string, { rows: number; md5: string | null }> = {};
  for (const p of parts) out[p.name] = await digest(db, p.name, 'id, click_time');
  return out;
}

/** Clicks and sales in May and August; one August click sold in November, after its month is dropped. */
async function moreMonths(): Promise<number[]> {
  const a = w.offices[0].agents[0].agent.id;
  const b = w.offices[1].agents[0].agent.id;
  const specs: ClickSpec[] = [];
  for (const [i, day] of ['2026-05-03', '2026-05-31', '2026-08-01', '2026-08-30'].entries())
    for (const [j, site] of [w.plain, w.avp].entries())
      specs.push({
        siteId: site.site.id,
        typeId: site.first.id,
        agentId: j ? b : a,
        ip: `10.7.2.${i}`,
        time: `${day}T2${i}:1${j}:00-04:00`,
        event: i % 2 ? 'sale' : j ? 'bonus' : undefined,
      });
  specs.push({
    siteId: w.plain.site.id,
    typeId: w.plain.second.id,
    agentId: a,
    ip: '10.7.2.9',
    time: '2026-08-31T23:59:00-04:00',
    event: 'sale',
    saleTime: '2026-11-02T10:00:00-05:00',
  });
  return record(env.ctx, specs);
}

/** Closes the first open pay period holding money rows, as the superadmin would. */
async function closeFirstOpen(token: string, after: string): Promise<string> {
  const row = await queryOne<{ start: string }>(
    env.ctx.db,
    sql`select min(pay_period)::text as start from sales where pay_period > ${after}::date`,
  );
  const res = await call(env.app, 'POST', `pay-periods/${row!.start}/close`, { token });
  if (res.status !== 200) throw new Error(`close ${row!.start}: ${res.status} ${res.res.body}`);
  return row!.start;
}

beforeAll(async () => {
  env = await ownDatabaseTestEnv('retention');
  await setAvpSchedule(env.ctx);
  await setLppVisible(env.ctx, true);
  w = await generate(env.ctx);
  extraClicks = await moreMonths();
  // The history went to the default partition (no month of it existed): moved into its months.
  await maintainPartitions(env.ctx.db, NOW);
  const { superToken, adminToken } = await adminTokens(env.ctx);
  const o = w.offices[0];
  readers = [
    { name: 'superadmin', token: superToken, role: Role.Superadmin },
    { name: 'admin', token: adminToken, role: Role.Admin },
    { name: 'office', token: await tokenFor(env.ctx, o.accountId), role: Role.Company },
    { name: 'agent', token: await tokenFor(env.ctx, o.agents[0].accountId), role: Role.Agent },
  ];
  const first = await closeFirstOpen(superToken, '1970-01-01');
  closedPeriods = [first, await closeFirstOpen(superToken, first)];
}, 300_000);

describe('raw click retention', () => {
  it('drops whole months past the option; every report, stats_daily and sales stay as they were', async () => {
    const db = env.ctx.db;
    const superToken = readers[0].token;
    const scope = { ...RANGE, officeId: w.offices[0].office.id, closedPeriods };
    const partsBefore = await partitionDigests(db);
    expect(Object.keys(partsBefore)).toEqual(
      expect.arrayContaining(DROPPED.map((m) => `clicks_${m.slice(0, 7).replace('-', '_')}`)),
    );
    expect(await digest(db, 'clicks_default', 'id')).toMatchObject({ rows: 0 });
    const before = await reportSnapshot(env.app, readers, scope);
    const clicksBefore = {
      all: await clickLog(env.app, superToken, RANGE),
      kept: await clickLog(env.app, superToken, KEPT),
    };
    const reviewBefore = await reviewQueue(env.app, superToken, RANGE);
    const statsBefore = await digest(db, 'stats_daily', 'day, site_id, type_id, office_id, agent_id');
    const salesBefore = await digest(db, 'sales', 'id');
    // Every sale whose click is in a dropped month: the review reads its click-to-sale from the raw click.
    const soldDropped = await queryRows<{ id: string }>(
      db,
      sql`select s.id::text from sales s join clicks c on c.id = s.click_id
          where c.click_time < ${easternDayStart(KEPT.start).toISOString()}::timestamptz`,
    );
    expect(clicksBefore.all.keptFrom).toBeNull();
    expect(clicksBefore.all.total).toBeGreaterThan(clicksBefore.kept.total);

    const saved = await call(env.app, 'POST', 'options', {
      token: superToken,
      body: [{ name: OPTION_NAMES.rawClickMonths, value: '2' }],
    });
    expect(saved.status).toBe(200);
    expect(await dropOldClicks(db, NOW)).toEqual({ keptFrom: KEPT.start, dropped: DROPPED });

    // The dropped months are gone, whole; the kept ones hold exactly the rows they held.
    const partsAfter = await partitionDigests(db);
    const droppedNames = Object.keys(partsBefore).filter((n) => !(n in partsAfter));
    expect(droppedNames).toEqual(DROPPED.map((m) => `clicks_${m.slice(0, 7).replace('-', '_')}`));
    for (const name of droppedNames)
      expect(await queryOne(db, sql`select to_regclass(${name})::text as t`)).toEqual({ t: null });
    expect(partsAfter).toEqual(
      Object.fromEntries(Object.entries(partsBefore).filter(([n]) => !droppedNames.includes(n))),
    );
    expect(await digest(db, 'stats_daily', 'day, site_id, type_id, office_id, agent_id')).toEqual(
      statsBefore,
    );
    expect(await digest(db, 'sales', 'id')).toEqual(salesBefore);

    // Every report of every role: equal.
    expect(await reportSnapshot(env.app, readers, scope)).toEqual(before);
    // The review: the same rows; a sale of a dropped click no longer tells its click-to-sale time.
    const gone = new Set(soldDropped.map((r) => Number(r.id)));
    expect(gone.size).toBeGreaterThan(0);
    expect(await reviewQueue(env.app, superToken, RANGE)).toEqual(
      reviewBefore.map((r) => (gone.has(r.id) ? { ...r, clickToSale: null } : r)),
    );
    // The click log: the kept month as it was; the whole range now starts at the first kept day.
    const kept = { ...clicksBefore.kept, keptFrom: KEPT.start };
    expect(await clickLog(env.app, superToken, KEPT)).toEqual(kept);
    expect(await clickLog(env.app, superToken, RANGE)).toEqual(kept);
    expect(await clickLog(env.app, readers[3].token, RANGE)).toMatchObject({ keptFrom: KEPT.start });

    // The rollups agree with what is left, and a rebuild keeps the dropped days' clicks.
    expect(await countRollupMismatches(db, { siteIds: w.siteIds })).toBe(0);
    await rebuildRollups(db, { ...RANGE, siteIds: w.siteIds, chunkDays: 40 });
    expect(await digest(db, 'stats_daily', 'day, site_id, type_id, office_id, agent_id')).toEqual(
      statsBefore,
    );
  }, 300_000);

  it('drops a late click of a dropped month on the next run; a sale of a dropped click is refused', async () => {
    const db = env.ctx.db;
    const a = w.offices[0].agents[0].agent.id;
    const late = await recordClick(env.ctx, {
      siteId: w.plain.site.id,
      typeId: w.plain.first.id,
      agentId: a,
      ip: '10.7.3.1',
      time: new Date('2026-05-20T12:00:00-04:00'),
    });
    await flushClicks(env.ctx);
    // Stored in the default partition and counted in stats_daily, as any click.
    expect(
      await queryOne(db, sql`select tableoid::regclass::text as t from clicks where id = ${late!.clickId}`),
    ).toEqual({
      t: 'clicks_default',
    });
    expect(await dropOldClicks(db, NOW)).toEqual({ keptFrom: KEPT.start, dropped: ['2026-05-01'] });
    expect(
      await queryOne(db, sql`select count(*)::int as n from clicks where id = ${late!.clickId}`),
    ).toEqual({ n: 0 });
    expect(await countRollupMismatches(db, { siteIds: w.siteIds })).toBe(0);
    const stats = await queryOne<{ raws: number }>(
      db,
      sql`select raws from stats_daily where day = '2026-05-20' and agent_id = ${a} and type_id = ${w.plain.first.id}`,
    );
    expect(stats).toEqual({ raws: 1 });

    await expect(
      recordSale(env.ctx, {
        siteId: w.plain.site.id,
        clickId: extraClicks[0],
        event: 'sale',
        txId: uniqueName('tx'),
      }),
    ).rejects.toMatchObject({ reason: 'UNKNOWN_CLICK' });
    // Nothing more to drop; 0 (or empty) keeps every click and drops nothing.
    expect(await dropOldClicks(db, NOW)).toEqual({ keptFrom: KEPT.start, dropped: [] });
    await call(env.app, 'POST', 'options', {
      token: readers[0].token,
      body: [{ name: OPTION_NAMES.rawClickMonths, value: '0' }],
    });
    expect(await dropOldClicks(db, new Date('2030-01-01T00:00:00Z'))).toBeNull();
  });
});
