import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Role, type TList, type TPostbackLogRow } from '@salesdesk/contract';
import { queryRows } from '../db/client';
import { buildAdmin, buildClickPath, tokenFor } from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';
import { clickAt, saleAt } from '../test/logs-fixtures';
import { seedDemoPostbackLogs } from './postback-logs';

let env: TestEnv;
beforeAll(async () => {
  env = await testEnv();
});

describe('demo postback log', () => {
  it('makes each sale its accepted entry, with some repeats, and refusals on some days', async () => {
    const p = await buildClickPath(env.ctx);
    const click = await clickAt(env.ctx, p, '2026-05-01T14:00:00Z');
    const saleIds: number[] = [];
    for (let day = 1; day <= 40; day++)
      saleIds.push(
        await saleAt(
          env.ctx,
          p.site.id,
          click,
          `2026-05-${String((day % 28) + 1).padStart(2, '0')}T15:00:00Z`,
        ),
      );
    await seedDemoPostbackLogs(env.ctx.db, [p.site.id]);
    const rows = await queryRows<{ result: string; sale_id: string | null; n: number }>(
      env.ctx.db,
      sql`select result, sale_id::text, count(*)::int as n from postback_logs where site_id = ${p.site.id}
          group by result, sale_id order by result, sale_id`,
    );
    // Accepted: the sales themselves, with the site's address.
    expect(rows.filter((r) => r.result === 'ACCEPTED')).toEqual([]);
    const addressed = await queryRows<{ id: string }>(
      env.ctx.db,
      sql`select id::text from sales where site_id = ${p.site.id} and postback_ip like '198.51.100.%' order by sales.id`,
    );
    expect(addressed.map((r) => Number(r.id)).sort((a, b) => a - b)).toEqual(saleIds);
    // By number: the rows come ordered by the id's text, where 1036 sorts before 999.
    const duplicates = rows
      .filter((r) => r.result === 'DUPLICATE')
      .map((r) => Number(r.sale_id))
      .sort((a, b) => a - b);
    expect(duplicates).toEqual(saleIds.filter((id) => id % 37 === 0));
    expect(rows.some((r) => r.result === 'WRONG_TOKEN' || r.result === 'UNKNOWN_CLICK')).toBe(true);

    const admin = await tokenFor(env.ctx, (await buildAdmin(env.ctx, { role: Role.Superadmin })).accountId);
    const res = await call<TList<TPostbackLogRow>>(env.app, 'POST', 'postback-logs', {
      token: admin,
      body: { siteId: p.site.id, result: 'ACCEPTED' },
    });
    expect(res.body.total).toBe(40);
    expect(res.body.items[0]).toMatchObject({ sitename: p.site.sitename, event: 'sale', clickId: click });
  });

  it('dates no row after now, though the history ends today', async () => {
    const p = await buildClickPath(env.ctx);
    const now = Date.now();
    const click = await clickAt(env.ctx, p, new Date(now - 3 * 86_400_000).toISOString());
    // Sales today (the last one a moment ago) and on the days before it.
    for (const ago of [30_000, 3_600_000, 86_400_000, 2 * 86_400_000])
      await saleAt(env.ctx, p.site.id, click, new Date(now - ago).toISOString());
    for (let day = 1; day <= 40; day++)
      await saleAt(env.ctx, p.site.id, click, new Date(now - day * 86_400_000 - 60_000).toISOString());
    await seedDemoPostbackLogs(env.ctx.db, [p.site.id]);
    const late = await queryRows<{ time: string; result: string }>(
      env.ctx.db,
      sql`select time::text, result from postback_logs
          where site_id in (${p.site.id}, 2147480000) and time > now()`,
    );
    expect(late).toEqual([]);
    const kinds = await queryRows<{ result: string }>(
      env.ctx.db,
      sql`select distinct result from postback_logs where site_id = ${p.site.id} or site_id = 2147480000`,
    );
    expect(kinds.map((k) => k.result)).toEqual(
      expect.arrayContaining(['UNKNOWN_CLICK', 'UNKNOWN_SITE', 'WRONG_TOKEN']),
    );
  });
});
