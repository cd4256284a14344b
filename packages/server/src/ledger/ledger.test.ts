import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SaleStatus } from '@salesdesk/contract';
import { queryOne, queryRows, sql } from '../db/client';
import { linkTypes, sales } from '../db/schema';
import { recordSale } from '../postback/service';
import { countRollupMismatches, rebuildRollups } from '../rollups/rebuild';
import { buildAdmin, buildClickPath } from '../test/factories';
import { testEnv, type TestEnv } from '../test/harness';
import { recordClick } from '../tracking/service';
import { addAdjustment } from './adjust';
import { reverseSale } from './reverse';
import { changeHeldSales } from './status';

let env: TestEnv;
beforeAll(async () => {
  env = await testEnv();
});

async function saleOn(opts: { held?: boolean } = {}) {
  const p = await buildClickPath(env.ctx);
  await env.ctx.db
    .update(linkTypes)
    .set({ payout: '100.35', earning: '10.15', lpp: 2 })
    .where(eq(linkTypes.id, p.type.id));
  const click = await recordClick(env.ctx, {
    siteId: p.site.id,
    typeId: p.type.id,
    agentId: p.agent.id,
    ip: '10.30.0.1',
    time: new Date('2026-03-07T23:30:00-05:00'),
  });
  if (!click) throw new Error('click refused');
  const { saleId } = await recordSale(env.ctx, {
    siteId: p.site.id,
    clickId: click.clickId,
    event: 'sale',
    txId: 'tx-1',
    date: new Date('2026-03-07T23:40:00-05:00'),
  });
  if (opts.held) await env.ctx.db.update(sales).set({ status: SaleStatus.Held }).where(eq(sales.id, saleId));
  if (opts.held) await rebuildRollups(env.ctx.db, { siteIds: [p.site.id] });
  return { p, saleId };
}

const mismatches = (siteId: number) => countRollupMismatches(env.ctx.db, { siteIds: [siteId] });
const totals = (agentId: number) =>
  queryOne<Record<string, string | number>>(
    env.ctx.db,
    sql`select sum(sales)::int as sales, sum(payout)::text as payout, sum(earn)::text as earn, sum(lpp)::int as lpp,
               sum(reversals)::int as reversals, sum(reversal_payout)::text as reversal_payout,
               sum(held)::int as held, sum(held_payout)::text as held_payout,
               sum(adjustments)::int as adjustments, sum(adjust_payout)::text as adjust_payout
        from stats_daily where agent_id = ${agentId}`,
  );

describe('ledger', () => {
  it('reverses an approved sale once: a negated row dated now, the sale day unchanged', async () => {
    const { p, saleId } = await saleOn();
    const first = await reverseSale(
      env.ctx.db,
      { siteId: p.site.id, txId: 'tx-1' },
      {
        kind: 'refund',
        reason: null,
        by: null,
      },
    );
    expect(first).toMatchObject({ kind: 'reversed', saleId, wasHeld: false });
    const again = await reverseSale(env.ctx.db, { id: saleId }, { kind: 'refund', reason: null, by: null });
    expect(again).toEqual({
      kind: 'duplicate',
      saleId,
      reversalId: first.kind === 'reversed' ? first.reversalId : -1,
    });
    const other = await reverseSale(
      env.ctx.db,
      { id: saleId },
      { kind: 'chargeback', reason: 'x', by: null },
    );
    expect(other).toEqual({ kind: 'already-reversed', saleId });
    expect(
      await reverseSale(
        env.ctx.db,
        { siteId: p.site.id, txId: 'nope' },
        {
          kind: 'refund',
          reason: null,
          by: null,
        },
      ),
    ).toEqual({ kind: 'unknown-sale' });

    const rows = await queryRows<{
      event_type: number;
      payout: string;
      earning: string;
      lpp: number;
      day: string;
    }>(
      env.ctx.db,
      sql`select event_type, payout::text, earning::text, lpp,
                 (date at time zone 'America/New_York')::date::text as day
          from sales where site_id = ${p.site.id} order by id`,
    );
    expect(rows.map((r) => [r.event_type, r.payout, r.earning, r.lpp])).toEqual([
      [0, '100.35', '10.15', 2],
      [3, '-100.35', '-10.15', -2],
    ]);
    expect(rows[0].day).toBe('2026-03-07');
    expect(rows[1].day).not.toBe('2026-03-07');
    expect(await totals(p.agent.id)).toMatchObject({
      sales: 1,
      payout: '0.00',
      earn: '0.00',
      lpp: 0,
      reversals: 1,
      reversal_payout: '-100.35',
    });
    expect(await mismatches(p.site.id)).toBe(0);
  });

  it('a reversal dated for history lands on its own Eastern day, still once per sale', async () => {
    const { p, saleId } = await saleOn();
    const at = new Date('2026-03-08T03:30:00-04:00');
    const first = await reverseSale(
      env.ctx.db,
      { id: saleId },
      { kind: 'chargeback', reason: 'r', by: null, at },
    );
    expect(first).toMatchObject({ kind: 'reversed', saleId });
    const again = await reverseSale(
      env.ctx.db,
      { id: saleId },
      { kind: 'chargeback', reason: 'r', by: null, at: new Date('2026-03-20T12:00:00Z') },
    );
    expect(again.kind).toBe('duplicate');
    const rows = await queryRows<{ day: string; at: string }>(
      env.ctx.db,
      sql`select day::text, (select date from sales where reverses_id = ${saleId})::text as at
          from stats_daily where agent_id = ${p.agent.id} and reversals > 0`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].day).toBe('2026-03-08');
    expect(Date.parse(rows[0].at)).toBe(at.getTime());
    expect(await mismatches(p.site.id)).toBe(0);
  });

  it('reverses a sale at most once when many reversals race for it', async () => {
    const { p, saleId } = await saleOn();
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        reverseSale(
          env.ctx.db,
          { id: saleId },
          { kind: i % 2 ? 'refund' : 'chargeback', reason: 'r', by: null },
        ),
      ),
    );
    expect(outcomes.filter((o) => o.kind === 'reversed')).toHaveLength(1);
    const n = await queryOne<{ n: number }>(
      env.ctx.db,
      sql`select count(*)::int as n from sales where reverses_id = ${saleId}`,
    );
    expect(n?.n).toBe(1);
    expect(await mismatches(p.site.id)).toBe(0);
  });

  it('reversing a held sale only rejects it; held sales approve and reject with their figures', async () => {
    const held = await saleOn({ held: true });
    expect(await totals(held.p.agent.id)).toMatchObject({
      sales: 0,
      payout: '0.00',
      held: 1,
      held_payout: '100.35',
    });
    const out = await reverseSale(
      env.ctx.db,
      { id: held.saleId },
      { kind: 'chargeback', reason: 'stolen card', by: null },
    );
    expect(out).toEqual({ kind: 'reversed', saleId: held.saleId, reversalId: null, wasHeld: true });
    expect(await totals(held.p.agent.id)).toMatchObject({
      sales: 0,
      held: 0,
      held_payout: '0.00',
      reversals: 0,
    });
    expect(await mismatches(held.p.site.id)).toBe(0);

    const other = await saleOn({ held: true });
    const admin = await buildAdmin(env.ctx);
    const changes = await Promise.all(
      [1, 2].map(() =>
        changeHeldSales(env.ctx.db, sql`id = ${other.saleId}`, {
          status: SaleStatus.Approved,
          reason: 'checked',
          by: admin.accountId,
        }),
      ),
    );
    expect(changes.sort()).toEqual([0, 1]);
    expect(await totals(other.p.agent.id)).toMatchObject({ sales: 1, payout: '100.35', held: 0 });
    expect(await mismatches(other.p.site.id)).toBe(0);
  });

  it('an adjustment is a money row of its own in the agent office, counted in the net', async () => {
    const { p } = await saleOn();
    const admin = await buildAdmin(env.ctx);
    const id = await addAdjustment(
      env.ctx.db,
      { agentId: p.agent.id, payout: '-20.10', earning: '0', date: '2026-03-08', note: 'partial refund' },
      admin.accountId,
    );
    expect(id).toBeGreaterThan(0);
    expect(await totals(p.agent.id)).toMatchObject({
      payout: '80.25',
      adjustments: 1,
      adjust_payout: '-20.10',
    });
    expect(
      await addAdjustment(
        env.ctx.db,
        { agentId: 2147483647, payout: '1', earning: '0', date: '2026-03-08', note: 'x' },
        admin.accountId,
      ),
    ).toBeUndefined();
    expect(await countRollupMismatches(env.ctx.db, { from: '2026-03-01', to: '2026-03-10' })).toBe(0);
  });
});
