// Each role's Home (issue 37) beyond its totals (stats/exactness.test.ts checks those against the raw rows):
// an agent's last statement and AVP progress, an office's idle agents, top 5 and held sales, an admin's
// refused postbacks, failing webhooks and payouts to make (earnings only), each role only its tenant.
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  addDays,
  easternDay,
  type TAdminHome,
  type TAgentHome,
  type THome,
  type TOfficeHome,
} from '@salesdesk/contract';
import { queryRows } from '../db/client';
import { buildAdmin, tokenFor } from '../test/factories';
import { call, ownDatabaseTestEnv, type TestEnv } from '../test/harness';
import {
  buildStatementWorld,
  closeForTest,
  sellAt,
  type StatementWorld,
} from '../test/pay-statements-fixtures';
import { insertPostbackLogs } from '../test/postback-logs-fixtures';
import { setAvpSchedule } from '../test/report-fixtures';
import { buildEndpoint } from '../test/webhooks-fixtures';

let env: TestEnv;
let w: StatementWorld;
let plainAdmin: string;
const now = new Date();
const today = easternDay(now);
const P = { start: '2002-01-01', end: '2002-01-15' };

const home = async <T extends THome>(token: string) => {
  const res = await call<T>(env.app, 'GET', 'home', { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

beforeAll(async () => {
  env = await ownDatabaseTestEnv('home');
  w = await buildStatementWorld(env.ctx);
  const admin = await buildAdmin(env.ctx);
  plainAdmin = await tokenFor(env.ctx, admin.accountId);
  // g1's site pays AVP: 2-4 sales a week at ₱10, 5 and more at ₱150.
  await env.ctx.db.execute(sql`update sites set avp = true where id = ${w.g1.site.id}`);
  await setAvpSchedule(env.ctx, [
    { index: 0, from: 0, to: 1, payoutPhp: '0.00', payoutDollars: '0.00' },
    { index: 1, from: 2, to: 4, payoutPhp: '10.00', payoutDollars: '0.00' },
    { index: 2, from: 5, to: 1000, payoutPhp: '150.00', payoutDollars: '0.00' },
  ]);
  await sellAt(env.ctx, w.g1, `${P.start}T17:00:00Z`);
  await closeForTest(env.ctx, P, w.adminId);
  // At the test's own instant: a minute earlier could be yesterday just after midnight Eastern.
  const at = now.toISOString();
  for (let i = 0; i < 3; i++) await sellAt(env.ctx, w.g1, at);
  await sellAt(env.ctx, w.g2, at);
  await insertPostbackLogs(env.ctx.db, [
    { time: at, siteId: w.g1.site.id, result: 'WRONG_TOKEN', count: 3 },
    { time: at, siteId: w.g1.site.id, result: 'UNKNOWN_CLICK' },
    {
      time: new Date(now.getTime() - 30 * 3_600_000).toISOString(),
      siteId: w.g1.site.id,
      result: 'BAD_INPUT',
    },
  ]);
  const hook = await buildEndpoint(env.ctx, admin.accountId);
  await env.ctx.db.execute(sql`update webhook_endpoints set failures = 4 where id = ${hook.id}`);
});

describe("each role's Home", () => {
  it("shows an agent its last statement and how far this week's AVP sales are from the next volume", async () => {
    const h = await home<TAgentHome>(w.tokens.g1);
    expect(h.kind).toBe('agent');
    expect(h.today).toMatchObject({ start: today, sales: 3 });
    expect(h.lastStatement).toMatchObject({ start: P.start, end: P.end, paidOn: null, summary: null });
    expect(Number(h.lastStatement!.payable)).toBeGreaterThan(0);
    expect(h.avp.sites).toEqual([{ siteId: w.g1.site.id, site: expect.any(String), sales: 3 }]);
    // 3 sales this week: 2 more reach 5+, whose week pays 5 x ₱150.
    expect(h.avp.progress).toEqual({
      weekSales: 3,
      next: { index: 2, from: 5, to: 1000, more: 2, payout: '750.00' },
    });
    expect(h.today.earning).toBeNull();
  });

  it('shows an office its idle agents, its top 5 this week and what is held, never another office', async () => {
    const one = await home<TOfficeHome>(w.tokens.office1);
    expect(one.kind).toBe('office');
    expect(one.today.sales).toBe(4);
    expect(one.top5.map((a) => [a.agentId, a.sales])).toEqual([
      [w.g1.agent.id, 3],
      [w.g2.agent.id, 1],
    ]);
    expect(one.idleAgents).toBe(0);
    const [held] = await queryRows<{ n: number }>(
      env.ctx.db,
      sql`select count(*)::int as n from sales where status = 1 and office_id = ${w.g1.office.id}`,
    );
    expect(one.heldForReview).toBe(held.n);
    const two = await home<TOfficeHome>(w.tokens.office2);
    expect(two.today.sales).toBe(0);
    expect(two.top5).toEqual([]);
    expect(two.idleAgents).toBe(1);
    expect(two.idle).toEqual([expect.objectContaining({ agentId: w.h1.agent.id, lastSale: null })]);
  });

  it("shows admins today against last week's same day, refused postbacks of 24 hours and what needs them", async () => {
    const h = await home<TAdminHome>(w.tokens.superadmin);
    expect(h.kind).toBe('admin');
    expect(h.today.sales).toBe(4);
    expect(h.lastWeek).toMatchObject({ start: addDays(today, -7), sales: 0 });
    expect(h.refusedPostbacks).toEqual([
      { reason: 'WRONG_TOKEN', count: 3 },
      { reason: 'UNKNOWN_CLICK', count: 1 },
    ]);
    expect(h.failingWebhooks).toBe(1);
    expect(h.pendingPayouts).toEqual({ lines: 0, amount: '0.00' });
    expect(h.today.earning).not.toBeNull();
    expect(h.clickWriter.ok).toBe(true);
    const plain = await home<TAdminHome>(plainAdmin);
    expect(plain.pendingPayouts).toBeNull();
    expect(plain.today.earning).toBeNull();
  });

  it('answers without a session 401', async () => {
    expect((await call(env.app, 'GET', 'home')).status).toBe(401);
  });
});
