import { easternDay, easternDayStart } from '@salesdesk/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { publishChange } from '../common/changes';
import { addDays, countRollupMismatches } from '../rollups/rebuild';
import { buildAgent, buildClickPath } from '../test/factories';
import { testEnv, type TestEnv } from '../test/harness';
import { flushClicks, recordClick } from '../tracking/service';
import { queryOne, sql } from '../db/client';
import { generateDemoHistory, loadCast } from './history';
import { linkTypes, officeFees } from '../db/schema';

let env: TestEnv;
beforeAll(async () => {
  env = await testEnv();
});

const NOW = new Date();
/**
 * The first test's history ends at a fixed time of day, the last Eastern noon: the plan counts back from
 * its end, and one that ended six minutes after Eastern midnight held no refund yet due.
 */
const todayNoon = easternDayStart(easternDay(NOW)).getTime() + 12 * 3600_000;
const LAST_NOON = new Date(todayNoon > NOW.getTime() ? todayNoon - 24 * 3600_000 : todayNoon);

/** An AVP site paying bonuses, its office with an enabled custom rate, and two agents. */
async function buildCast() {
  const p = await buildClickPath(env.ctx, { avp: true });
  await env.ctx.db
    .update(linkTypes)
    .set({ bonus: true, bonusPayout: '40.00', bonusEarning: '4.00', bonusLpp: 1 })
    .where(eq(linkTypes.id, p.type.id));
  await env.ctx.db.insert(officeFees).values({
    officeId: p.office.id,
    typeId: p.type.id,
    enable: true,
    payout: '123.45',
    earning: '12.34',
    lpp: 3,
    bonusPayout: '61.00',
    bonusEarning: '6.10',
    bonusLpp: 1,
  });
  await buildAgent(env.ctx, { officeId: p.office.id, siteIds: [p.site.id] });
  await publishChange(env.ctx, 'tracking');
  return { siteId: p.site.id, cast: await loadCast(env.ctx.db, [p.site.id]) };
}

const totals = (siteId: number) =>
  queryOne<{ clicks: number; uniques: number; payout: string; earning: string; lpp: number; custom: number }>(
    env.ctx.db,
    sql`select (select count(*)::int from clicks where site_id = ${siteId}) as clicks,
               (select count(*)::int from clicks where site_id = ${siteId} and is_unique) as uniques,
               (select sum(payout)::text from sales where site_id = ${siteId}) as payout,
               (select sum(earning)::text from sales where site_id = ${siteId}) as earning,
               (select sum(lpp)::int from sales where site_id = ${siteId}) as lpp,
               (select count(*)::int from sales where site_id = ${siteId}
                  and event_type in (0, 1) and payout not in (123.45, 61.00)) as custom`,
  );

describe('demo history', () => {
  it('the service path and the bulk path make the same history, and rollups equal the raw rows', async () => {
    const opts = { days: 4, scale: 1, now: LAST_NOON, seed: 7 };
    const service = await buildCast();
    const viaServices = await generateDemoHistory(env.ctx, { ...opts, cast: service.cast, bulk: false });
    const bulk = await buildCast();
    const viaBulk = await generateDemoHistory(env.ctx, { ...opts, cast: bulk.cast, bulk: true });

    expect(viaServices?.path).toBe('service');
    expect(viaBulk?.path).toBe('bulk');
    expect(viaServices?.clicks).toBeGreaterThan(100);
    expect(viaServices?.sales).toBeGreaterThan(0);
    expect(viaServices?.uniques).toBeLessThan(viaServices!.clicks);
    const { seconds: _s, path: _p, ...same } = viaServices!;
    expect(viaBulk).toMatchObject(same);

    for (const { siteId } of [service, bulk]) {
      expect(await countRollupMismatches(env.ctx.db, { siteIds: [siteId] })).toBe(0);
    }
    const [a, b] = [await totals(service.siteId), await totals(bulk.siteId)];
    expect(a).toEqual(b);
    expect(a?.clicks).toBe(viaServices?.clicks);
    expect(a?.uniques).toBe(viaServices?.uniques);
    expect(a?.custom).toBe(0); // every sale at the office's custom rate
    expect(viaServices?.money.refunds).toBeGreaterThan(0);
    expect(viaServices?.money.adjustments).toBe(2);
  });

  it('counts a click unique per Eastern day of the click, also for past days', async () => {
    const { siteId, cast } = await buildCast();
    const today = easternDay(NOW);
    const at = (daysBack: number, hour: number) =>
      new Date(easternDayStart(addDays(today, -daysBack)).getTime() + hour * 3_600_000);
    const click = { siteId, typeId: cast.sites[0].types[0].id, agentId: cast.agents[0].id, ip: '10.9.8.7' };
    const uniques: boolean[] = [];
    for (const time of [at(5, 10), at(5, 11), at(4, 10), at(4, 22), at(0, 0)]) {
      const r = await recordClick(env.ctx, { ...click, time });
      uniques.push(!!r?.isUnique);
    }
    await flushClicks(env.ctx);
    expect(uniques).toEqual([true, false, true, false, true]);
    expect(await countRollupMismatches(env.ctx.db, { siteIds: [siteId] })).toBe(0);
  });

  it('makes nothing at scale 0', async () => {
    const { cast } = await buildCast();
    expect(await generateDemoHistory(env.ctx, { cast, scale: 0 })).toBeNull();
  });
});
