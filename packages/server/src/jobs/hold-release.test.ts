import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SaleStatus } from '@salesdesk/contract';
import { sales } from '../db/schema';
import { countRollupMismatches } from '../rollups/rebuild';
import { agentFigures, heldSales } from '../test/held-sales-fixtures';
import { testEnv, type TestEnv } from '../test/harness';
import { releaseHeldSales } from './hold-release';

let env: TestEnv;
beforeAll(async () => {
  env = await testEnv();
});

const NOW = new Date('2026-03-20T12:00:00Z');
const statusOf = async (ids: number[]) =>
  (
    await env.ctx.db
      .select({ id: sales.id, status: sales.status, holdUntil: sales.holdUntil })
      .from(sales)
      .where(inArray(sales.id, ids))
  ).sort((a, b) => a.id - b.id);

// Files of a worker share one database: held sales other files left due at NOW are approved first, so
// each count below is this file's own.
const clearDue = () => releaseHeldSales(env.ctx.db, new Date('2026-03-21T00:00:00Z'));

describe('releaseHeldSales', () => {
  it('approves the sales whose hold is up, in batches, once each with two runs at once', async () => {
    await clearDue();
    const due = ['2026-03-09T16:00:00Z', '2026-03-19T00:00:00Z', '2026-03-20T11:59:59Z', NOW.toISOString()];
    const { path, ids } = await heldSales(env.ctx, [...due, '2026-03-20T12:00:01Z']);
    // A link type's 100.00 payout and 10.00 earning per sale (test/factories.ts).
    expect(await agentFigures(env.ctx, path.agent.id)).toMatchObject({
      sales: 0,
      payout: '0.00',
      held: 5,
      held_payout: '500.00',
    });
    const runs = await Promise.all([1, 2].map(() => releaseHeldSales(env.ctx.db, NOW, { batch: 3 })));
    expect(runs.reduce<number>((sum, n) => sum + (n ?? 0), 0)).toBe(4);
    const rows = await statusOf(ids);
    expect(rows.map((r) => r.status)).toEqual([
      SaleStatus.Approved,
      SaleStatus.Approved,
      SaleStatus.Approved,
      SaleStatus.Approved,
      SaleStatus.Held,
    ]);
    expect(rows[0].holdUntil).toBeNull();
    expect(rows[4].holdUntil?.toISOString()).toBe('2026-03-20T12:00:01.000Z');
    expect(await agentFigures(env.ctx, path.agent.id)).toMatchObject({
      sales: 4,
      payout: '400.00',
      earn: '40.00',
      held: 1,
      held_payout: '100.00',
    });
    expect(await countRollupMismatches(env.ctx.db, { siteIds: [path.site.id] })).toBe(0);

    // Nothing is due any more: a later run changes nothing until the last hold is up.
    expect(await releaseHeldSales(env.ctx.db, NOW)).toBe(0);
    expect(await releaseHeldSales(env.ctx.db, new Date('2026-03-21T00:00:00Z'))).toBe(1);
    expect(await agentFigures(env.ctx, path.agent.id)).toMatchObject({
      sales: 5,
      held: 0,
      held_payout: '0.00',
    });
    expect(await countRollupMismatches(env.ctx.db, { siteIds: [path.site.id] })).toBe(0);
  });

  it('stops after the batch in progress when the process is stopping', async () => {
    await clearDue();
    const { ids } = await heldSales(env.ctx, [
      '2026-03-10T00:00:00Z',
      '2026-03-11T00:00:00Z',
      '2026-03-12T00:00:00Z',
    ]);
    expect(await releaseHeldSales(env.ctx.db, NOW, { batch: 2, stopping: () => true })).toBe(2);
    expect((await statusOf(ids)).map((r) => r.status)).toEqual([
      SaleStatus.Approved,
      SaleStatus.Approved,
      SaleStatus.Held,
    ]);
    expect(await releaseHeldSales(env.ctx.db, NOW, { batch: 2 })).toBe(1);
  });
});
