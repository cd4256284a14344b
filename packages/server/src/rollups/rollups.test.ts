import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows, sql } from '../db/client';
import { linkTypes } from '../db/schema';
import { recordSale } from '../postback/service';
import { buildAgent, buildClickPath } from '../test/factories';
import { testEnv, type TestEnv } from '../test/harness';
import { flushClicks, recordClick } from '../tracking/service';
import { publishChange } from '../common/changes';
import { applyLifecycle, prng } from '../test/money-fixtures';
import { buildAdmin } from '../test/factories';
import { countRollupMismatches, rebuildRollups } from './rebuild';

let env: TestEnv;
beforeAll(async () => {
  env = await testEnv();
});

// Eastern wall-clock instants around both 2026 switches, with the Eastern day each belongs to.
const MOMENTS: [string, string][] = [
  ['2026-03-07T23:30:00-05:00', '2026-03-07'],
  ['2026-03-08T00:30:00-05:00', '2026-03-08'],
  ['2026-03-08T01:59:00-05:00', '2026-03-08'],
  ['2026-03-08T03:01:00-04:00', '2026-03-08'],
  ['2026-03-08T23:59:00-04:00', '2026-03-08'],
  ['2026-03-09T00:00:00-04:00', '2026-03-09'],
  ['2026-10-31T23:59:00-04:00', '2026-10-31'],
  ['2026-11-01T01:30:00-04:00', '2026-11-01'],
  ['2026-11-01T01:30:00-05:00', '2026-11-01'],
  ['2026-11-01T23:59:00-05:00', '2026-11-01'],
  ['2026-11-02T00:00:00-05:00', '2026-11-02'],
];

type Snapshot = Record<string, unknown>[];
/** The rows of the site, and the adjustments (site 0) of its agents. */
const snapshot = (siteId: number, agentIds: number[] = []): Promise<Snapshot> =>
  queryRows(
    env.ctx.db,
    sql`select day::text, site_id, type_id, agent_id, office_id, raws, uniques, sales, bonus_sales, earn::text,
               bonus_earn::text, payout::text, bonus_payout::text, lpp, bonus_lpp, reversals, reversal_earn::text,
               reversal_payout::text, adjustments, adjust_earn::text, adjust_payout::text, held, held_earn::text,
               held_payout::text
        from stats_daily
        where site_id = ${siteId} or (site_id = 0 and agent_id = any(${sql.param(agentIds)}::int[]))
        order by day, site_id, type_id, agent_id`,
  );

/** Clicks from two IPs and two agents at every moment; every third click sells, every fifth is a bonus. */
async function generate() {
  const p = await buildClickPath(env.ctx);
  await env.ctx.db
    .update(linkTypes)
    .set({
      payout: '100.35',
      earning: '10.15',
      lpp: 2,
      bonus: true,
      bonusPayout: '50.05',
      bonusEarning: '5.33',
      bonusLpp: 1,
    })
    .where(eq(linkTypes.id, p.type.id));
  const second = await buildAgent(env.ctx, { officeId: p.office.id, siteIds: [p.site.id] });
  await publishChange(env.ctx, 'tracking');
  let n = 0;
  for (const [iso] of MOMENTS) {
    for (const agentId of [p.agent.id, second.agent.id]) {
      for (const ip of ['10.20.0.1', '10.20.0.1', '10.20.0.2']) {
        const time = new Date(iso);
        const click = await recordClick(env.ctx, { siteId: p.site.id, typeId: p.type.id, agentId, ip, time });
        if (!click) throw new Error('click refused');
        n += 1;
        if (n % 3 === 0 || n % 5 === 0) {
          const event = n % 5 === 0 ? 'bonus' : 'sale';
          await recordSale(env.ctx, {
            siteId: p.site.id,
            clickId: click.clickId,
            event,
            txId: `r${n}`,
            date: time,
          });
        }
      }
    }
  }
  await flushClicks(env.ctx);
  // Reversals (some a week later), holds, approvals, rejections and adjustments of both agents.
  const admin = await buildAdmin(env.ctx);
  const agentIds = [p.agent.id, second.agent.id];
  const lifecycle = await applyLifecycle(env.ctx, prng(7), {
    siteIds: [p.site.id],
    agentIds,
    days: ['2026-03-08', '2026-11-01', '2026-11-02'],
    by: admin.accountId,
    share: 0.2,
    adjustments: 4,
  });
  return { p, agentIds, lifecycle };
}

describe('stats_daily', () => {
  it('incremental rollups equal the rebuilt ones across both DST switches, money lifecycle included', async () => {
    const { p, agentIds, lifecycle } = await generate();
    expect(lifecycle.reversed * lifecycle.held * lifecycle.adjustments).toBeGreaterThan(0);
    expect(lifecycle.approved + lifecycle.rejected + lifecycle.heldReversed).toBeGreaterThan(0);
    const incremental = await snapshot(p.site.id, agentIds);
    const sum = (c: string) => incremental.reduce((n, r) => n + Number(r[c]), 0);
    expect([sum('reversals'), sum('held'), sum('adjustments')].every((n) => n > 0)).toBe(true);
    expect(await countRollupMismatches(env.ctx.db, { siteIds: [p.site.id] })).toBe(0);
    const adjustDays = { from: '2026-03-08', to: '2026-11-02' };
    expect(await countRollupMismatches(env.ctx.db, { siteIds: [0], ...adjustDays })).toBe(0);

    const siteRows = incremental.filter((r) => r.site_id === p.site.id);
    const byDay = new Map<string, number>();
    for (const r of siteRows)
      byDay.set(r.day as string, (byDay.get(r.day as string) ?? 0) + (r.raws as number));
    const expected = new Map<string, number>();
    for (const [, day] of MOMENTS) expected.set(day, (expected.get(day) ?? 0) + 6);
    // Reversals dated after the last click add days of their own, without clicks.
    for (const [day, raws] of byDay) if (!expected.has(day)) expect(raws, day).toBe(0);
    expect(new Map([...byDay].filter(([day]) => expected.has(day)))).toEqual(expected);
    // Two IPs per agent and day are unique, whatever the number of clicks.
    expect(siteRows.every((r) => r.uniques === 2 || (r.raws === 0 && r.uniques === 0))).toBe(true);

    await env.ctx.db.execute(
      sql`update stats_daily set raws = raws + 5, earn = earn + 1, held = held + 1
          where site_id = ${p.site.id} and day = '2026-03-08'`,
    );
    await env.ctx.db.execute(
      sql`delete from stats_daily where site_id = ${p.site.id} and day = '2026-11-01'`,
    );
    await env.ctx.db.execute(
      sql`update stats_daily set adjust_payout = adjust_payout + 1
          where site_id = 0 and agent_id = any(${sql.param(agentIds)}::int[])`,
    );
    expect(await countRollupMismatches(env.ctx.db, { siteIds: [p.site.id] })).toBeGreaterThan(0);
    expect(await countRollupMismatches(env.ctx.db, { siteIds: [0], ...adjustDays })).toBeGreaterThan(0);

    const progress: number[] = [];
    const days = await rebuildRollups(env.ctx.db, {
      siteIds: [p.site.id],
      chunkDays: 7,
      onProgress: (x) => progress.push(x.daysDone),
    });
    const first = siteRows[0].day as string;
    const last = siteRows.at(-1)?.day as string;
    expect(first).toBe('2026-03-07');
    const span = Math.round((Date.parse(last) - Date.parse(first)) / 86_400_000) + 1;
    expect(days).toBe(span); // 2026-03-07 .. the last reversal's day
    expect(progress.at(-1)).toBe(span);
    await rebuildRollups(env.ctx.db, { siteIds: [0], ...adjustDays });
    expect(await snapshot(p.site.id, agentIds)).toEqual(incremental);
    expect(await countRollupMismatches(env.ctx.db, { siteIds: [p.site.id] })).toBe(0);
    expect(await countRollupMismatches(env.ctx.db, { siteIds: [0], ...adjustDays })).toBe(0);
  });

  it('a rebuild of a day without raw rows empties it', async () => {
    const p = await buildClickPath(env.ctx);
    await env.ctx.db.execute(sql`insert into stats_daily (day, site_id, type_id, office_id, agent_id, raws)
      values ('2026-01-15', ${p.site.id}, ${p.type.id}, ${p.office.id}, ${p.agent.id}, 3)`);
    expect(await countRollupMismatches(env.ctx.db, { siteIds: [p.site.id] })).toBe(1);
    await rebuildRollups(env.ctx.db, { siteIds: [p.site.id], from: '2026-01-15', to: '2026-01-15' });
    expect(await snapshot(p.site.id)).toEqual([]);
  });
});
