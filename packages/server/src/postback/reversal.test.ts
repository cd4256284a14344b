// Refund and chargeback postbacks, and sales that arrive held: the rows, stats_daily and the answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventType, SaleStatus } from '@salesdesk/contract';
import { queryRows, sql } from '../db/client';
import { countRollupMismatches } from '../rollups/rebuild';
import {
  clickedPath,
  postRoute,
  queryOf,
  rollupDays,
  saleAt,
  saleRow,
  startLane,
  type Answer,
  type ClickedPath,
} from '../test/postback-fixtures';
import { testEnv, type TestEnv } from '../test/harness';

let env: TestEnv;
let lane: Awaited<ReturnType<typeof startLane>>;
beforeAll(async () => {
  env = await testEnv();
  lane = await startLane(env.ctx);
});
afterAll(() => lane.close());

let ipCount = 0;
const freshIp = () => `10.88.${(++ipCount >> 8) & 255}.${ipCount & 255}`;

/** A reversal through the lane (GET) or the route (POST form). */
const reverse = (
  p: ClickedPath,
  txId: string,
  event: 'refund' | 'chargeback',
  via: 'lane' | 'route' = 'lane',
) => {
  const params = { token: p.site.postbackToken, event, txId };
  return via === 'lane'
    ? lane.get(`/api/postback/${p.site.id}?${queryOf(params)}`, freshIp())
    : postRoute(env, `/api/postback/${p.site.id}`, params, 'form', freshIp());
};
const sale = (p: ClickedPath, txId: string): Promise<Answer> =>
  lane.get(
    `/api/postback/${p.site.id}?${queryOf({ token: p.site.postbackToken, clickId: p.clickId, event: 'sale', txId })}`,
    freshIp(),
  );
const mismatches = (p: ClickedPath) => countRollupMismatches(env.ctx.db, { siteIds: [p.site.id] });
const moneyRows = (p: ClickedPath) =>
  queryRows<{ id: string; event_type: number; reverses_id: string | null }>(
    env.ctx.db,
    sql`select id::text, event_type, reverses_id::text from sales where site_id = ${p.site.id} order by sales.id`,
  );
const SALE_DATE = new Date('2026-03-07T23:40:00-05:00');

describe('refund and chargeback postbacks', () => {
  it('reverse an approved sale: a negated row dated now, the net drops, the sale day unchanged', async () => {
    const p = await clickedPath(env);
    const { saleId } = await saleAt(env.ctx, p, 'r-1', SALE_DATE);
    const before = await rollupDays(env.ctx, p.site.id);
    const started = Date.now();
    const res = await reverse(p, 'r-1', 'refund');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, duplicate: false });
    const reversalId = res.body.saleId!;
    expect(reversalId).not.toBe(saleId);
    const row = await saleRow(env.ctx, reversalId);
    expect(row).toMatchObject({
      event_type: EventType.Refund,
      status: SaleStatus.Approved,
      payout: '-150.25',
      earning: '-25.10',
      lpp: -2,
      reverses_id: String(saleId),
    });
    expect(row!.date).toBeGreaterThanOrEqual(started - 5_000);
    expect(await saleRow(env.ctx, saleId)).toMatchObject({ status: SaleStatus.Approved, reversal_kind: 3 });

    const after = await rollupDays(env.ctx, p.site.id);
    const saleDay = before.find((d) => d.day === '2026-03-07');
    expect(saleDay).toMatchObject({ sales: 1, payout: '150.25', earn: '25.10', reversals: 0 });
    expect(after.find((d) => d.day === '2026-03-07')).toEqual(saleDay);
    const today = after.find((d) => d.day === row!.day);
    expect(today).toMatchObject({
      sales: 0,
      payout: '-150.25',
      earn: '-25.10',
      lpp: -2,
      reversals: 1,
      reversal_payout: '-150.25',
      reversal_earn: '-25.10',
    });
    const net = after.reduce((sum, d) => sum + Number(d.payout), 0);
    expect(net).toBe(0);
    expect(await mismatches(p)).toBe(0);
  });

  it('reject a held sale: no money row, out of the held figures', async () => {
    const p = await clickedPath(env, { holdDays: 5 });
    const first = await sale(p, 'h-1');
    expect(first.status).toBe(200);
    const saleId = first.body.saleId!;
    expect(await saleRow(env.ctx, saleId)).toMatchObject({ status: SaleStatus.Held });
    expect(await rollupDays(env.ctx, p.site.id)).toEqual([
      expect.objectContaining({ sales: 0, held: 1, held_payout: '150.25', payout: '0.00' }),
    ]);

    const res = await reverse(p, 'h-1', 'chargeback', 'route');
    expect([res.status, res.body]).toEqual([200, { ok: true, duplicate: false, saleId }]);
    expect(await saleRow(env.ctx, saleId)).toMatchObject({
      status: SaleStatus.Rejected,
      reversal_kind: EventType.Chargeback,
      hold_until: null,
    });
    expect(await moneyRows(p)).toHaveLength(1);
    expect(await rollupDays(env.ctx, p.site.id)).toEqual([
      expect.objectContaining({ sales: 0, held: 0, held_payout: '0.00', payout: '0.00', reversals: 0 }),
    ]);
    // A repeat answers the same sale; the other kind is refused.
    expect(await reverse(p, 'h-1', 'chargeback')).toEqual({
      status: 200,
      body: { ok: true, duplicate: true, saleId },
    });
    expect(await reverse(p, 'h-1', 'refund')).toMatchObject({
      status: 409,
      body: { code: 'ALREADY_REVERSED' },
    });
    expect(await mismatches(p)).toBe(0);
  });

  it('answer a repeat duplicate with the same row, the other kind ALREADY_REVERSED, an unknown txId UNKNOWN_SALE', async () => {
    const p = await clickedPath(env);
    expect((await sale(p, 'd-1')).status).toBe(200);
    const first = await reverse(p, 'd-1', 'refund', 'route');
    const again = await reverse(p, 'd-1', 'refund');
    const viaRoute = await reverse(p, 'd-1', 'refund', 'route');
    expect(again).toEqual({ status: 200, body: { ok: true, duplicate: true, saleId: first.body.saleId } });
    expect(viaRoute).toEqual(again);
    for (const via of ['lane', 'route'] as const) {
      const other = await reverse(p, 'd-1', 'chargeback', via);
      expect(other).toMatchObject({ status: 409, body: { code: 'ALREADY_REVERSED' } });
      const unknown = await reverse(p, 'no-such-tx', 'refund', via);
      expect(unknown).toMatchObject({ status: 404, body: { code: 'UNKNOWN_SALE' } });
    }
    // A reversal's txId is the sale's: a sale postback with it is still the sale's duplicate.
    expect((await sale(p, 'd-1')).body).toMatchObject({ duplicate: true });
    expect((await moneyRows(p)).map((r) => r.event_type)).toEqual([EventType.Sale, EventType.Refund]);
    expect(await mismatches(p)).toBe(0);
  });

  it('reverse once when the same reversal arrives many times at once', async () => {
    const p = await clickedPath(env);
    expect((await sale(p, 'c-1')).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => reverse(p, 'c-1', 'chargeback', i % 2 ? 'lane' : 'route')),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(answers.filter((a) => !a.body.duplicate)).toHaveLength(1);
    const rows = await moneyRows(p);
    expect(rows.map((r) => r.event_type)).toEqual([EventType.Sale, EventType.Chargeback]);
    expect(new Set(answers.map((a) => a.body.saleId))).toEqual(new Set([Number(rows[1].id)]));
    expect(await mismatches(p)).toBe(0);
  });

  it('do not need a clickId; a sale or bonus still does', async () => {
    const p = await clickedPath(env);
    const noClick = await lane.get(
      `/api/postback/${p.site.id}?${queryOf({ token: p.site.postbackToken, event: 'sale', txId: 'x' })}`,
      freshIp(),
    );
    expect(noClick).toMatchObject({
      status: 400,
      body: { code: 'BAD_INPUT', data: { clickId: ['clickId is required'] } },
    });
    expect(await reverse(p, 'x', 'refund')).toMatchObject({ status: 404, body: { code: 'UNKNOWN_SALE' } });
  });
});

describe('sales of a site with hold days', () => {
  it('arrive held until the date plus the hold days, counted as held only', async () => {
    const p = await clickedPath(env, { holdDays: 3 });
    const started = Date.now();
    const res = await sale(p, 'held-1');
    expect(res.status).toBe(200);
    const row = await saleRow(env.ctx, res.body.saleId!);
    expect(row).toMatchObject({ status: SaleStatus.Held, payout: '150.25' });
    expect(row!.date).toBeGreaterThanOrEqual(started - 5_000);
    // Three calendar days of the session time zone: 72 hours, or one more or less across a DST switch.
    expect(Math.abs(row!.hold_until! - row!.date - 3 * 86_400_000)).toBeLessThanOrEqual(3_600_000);
    expect(await rollupDays(env.ctx, p.site.id)).toEqual([
      expect.objectContaining({
        sales: 0,
        payout: '0.00',
        held: 1,
        held_payout: '150.25',
        held_earn: '25.10',
      }),
    ]);
    expect(await mismatches(p)).toBe(0);
  });

  it('arrive approved when the site has none', async () => {
    const p = await clickedPath(env);
    const res = await sale(p, 'now-1');
    expect(await saleRow(env.ctx, res.body.saleId!)).toMatchObject({
      status: SaleStatus.Approved,
      hold_until: null,
    });
  });
});
