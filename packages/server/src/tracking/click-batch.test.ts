import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows, sql, type Queryable } from '../db/client';
import { buildAgent, buildClickPath } from '../test/factories';
import { testEnv, type TestEnv } from '../test/harness';
import { ClickBatch, type ClickRecord } from './click-batch';
import { insertClicks, nextClickIds } from './sql';

const insert = (db: Queryable, clicks: ClickRecord[]) => insertClicks(db, ClickBatch.of(clicks));
const increments = (clicks: ClickRecord[]) => ClickBatch.of(clicks).increments();

let env: TestEnv;
beforeAll(async () => {
  env = await testEnv();
});

// Instants on both sides of an Eastern midnight and of both 2026 switches, with their Eastern day.
// The 2006 one is before today's US rule (DST then ended on October 29): the database counts it.
const MOMENTS: [string, string][] = [
  ['2026-01-14T23:59:59.999-05:00', '2026-01-14'],
  ['2026-01-15T00:00:00.000-05:00', '2026-01-15'],
  ['2026-03-08T01:59:59.999-05:00', '2026-03-08'],
  ['2026-03-08T03:00:00.001-04:00', '2026-03-08'],
  ['2026-03-08T23:59:59.999-04:00', '2026-03-08'],
  ['2026-03-09T00:00:00.000-04:00', '2026-03-09'],
  ['2026-10-31T23:59:59.999-04:00', '2026-10-31'],
  ['2026-11-01T01:30:00.500-04:00', '2026-11-01'],
  ['2026-11-01T01:30:00.500-05:00', '2026-11-01'],
  ['2026-11-01T23:59:59.999-05:00', '2026-11-01'],
  ['2026-11-02T00:00:00.000-05:00', '2026-11-02'],
];
const BEFORE_RULE: [string, string] = ['2006-10-31T23:30:00.000-05:00', '2006-10-31'];
const TEXTS = [null, '', 'plain', 'a "quoted", {braced} \\ back\\slash', 'NULL', 'ünï ✓ ,;'];

type Path = Awaited<ReturnType<typeof buildClickPath>>;

async function makeBatch(p: Path, agentIds: number[], moments: [string, string][]) {
  const ids = await nextClickIds(env.ctx.db, moments.length * agentIds.length * 2);
  return ids.map((id, i): ClickRecord => ({
    id,
    time: new Date(moments[Math.floor(i / (agentIds.length * 2))][0]),
    siteId: p.site.id,
    typeId: p.type.id,
    agentId: agentIds[i % agentIds.length],
    officeId: p.office.id,
    ip: `10.9.${i % 3}.${i}`,
    isUnique: i % 3 !== 0,
    referer: TEXTS[i % TEXTS.length],
    userAgent: TEXTS[(i + 2) % TEXTS.length],
    invalidReason: i % 3 === 0 ? 1 + (i % 7) : 0,
  }));
}

/** The site's rollup beside an independent count of its raw clicks (the day by the database's tz data). */
async function rollupAndCount(siteId: number) {
  const rollup = await queryRows<Record<string, unknown>>(
    env.ctx.db,
    sql`select day::text, type_id, office_id, agent_id, raws, uniques,
               array[invalid_blacklisted_ip, invalid_internal, invalid_preview, invalid_bot, invalid_head,
                     invalid_datacenter, invalid_repeat] as invalid,
               sales + bonus_sales + lpp + bonus_lpp as others,
               (earn + bonus_earn + payout + bonus_payout)::text as money
        from stats_daily where site_id = ${siteId} order by day, agent_id`,
  );
  const counted = await queryRows<Record<string, unknown>>(
    env.ctx.db,
    sql`select (click_time at time zone 'America/New_York')::date::text as day, type_id, office_id, agent_id,
               count(*)::int as raws, (count(*) filter (where is_unique))::int as uniques,
               array[${sql.raw([1, 2, 3, 4, 5, 6, 7].map((r) => `(count(*) filter (where invalid_reason = ${r}))::int`).join(', '))}] as invalid,
               0 as others, '0.00' as money
        from clicks where site_id = ${siteId}
        group by 1, type_id, office_id, agent_id order by day, agent_id`,
  );
  return { rollup, counted };
}

describe('insertClicks', () => {
  it('rolls up exactly what it inserts, across midnights and DST switches, retries included', async () => {
    const p = await buildClickPath(env.ctx);
    const second = await buildAgent(env.ctx, { officeId: p.office.id, siteIds: [p.site.id] });
    const agentIds = [p.agent.id, second.agent.id];
    const first = await makeBatch(p, agentIds, MOMENTS);
    const later = await makeBatch(p, agentIds, [...MOMENTS.slice(3, 7), BEFORE_RULE]);

    await insert(
      env.ctx.db,
      first.filter((_, i) => i % 3 === 0),
    );
    await insert(env.ctx.db, first); // a retried batch: a third of it is stored already
    await insert(env.ctx.db, first); // retried again, stored whole: the plain insert fails, adds nothing
    await insert(env.ctx.db, later); // a click before today's DST rule: the database sums
    await insert(env.ctx.db, later); // stored whole: adds nothing

    const { rollup, counted } = await rollupAndCount(p.site.id);
    expect(rollup).toEqual(counted);
    const days = new Set(rollup.map((r) => r.day));
    expect(days).toEqual(new Set([...MOMENTS, BEFORE_RULE].map(([, day]) => day)));
    const raws = rollup.reduce((n, r) => n + Number(r.raws), 0);
    expect(raws).toBe(first.length + later.length);
  });

  it('stores every column as given: times to the millisecond, texts with quotes, braces and NULL', async () => {
    const p = await buildClickPath(env.ctx);
    const batch = await makeBatch(p, [p.agent.id], MOMENTS);
    await insert(env.ctx.db, batch);
    const rows = await queryRows<Record<string, unknown>>(
      env.ctx.db,
      sql`select id::int, (extract(epoch from click_time) * 1000)::bigint::text as ms, ip, is_unique, referer, user_agent,
                 invalid_reason
          from clicks where site_id = ${p.site.id} order by id`,
    );
    expect(rows).toEqual(
      batch.map((c) => ({
        id: c.id,
        ms: String(c.time.getTime()),
        ip: c.ip,
        is_unique: c.isUnique,
        referer: c.referer,
        user_agent: c.userAgent,
        invalid_reason: c.invalidReason,
      })),
    );
  });

  it('takes a batch past its first 1,024 slots whole: every click stored, rolled up exactly', async () => {
    const p = await buildClickPath(env.ctx);
    const second = await buildAgent(env.ctx, { officeId: p.office.id, siteIds: [p.site.id] });
    const ids = await nextClickIds(env.ctx.db, 2500);
    const batch = ids.map((id, i): ClickRecord => ({
      id,
      time: new Date(Date.parse(MOMENTS[i % MOMENTS.length][0]) + i),
      siteId: p.site.id,
      typeId: p.type.id,
      agentId: i % 2 ? second.agent.id : p.agent.id,
      officeId: p.office.id,
      ip: `10.8.${i % 7}.1`,
      isUnique: i % 5 === 0,
      referer: i % 4 ? `https://ref.example/${i % 3}` : null,
      userAgent: null,
      invalidReason: 0,
    }));
    await insert(env.ctx.db, batch);
    const { rollup, counted } = await rollupAndCount(p.site.id);
    expect(rollup).toEqual(counted);
    expect(rollup.reduce((n, r) => n + Number(r.raws), 0)).toBe(2500);
    const [stored] = await queryRows<{ n: number; refs: number }>(
      env.ctx.db,
      sql`select count(*)::int as n, count(distinct referer)::int as refs from clicks where site_id = ${p.site.id}`,
    );
    expect(stored).toEqual({ n: 2500, refs: 3 });
  });

  it('sums increments in memory per Eastern day, or leaves them to the database before the rule', () => {
    const click = (iso: string, isUnique: boolean, invalidReason = 0): ClickRecord => ({
      id: 1,
      time: new Date(iso),
      siteId: 1,
      typeId: 2,
      agentId: 3,
      officeId: 4,
      ip: '10.0.0.1',
      isUnique,
      referer: null,
      userAgent: null,
      invalidReason,
    });
    const key = { siteId: 1, typeId: 2, officeId: 4, agentId: 3 };
    const clicks = MOMENTS.slice(6).flatMap(([iso]) => [
      click(iso, true),
      click(iso, false),
      click(iso, false, 4),
    ]);
    // One bot click (reason 4, BOT) beside each person's two: raws count it, uniques never.
    expect(increments(clicks)).toEqual([
      { day: '2026-10-31', ...key, raws: 3, uniques: 1, invalid: [0, 0, 0, 1, 0, 0, 0] },
      { day: '2026-11-01', ...key, raws: 9, uniques: 3, invalid: [0, 0, 0, 3, 0, 0, 0] },
      { day: '2026-11-02', ...key, raws: 3, uniques: 1, invalid: [0, 0, 0, 1, 0, 0, 0] },
    ]);
    expect(increments([click(BEFORE_RULE[0], true)])).toBeNull();
  });
});

describe('ClickBatch', () => {
  const click = (id: number): ClickRecord => ({
    id,
    time: new Date(1_790_000_000_000 + id),
    siteId: 1,
    typeId: 2,
    agentId: 3 + (id % 2),
    officeId: 4,
    ip: id % 2 ? '10.0.0.1' : '::1',
    isUnique: id % 3 === 0,
    referer: id % 2 ? 'a "b"' : null,
    userAgent: null,
    invalidReason: id % 3 === 0 ? 0 : id % 8,
  });

  it('finds the clicks it holds, in or out of order, and lists each column as an array literal', () => {
    const ascending = ClickBatch.of([1, 2, 5, 9].map(click));
    expect([1, 2, 5, 9].every((id) => ascending.has(id))).toBe(true);
    expect([0, 3, 10].some((id) => ascending.has(id))).toBe(false);
    const mixed = ClickBatch.of([7, 3, 2000, 1].map(click));
    expect([7, 3, 2000, 1].every((id) => mixed.has(id))).toBe(true);
    expect(mixed.has(4)).toBe(false);
    expect(mixed.columns()).toEqual([
      '{7,3,2000,1}',
      '{1790000000007,1790000000003,1790000002000,1790000000001}',
      '{1,1,1,1}',
      '{2,2,2,2}',
      '{4,4,3,4}',
      '{4,4,4,4}',
      '{"10.0.0.1","10.0.0.1","::1","10.0.0.1"}',
      '{0,1,0,0}',
      '{1,1,0,1}',
      '{0,0,0,0}',
      '{"a \\"b\\""}',
      '{}',
      '{7,0,0,1}',
    ]);
  });

  it('grows past its first capacity and keeps every click', () => {
    const ids = Array.from({ length: 2500 }, (_, i) => i + 1);
    const batch = ClickBatch.of(ids.map(click));
    expect(batch.size).toBe(2500);
    expect(batch.has(1) && batch.has(1024) && batch.has(1025) && batch.has(2500)).toBe(true);
    expect(batch.columns()[0]).toBe(`{${ids.join(',')}}`);
    expect(batch.increments()!.reduce((n, r) => n + r.raws, 0)).toBe(2500);
  });
});

describe('nextClickIds', () => {
  it('answers as many distinct ids as asked, none for none', async () => {
    expect(await nextClickIds(env.ctx.db, 0)).toEqual([]);
    const ids = await nextClickIds(env.ctx.db, 1000);
    expect(new Set(ids).size).toBe(1000);
    expect(ids.every((id) => Number.isSafeInteger(id) && id > 0)).toBe(true);
  });
});
