import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { addAdjustment } from '../ledger/adjust';
import { countRollupMismatches } from '../rollups/rebuild';
import { call, testEnv, type TestEnv } from '../test/harness';
import { agentFigures, moneyCallers, moneySale, rawCount, type MoneyCaller } from '../test/money-fixtures';

let env: TestEnv;
let who: Awaited<ReturnType<typeof moneyCallers>>;
beforeAll(async () => {
  env = await testEnv();
  who = await moneyCallers(env.ctx);
});

type Res = {
  status: number;
  body: { code?: string; message?: string; reversalId?: number | null; status?: string };
};
const reverse = (
  token: string,
  id: number | string,
  body: object = { kind: 'refund', reason: 'refunded' },
): Promise<Res> => call(env.app, 'POST', `sales/${id}/reverse`, { token, body });
const sale = (opts: { held?: boolean; event?: 'sale' | 'bonus' } = {}) =>
  moneySale(env.ctx, who.path, '2025-03-07T15:00:00Z', opts);
const mismatches = () => countRollupMismatches(env.ctx.db, { siteIds: [who.path.site.id] });

describe('POST sales/{id}/reverse', () => {
  it('lets superadmins and admins who see earnings in; admins without, offices and agents never', async () => {
    const allowed: MoneyCaller[] = ['superadmin', 'earningAdmin'];
    for (const caller of allowed) {
      const res = await reverse(who[caller], await sale());
      expect(res.status, caller).toBe(200);
    }
    for (const caller of ['admin', 'office', 'agent'] as const) {
      const id = await sale();
      expect((await reverse(who[caller], id)).status, caller).toBe(403);
      // Access answers before validation.
      expect((await reverse(who[caller], id, { kind: 'void' })).status, caller).toBe(403);
      expect(await rawCount(env.ctx, sql`reverses_id = ${id}`)).toBe(0);
    }
    expect((await reverse('', await sale(), { bogus: '\u0000' })).status).toBe(401);
  });

  it('writes a negated reversal row for an approved sale and moves the net figures; the sale day keeps its count', async () => {
    const before = await agentFigures(env.ctx, who.path.agent.id);
    const id = await sale();
    const res = await reverse(who.superadmin, id, { kind: 'chargeback', reason: ' stolen card ' });
    expect(res.body).toMatchObject({ ok: true, status: 'reversed' });
    const rows = await queryRows<{
      event_type: number;
      payout: string;
      earning: string;
      reverses_id: string;
      note: string;
    }>(
      env.ctx.db,
      sql`select event_type, payout::text, earning::text, reverses_id::text, note from sales where id = ${res.body.reversalId!}`,
    );
    expect(rows).toEqual([
      { event_type: 4, payout: '-100.00', earning: '-10.00', reverses_id: String(id), note: 'stolen card' },
    ]);
    const after = await agentFigures(env.ctx, who.path.agent.id);
    // The sale and its reversal: one more sale counted, the net payout back where it was.
    expect(after).toMatchObject({
      sales: Number(before!.sales) + 1,
      payout: before!.payout,
      reversals: Number(before!.reversals) + 1,
    });
    expect(await mismatches()).toBe(0);
  });

  it('rejects a held sale without a money row', async () => {
    const id = await sale({ held: true });
    const res = await reverse(who.earningAdmin, id);
    expect(res.body).toEqual({ ok: true, reversalId: null, status: 'rejected' });
    expect(await rawCount(env.ctx, sql`id = ${id} and status = 2 and note = 'refunded'`)).toBe(1);
    expect(await rawCount(env.ctx, sql`reverses_id = ${id}`)).toBe(0);
    expect(await mismatches()).toBe(0);
  });

  it('answers 409 for a sale already reversed or rejected, 404 for a reversal, an adjustment or an unknown id', async () => {
    const id = await sale({ event: 'bonus' });
    const first = await reverse(who.superadmin, id);
    expect(first.status).toBe(200);
    const again = await reverse(who.superadmin, id);
    expect(again).toMatchObject({
      status: 409,
      body: { code: 'CONFLICT', message: 'This sale was already refunded' },
    });
    expect((await reverse(who.superadmin, id, { kind: 'chargeback', reason: 'x' })).status).toBe(409);
    const held = await sale({ held: true });
    await reverse(who.superadmin, held);
    expect((await reverse(who.superadmin, held)).body.message).toBe(
      'This sale was rejected: there is nothing to reverse',
    );
    expect((await reverse(who.superadmin, first.body.reversalId!)).status).toBe(404);
    const adjustment = await addAdjustment(
      env.ctx.db,
      { agentId: who.path.agent.id, payout: '5', earning: '0', date: '2025-03-08', note: 'n' },
      1,
    );
    expect((await reverse(who.superadmin, adjustment!)).status).toBe(404);
    expect((await reverse(who.superadmin, 2147483647)).status).toBe(404);
    expect(await rawCount(env.ctx, sql`reverses_id = ${id}`)).toBe(1);
    expect(await mismatches()).toBe(0);
  });

  it('reverses a sale once when the same call comes twice at once', async () => {
    const id = await sale();
    const answers = await Promise.all([reverse(who.superadmin, id), reverse(who.earningAdmin, id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await rawCount(env.ctx, sql`reverses_id = ${id}`)).toBe(1);
    expect(await mismatches()).toBe(0);
  });

  it('refuses bad input with a 400 and changes nothing', async () => {
    const id = await sale();
    const bad: [string | number, object][] = [
      ['3000000000', { kind: 'refund', reason: 'r' }],
      ['0x10', { kind: 'refund', reason: 'r' }],
      ['1e3', { kind: 'refund', reason: 'r' }],
      ['-1', { kind: 'refund', reason: 'r' }],
      [id, { kind: 'void', reason: 'r' }],
      [id, { kind: 'refund' }],
      [id, { kind: 'refund', reason: '' }],
      [id, { kind: 'refund', reason: '   ' }],
      [id, { kind: 'refund', reason: 'x'.repeat(501) }],
      [id, { kind: 'refund', reason: 'a\u0000b' }],
      [id, { kind: 'refund', reason: 5 }],
    ];
    for (const [path, body] of bad) {
      const res = await reverse(who.superadmin, path, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
    }
    expect(
      await rawCount(env.ctx, sql`reverses_id = ${id} or (id = ${id} and reversal_kind is not null)`),
    ).toBe(0);
  });
});
