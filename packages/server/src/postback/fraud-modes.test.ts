// The fraud rules' modes (issue 22): flag marks a sale, hold also holds it for review (no hold_until, so
// the hold job never approves it; review does), off skips the rule; every rule flags by default. The
// held figures of stats_daily stay equal to the raw rows, and the rules follow option changes at once.
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FRAUD_OPTION_NAMES, FraudRule, SaleStatus } from '@salesdesk/contract';
import type { Config } from '../config';
import { fraudSettings, FRAUD_SETTINGS_MAX_AGE_MS, watchFraudSettings } from '../common/fraud-settings';
import { publishChange, subscribeChanges } from '../common/changes';
import { openDatabase, queryOne, type Database } from '../db/client';
import { loginLogs, options } from '../db/schema';
import { releaseHeldSales } from '../jobs/hold-release';
import { changeHeldSales } from '../ledger/status';
import { countRollupMismatches } from '../rollups/rebuild';
import { buildClickPath } from '../test/factories';
import { after, allRules, judged, sellAt, setRules } from '../test/fraud-fixtures';
import { testEnv, type TestEnv } from '../test/harness';
import { clickAt } from '../test/logs-fixtures';

const DAY = 86_400_000;
const url = process.env.TEST_DATABASE_URL;

let env: TestEnv;
const siteIds: number[] = [];
const opened: Database[] = [];
beforeAll(async () => {
  env = await testEnv();
});
afterAll(async () => {
  await setRules(env);
  for (const d of opened) await d.close();
});

const T = '2025-08-05T15:00:00.000Z';

/** A path whose sale `ms` after its click, from the agent's own sign-in address, with a used e-mail, trips every rule but the refund rate. */
async function suspectSale(siteOpts: { holdDays?: number } = {}, ms = 5000) {
  const p = await buildClickPath(env.ctx, siteOpts);
  siteIds.push(p.site.id);
  await env.ctx.db
    .insert(loginLogs)
    .values({ accountId: p.agentAccountId, ip: '10.60.0.1', inTime: new Date(after(T, -DAY)) });
  const email = `${p.site.id}@mail.example`;
  const earlier = await clickAt(env.ctx, p, after(T, -2 * DAY), { ip: '10.70.0.1' });
  await sellAt(env.ctx, p, earlier, after(T, -DAY / 2), { email });
  const click = await clickAt(env.ctx, p, T, { ip: '10.60.0.1' });
  return sellAt(env.ctx, p, click, after(T, ms), { email });
}

const SUSPECT = FraudRule.FastSale | FraudRule.RepeatEmail | FraudRule.SelfReferral;

describe('the modes', () => {
  it('flag every rule by default (no option saved): marked, approved', async () => {
    await env.ctx.db.delete(options).where(inArray(options.name, Object.values(FRAUD_OPTION_NAMES)));
    await publishChange(env.ctx, 'options');
    expect(await judged(env.ctx, await suspectSale())).toEqual({
      flags: SUSPECT,
      status: 0,
      hold_until: null,
    });
  });

  it('hold: the sale arrives held with its rules and no hold time, on a site with hold days too', async () => {
    await setRules(env, { fastSale: { mode: 'hold' } });
    expect(await judged(env.ctx, await suspectSale())).toEqual({
      flags: SUSPECT,
      status: SaleStatus.Held,
      hold_until: null,
    });
    expect(await judged(env.ctx, await suspectSale({ holdDays: 3 }))).toEqual({
      flags: SUSPECT,
      status: SaleStatus.Held,
      hold_until: null,
    });
    // A flag-only rule on a site with hold days: held for the days, as any sale of the site.
    await setRules(env, allRules('flag'));
    const flagged = await suspectSale({ holdDays: 3 });
    const row = await queryOne<{ at: string }>(
      env.ctx.db,
      sql`select (extract(epoch from date + interval '3 days') * 1000)::bigint::text as at from sales where id = ${flagged}`,
    );
    expect(await judged(env.ctx, flagged)).toEqual({
      flags: SUSPECT,
      status: SaleStatus.Held,
      hold_until: Number(row?.at),
    });
  });

  it('hold only for the rules set to hold: a sale tripping none of them is approved with its flags', async () => {
    await setRules(env, { refundRate: { mode: 'hold' } });
    expect(await judged(env.ctx, await suspectSale())).toEqual({
      flags: SUSPECT,
      status: 0,
      hold_until: null,
    });
    await setRules(env, { repeatEmail: { mode: 'hold' } });
    expect((await judged(env.ctx, await suspectSale()))?.status).toBe(SaleStatus.Held);
    // Not soon after its click: the fast rule (set to hold) is not tripped, the others only flag.
    await setRules(env, { fastSale: { mode: 'hold', seconds: 15 } });
    expect(await judged(env.ctx, await suspectSale({}, 15_000))).toEqual({
      flags: FraudRule.RepeatEmail | FraudRule.SelfReferral,
      status: 0,
      hold_until: null,
    });
  });

  it('off: the rule is not judged at all', async () => {
    await setRules(env, allRules('off'));
    expect(await judged(env.ctx, await suspectSale())).toEqual({ flags: 0, status: 0, hold_until: null });
    await setRules(env, { ...allRules('off'), selfReferral: { mode: 'hold' } });
    expect(await judged(env.ctx, await suspectSale())).toEqual({
      flags: FraudRule.SelfReferral,
      status: SaleStatus.Held,
      hold_until: null,
    });
  });
});

describe('a sale held by a rule', () => {
  it('is never approved by the hold job, only by review; stats_daily follows the raw rows', async () => {
    await setRules(env, allRules('hold'));
    const byRule = await suspectSale({ holdDays: 2 });
    await setRules(env, allRules('off'));
    const byDays = await suspectSale({ holdDays: 2 });
    expect((await judged(env.ctx, byDays))?.hold_until).not.toBeNull();
    await releaseHeldSales(env.ctx.db, new Date('2099-01-01T00:00:00Z'));
    expect((await judged(env.ctx, byDays))?.status).toBe(SaleStatus.Approved);
    expect((await judged(env.ctx, byRule))?.status).toBe(SaleStatus.Held);
    await checkHeldFigures();
    const approve = { status: SaleStatus.Approved, reason: 'reviewed', by: null } as const;
    expect(await changeHeldSales(env.ctx.db, sql`id = ${byRule}`, approve)).toBe(1);
    expect(await judged(env.ctx, byRule)).toEqual({
      flags: SUSPECT,
      status: SaleStatus.Approved,
      hold_until: null,
    });
    await checkHeldFigures();
  });
});

/** The sales, held counts and held money of this file's sites in stats_daily against a count of the raw rows. */
async function checkHeldFigures() {
  const ids = sql.join(
    siteIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const row = await queryOne<Record<string, string>>(
    env.ctx.db,
    sql`select
          (select count(*) from sales where site_id in (${ids}) and status = 1)::text as raw_held,
          (select coalesce(sum(payout), 0) from sales where site_id in (${ids}) and status = 1)::text as raw_held_payout,
          (select count(*) from sales where site_id in (${ids}) and status = 0 and event_type = 0)::text as raw_sales,
          (select sum(held) from stats_daily where site_id in (${ids}))::text as held,
          (select sum(held_payout) from stats_daily where site_id in (${ids}))::text as held_payout,
          (select sum(sales) from stats_daily where site_id in (${ids}))::text as sales`,
  );
  expect([row?.held, row?.held_payout, row?.sales]).toEqual([
    row?.raw_held,
    row?.raw_held_payout,
    row?.raw_sales,
  ]);
  expect(Number(row?.raw_held)).toBeGreaterThan(0);
  expect(await countRollupMismatches(env.ctx.db, { siteIds })).toBe(0);
}

describe('the rules cache', () => {
  it('keeps the rules until an options notice, or a minute at most', async () => {
    await setRules(env, allRules('flag'));
    const now = Date.now();
    expect((await fraudSettings(env.ctx.db, now)).fastSale.mode).toBe('flag');
    // Written without the options call: no notice, so the cache answers as before until it is a minute old.
    await env.ctx.db
      .update(options)
      .set({ value: 'hold' })
      .where(eq(options.name, FRAUD_OPTION_NAMES.fastSaleMode));
    expect((await fraudSettings(env.ctx.db, now + 1000)).fastSale.mode).toBe('flag');
    expect((await fraudSettings(env.ctx.db, now + FRAUD_SETTINGS_MAX_AGE_MS)).fastSale.mode).toBe('hold');
    await setRules(env, allRules('off'));
    expect((await fraudSettings(env.ctx.db)).fastSale.mode).toBe('off');
  });

  it.skipIf(!url)('follows an options change made in another process', async () => {
    // The worker's own database, opened again as another process would.
    const name = await queryOne<{ db: string }>(env.ctx.db, sql`select current_database() as db`);
    const workerUrl = new URL(url!);
    workerUrl.pathname = `/${name?.db}`;
    const database = await openDatabase({ url: workerUrl.toString() });
    opened.push(database);
    const other = {
      db: database.db,
      dbKind: database.kind,
      config: { databaseUrl: workerUrl.toString() } as Config,
    };
    const connected = vi.fn();
    const stopSignal = subscribeChanges(other, 'options', connected);
    const stop = watchFraudSettings(other);
    // The listener runs its handlers once when LISTEN is in place.
    await vi.waitFor(() => expect(connected).toHaveBeenCalled(), { timeout: 5000 });
    await setRules(env, allRules('flag'));
    await vi.waitFor(async () => expect((await fraudSettings(other.db)).selfReferral.mode).toBe('flag'));
    await setRules(env, { selfReferral: { mode: 'hold' } });
    await vi.waitFor(async () => expect((await fraudSettings(other.db)).selfReferral.mode).toBe('hold'), {
      timeout: 5000,
    });
    await stop();
    await stopSignal();
  });
});
