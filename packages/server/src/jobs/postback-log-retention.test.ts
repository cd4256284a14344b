import { beforeAll, describe, expect, it } from 'vitest';
import { OPTION_NAMES } from '@salesdesk/contract';
import { options } from '../db/schema';
import { buildClickPath, buildSite } from '../test/factories';
import { testEnv, type TestEnv } from '../test/harness';
import { clickAt, saleAt } from '../test/logs-fixtures';
import { bulkLogRows, insertPostbackLogs, logKeysOf, logRowKeysOf } from '../test/postback-logs-fixtures';
import { trimPostbackLog } from './postback-log-retention';

let env: TestEnv;
beforeAll(async () => {
  env = await testEnv();
});

const NOW = new Date('2026-06-30T12:00:00Z');
const daysBefore = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();
const setDays = (value: string) =>
  env.ctx.db
    .insert(options)
    .values({ name: OPTION_NAMES.postbackLogDays, value })
    .onConflictDoUpdate({ target: options.name, set: { value } });
// Files of a worker share one database: rows other files left past the retention go first, so each
// count below is this file's own.
const clearOld = async () => {
  // The shortest retention below.
  await setDays('30');
  await trimPostbackLog(env.ctx.db, NOW);
  await setDays('90');
};
const remaining = (siteId: number) => logRowKeysOf(env.ctx.db, siteId);

describe('trimPostbackLog', () => {
  it('keeps 90 days unless the option says otherwise', async () => {
    await clearOld();
    const { site } = await buildSite(env.ctx);
    const ids = await insertPostbackLogs(
      env.ctx.db,
      [1, 29.9, 30.1, 89.9, 90.1, 400].map((d) => ({
        time: daysBefore(d),
        siteId: site.id,
        result: 'WRONG_TOKEN' as const,
      })),
    );
    expect(await trimPostbackLog(env.ctx.db, NOW)).toBe(2);
    expect(await remaining(site.id)).toEqual(ids.slice(0, 4));
    await setDays('30');
    expect(await trimPostbackLog(env.ctx.db, NOW)).toBe(2);
    expect(await remaining(site.id)).toEqual(ids.slice(0, 2));
    // A value edited by hand that is not a count of days: the default.
    await setDays('0');
    expect(await trimPostbackLog(env.ctx.db, NOW)).toBe(0);
    expect(await remaining(site.id)).toEqual(ids.slice(0, 2));
    await setDays('90');
  });

  it('deletes in batches, once each with two runs at once, and stops after a batch when asked', async () => {
    await clearOld();
    const { site } = await buildSite(env.ctx);
    // 36 rows from 100 days back, three per instant, and 3 recent ones.
    await bulkLogRows(env.ctx.db, site.id, 36, daysBefore(100), 60_000);
    const [recent] = await insertPostbackLogs(env.ctx.db, [
      { time: daysBefore(2), siteId: site.id, result: 'DUPLICATE' },
    ]);
    expect(await trimPostbackLog(env.ctx.db, NOW, { batch: 10, stopping: () => true })).toBe(10);
    expect(await remaining(site.id)).toHaveLength(27);
    const runs = await Promise.all([1, 2].map(() => trimPostbackLog(env.ctx.db, NOW, { batch: 7 })));
    expect(runs.reduce<number>((sum, n) => sum + (n ?? 0), 0)).toBe(26);
    expect(await remaining(site.id)).toEqual([recent]);
  });

  it('never deletes an accepted postback: it is its sale, kept as long as the sale', async () => {
    await clearOld();
    const path = await buildClickPath(env.ctx);
    const click = await clickAt(env.ctx, path, daysBefore(401));
    const sale = await saleAt(env.ctx, path.site.id, click, daysBefore(400), { ip: '10.3.0.1' });
    const [duplicate] = await insertPostbackLogs(env.ctx.db, [
      { time: daysBefore(399), siteId: path.site.id, result: 'DUPLICATE', saleId: sale },
    ]);
    expect(await logKeysOf(env.ctx.db, path.site.id)).toEqual([duplicate, `sale-${sale}`]);
    expect(await trimPostbackLog(env.ctx.db, NOW)).toBe(1);
    expect(await logKeysOf(env.ctx.db, path.site.id)).toEqual([`sale-${sale}`]);
  });
});
