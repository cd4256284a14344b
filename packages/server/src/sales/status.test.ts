import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { countRollupMismatches } from '../rollups/rebuild';
import { call, testEnv, type TestEnv } from '../test/harness';
import { agentFigures, moneyCallers, moneySale, rawCount } from '../test/money-fixtures';

let env: TestEnv;
let who: Awaited<ReturnType<typeof moneyCallers>>;
beforeAll(async () => {
  env = await testEnv();
  who = await moneyCallers(env.ctx);
});

type Res = { status: number; body: { code?: string; message?: string; changed?: number } };
const change = (token: string, body: object): Promise<Res> =>
  call(env.app, 'POST', 'sales/status', { token, body });
const sale = (held = true) => moneySale(env.ctx, who.path, '2025-04-07T15:00:00Z', { held });
const mismatches = () => countRollupMismatches(env.ctx.db, { siteIds: [who.path.site.id] });
const statusOf = async (id: number) =>
  (await rawCount(env.ctx, sql`id = ${id} and status = 0`))
    ? 'approved'
    : (await rawCount(env.ctx, sql`id = ${id} and status = 2`))
      ? 'rejected'
      : 'held';

describe('POST sales/status', () => {
  it('lets superadmins and admins who see earnings in; admins without, offices and agents never', async () => {
    for (const caller of ['superadmin', 'earningAdmin'] as const) {
      const id = await sale();
      const res = await change(who[caller], { ids: [id], status: 'approved', reason: 'checked' });
      expect(res, caller).toMatchObject({ status: 200, body: { ok: true, changed: 1 } });
    }
    for (const caller of ['admin', 'office', 'agent'] as const) {
      const id = await sale();
      expect(
        (await change(who[caller], { ids: [id], status: 'approved', reason: 'ok' })).status,
        caller,
      ).toBe(403);
      expect((await change(who[caller], { ids: ['x'] })).status, caller).toBe(403);
      expect(await statusOf(id)).toBe('held');
    }
    expect((await change('', { ids: '\u0000' })).status).toBe(401);
  });

  it('approves or rejects held sales only, says how many changed, and moves the figures', async () => {
    const before = await agentFigures(env.ctx, who.path.agent.id);
    const [a, b, c] = [await sale(), await sale(), await sale()];
    const approvedOne = await sale(false);
    const res = await change(who.superadmin, {
      ids: [a, b, approvedOne, a, 2147483647],
      status: 'approved',
      reason: 'ok',
    });
    expect(res.body).toEqual({ ok: true, changed: 2, paidIn: [] });
    const rejected = await change(who.superadmin, { ids: [c], status: 'rejected', reason: 'fraud' });
    expect(rejected.body.changed).toBe(1);
    expect(await rawCount(env.ctx, sql`id = ${c} and status = 2 and note = 'fraud'`)).toBe(1);
    const after = await agentFigures(env.ctx, who.path.agent.id);
    // Three sales approved in all (two held, one approved from the start), one rejected: none held left.
    expect(after).toMatchObject({
      sales: Number(before!.sales) + 3,
      held: Number(before!.held),
      held_payout: before!.held_payout,
    });
    const cents = (v: unknown) => Math.round(Number(v) * 100);
    expect(cents(after!.payout) - cents(before!.payout)).toBe(30000);
    expect(await mismatches()).toBe(0);
  });

  it('answers 409 when none of the sales is held (an approved, a rejected or an unknown one)', async () => {
    const approved = await sale(false);
    const res = await change(who.superadmin, {
      ids: [approved, 2147483647],
      status: 'rejected',
      reason: 'x',
    });
    expect(res).toMatchObject({
      status: 409,
      body: { code: 'CONFLICT', message: 'None of these sales is held' },
    });
    expect(await statusOf(approved)).toBe('approved');
  });

  it('changes a sale once when the same change comes twice at once', async () => {
    const id = await sale();
    const body = { ids: [id], status: 'rejected', reason: 'duplicate order' };
    const answers = await Promise.all([change(who.superadmin, body), change(who.earningAdmin, body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body.message).toBe('This sale is not held');
    expect(await statusOf(id)).toBe('rejected');
    expect(await mismatches()).toBe(0);
  });

  it('refuses bad input with a 400 and changes nothing', async () => {
    const id = await sale();
    const ok = { ids: [id], status: 'approved', reason: 'r' };
    const bad: object[] = [
      { ...ok, ids: [3_000_000_000] },
      { ...ok, ids: [String(id)] },
      { ...ok, ids: ['0x10'] },
      { ...ok, ids: ['1e3'] },
      { ...ok, ids: [1.5] },
      { ...ok, ids: [0] },
      { ...ok, ids: [] },
      { ...ok, ids: Array.from({ length: 501 }, (_, i) => i + 1) },
      { ...ok, ids: id },
      { ...ok, status: 'held' },
      { ...ok, status: 'reversed' },
      { ...ok, reason: '' },
      { ...ok, reason: 'x'.repeat(501) },
      { ...ok, reason: 'r\u0000' },
      { ids: [id], status: 'approved' },
    ];
    for (const body of bad) {
      const res = await change(who.superadmin, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect(await statusOf(id)).toBe('held');
  });
});
