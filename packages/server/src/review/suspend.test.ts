import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, EventType, FraudRule, PayPeriodStatus, SaleStatus } from '@salesdesk/contract';
import { queryOne, queryRows } from '../db/client';
import { accounts, agents, payPeriods } from '../db/schema';
import { countRollupMismatches } from '../rollups/rebuild';
import { buildAgent, tokenFor } from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';
import { secondAgent } from '../test/logs-fixtures';
import { queueSale, reviewCallers, saleState, type ReviewCaller } from '../test/review-fixtures';

let env: TestEnv;
let who: Awaited<ReturnType<typeof reviewCallers>>;
// A closed pay period of this file's own, removed after it: a sale paid in it is never charged back.
let closedStart: string | null = null;

beforeAll(async () => {
  env = await testEnv();
  who = await reviewCallers(env.ctx);
});
afterAll(async () => {
  if (closedStart) await env.ctx.db.delete(payPeriods).where(eq(payPeriods.start, closedStart));
});

type Answer = { ok?: true; rejected?: number; reversed?: number; code?: string; message?: string };
const suspend = (caller: ReviewCaller | '', agentId: number | string, body: unknown) =>
  call<Answer>(env.app, 'POST', `review/agents/${agentId}/suspend`, {
    token: caller ? who[caller] : undefined,
    body,
  });

const now = () => new Date().toISOString();
const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString();

/** An agent of the path's office with held, approved and rejected sales, one of them in a closed period. */
async function suspect(opts: { closedSale?: boolean } = {}) {
  const path = await secondAgent(env.ctx, who.path);
  const sale = (at: string, o: Parameters<typeof queueSale>[3] = {}) => queueSale(env.ctx, path, at, o);
  let closed: number | null = null;
  if (opts.closedSale) {
    closed = await sale('2025-01-06T15:00:00Z');
    const row = await queryOne<{ p: string }>(
      env.ctx.db,
      sql`select pay_period::text as p from sales where id = ${closed}`,
    );
    closedStart = row!.p;
    await env.ctx.db
      .insert(payPeriods)
      .values({ start: closedStart, end: addDays(closedStart, 14), status: PayPeriodStatus.Closed })
      .onConflictDoNothing();
  }
  return {
    path,
    held: [
      await sale(hourAgo(), { held: true, flags: FraudRule.FastSale }),
      await sale(now(), { held: true }),
    ],
    approved: [await sale(hourAgo()), await sale(now(), { flags: FraudRule.SelfReferral })],
    closed,
  };
}

const agentRow = async (id: number) => {
  const [g] = await env.ctx.db.select().from(agents).where(eq(agents.id, id));
  const [a] = await env.ctx.db.select().from(accounts).where(eq(accounts.id, g.accountId));
  return { active: g.active && a.active, showFraudNotes: g.showFraudNotes, sessionVersion: a.sessionVersion };
};
const reversalsOf = (saleIds: number[]) =>
  queryRows<{ reverses_id: string; event_type: number; payout: string; note: string }>(
    env.ctx.db,
    sql`select reverses_id::text, event_type, payout::text, note from sales
        where reverses_id = any(${sql.param(saleIds)}::bigint[]) order by reverses_id`,
  );
const mismatches = (siteId: number) => countRollupMismatches(env.ctx.db, { siteIds: [siteId] });

describe('POST review/agents/{id}/suspend', () => {
  it('suspends, signs out, sets the fraud notice, rejects held sales and charges back the open period', async () => {
    const s = await suspect({ closedSale: true });
    const agentToken = await tokenFor(env.ctx, s.path.agentAccountId);
    const res = await suspend('moneyApprover', s.path.agent.id, {
      reason: 'card testing ring',
      reverseApproved: true,
    });
    expect(res).toMatchObject({ status: 200, body: { ok: true, rejected: 2, reversed: 2 } });
    expect(await agentRow(s.path.agent.id)).toMatchObject({ active: false, showFraudNotes: true });
    expect((await call(env.app, 'GET', 'accounts/me', { token: agentToken })).status).toBe(401);
    for (const id of s.held)
      expect(await saleState(env.ctx, id)).toMatchObject({
        status: SaleStatus.Rejected,
        note: 'card testing ring',
      });
    const reversals = await reversalsOf([...s.approved, s.closed!]);
    expect(reversals.map((r) => Number(r.reverses_id))).toEqual(s.approved);
    for (const r of reversals) {
      expect(r.event_type).toBe(EventType.Chargeback);
      expect(r.note).toBe('card testing ring');
      expect(r.payout.startsWith('-')).toBe(true);
    }
    // Paid in a closed period: left alone.
    expect(await saleState(env.ctx, s.closed!)).toMatchObject({
      status: SaleStatus.Approved,
      reversal_kind: null,
    });
    expect(await mismatches(s.path.site.id)).toBe(0);
  });

  it('leaves approved sales alone unless asked', async () => {
    const s = await suspect();
    const res = await suspend('approver', s.path.agent.id, { reason: 'self-referrals' });
    expect(res.body).toEqual({ ok: true, rejected: 2, reversed: 0 });
    expect(await reversalsOf(s.approved)).toEqual([]);
    expect(await agentRow(s.path.agent.id)).toMatchObject({ active: false, showFraudNotes: true });
  });

  it('charges back only for those who see earnings; a refusal changes nothing', async () => {
    const s = await suspect();
    const before = await agentRow(s.path.agent.id);
    const res = await suspend('approver', s.path.agent.id, { reason: 'x', reverseApproved: true });
    expect(res.status).toBe(403);
    expect(await agentRow(s.path.agent.id)).toEqual(before);
    expect(await saleState(env.ctx, s.held[0])).toMatchObject({ status: SaleStatus.Held });
  });

  it('is refused to admins without the permission, offices and agents; an unknown agent is 404', async () => {
    const own = await buildAgent(env.ctx, { officeId: who.path.office.id });
    const other = await buildAgent(env.ctx);
    for (const caller of ['admin', 'earningAdmin', 'office', 'agent'] as const)
      for (const agent of [own, other]) {
        expect((await suspend(caller, agent.agent.id, { reason: 'r' })).status, caller).toBe(403);
        expect((await suspend(caller, agent.agent.id, { reason: 1 })).status, caller).toBe(403);
      }
    expect((await suspend('', own.agent.id, { reason: 'r' })).status).toBe(401);
    expect(await agentRow(own.agent.id)).toMatchObject({ active: true, showFraudNotes: false });
    // Admins see every office: another office's agent is theirs to suspend, an unknown one is not found.
    expect((await suspend('superadmin', other.agent.id, { reason: 'r' })).status).toBe(200);
    expect((await suspend('superadmin', 2147483647, { reason: 'r' })).status).toBe(404);
  });

  it('refuses bad input with a 400 and changes nothing', async () => {
    const s = await suspect();
    const id = s.path.agent.id;
    for (const [agentId, body] of [
      ['0x10', { reason: 'r' }],
      ['1e3', { reason: 'r' }],
      ['2147483648', { reason: 'r' }],
      [0, { reason: 'r' }],
      [id, { reason: '' }],
      [id, { reason: 'x'.repeat(501) }],
      [id, { reason: 'r\u0000' }],
      [id, { reason: 'r', reverseApproved: 'true' }],
      [id, { reverseApproved: false }],
      [id, ['reason']],
    ] as const)
      expect((await suspend('superadmin', agentId, body)).status, `${agentId} ${JSON.stringify(body)}`).toBe(
        400,
      );
    expect(await agentRow(id)).toMatchObject({ active: true, showFraudNotes: false });
  });

  it('twice at once: each sale changes once and the figures stay exact', async () => {
    const s = await suspect();
    const body = { reason: 'two reviewers at once', reverseApproved: true };
    const answers = await Promise.all([
      suspend('moneyApprover', s.path.agent.id, body),
      suspend('superadmin', s.path.agent.id, body),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const sum = (k: 'rejected' | 'reversed') => answers.reduce((n, a) => n + (a.body[k] ?? 0), 0);
    expect([sum('rejected'), sum('reversed')]).toEqual([2, 2]);
    expect(await reversalsOf(s.approved)).toHaveLength(2);
    expect(await mismatches(s.path.site.id)).toBe(0);
  });
});
