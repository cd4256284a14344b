// A fraud-suspended agent (issue 32 part C): signs in to its Home's notice and its own pay statements
// only, its links stop, its new sales pay nothing, and activation restores everything.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_TEXTS, Role, SaleStatus, type TDashboard, type TMe } from '@salesdesk/contract';
import { queryOne, queryRows } from '../db/client';
import { accounts, agents } from '../db/schema';
import { countRollupMismatches } from '../rollups/rebuild';
import { buildAdmin, buildClickPath, login, PASSWORD, tokenFor, uniqueName } from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';
import { clickAt, type ClickPath } from '../test/logs-fixtures';

let env: TestEnv;
let superToken: string;
beforeAll(async () => {
  env = await testEnv();
  const s = await buildAdmin(env.ctx, { role: Role.Superadmin, approveAgents: true, canDelete: true });
  superToken = await tokenFor(env.ctx, s.accountId);
});

const get = <T = unknown>(token: string, url: string) => call<T>(env.app, 'GET', url, { token });
const suspendForFraud = (agentId: number) =>
  call(env.app, 'POST', `review/agents/${agentId}/suspend`, {
    token: superToken,
    body: { reason: 'stolen cards' },
  });
const setStatus = (ids: number[], change: object) =>
  call(env.app, 'POST', 'agents/status', { token: superToken, body: { ids, ...change } });
const clickUrl = (p: ClickPath) => `/api/links/go/${p.site.id}/${p.type.id}/${p.agent.id}`;
const clickStatus = async (p: ClickPath) =>
  (await env.app.inject({ method: 'GET', url: clickUrl(p) })).statusCode;
const postback = (p: ClickPath, clickId: number) =>
  call<{ ok?: true; duplicate?: boolean; saleId?: number }>(
    env.app,
    'GET',
    `postback/${p.site.id}?token=${p.site.postbackToken}&clickId=${clickId}&event=sale&txId=${uniqueName('tx')}`,
  );
const saleRow = (id: number) =>
  queryOne<{ status: number; note: string | null }>(
    env.ctx.db,
    sql`select status, note from sales where id = ${id}`,
  );
/** The agent's paid figures as stats_daily holds them, beside the approved rows they must equal. */
async function money(agentId: number) {
  const rolled = await queryOne<{ earn: string; payout: string; sales: number }>(
    env.ctx.db,
    sql`select coalesce(sum(earn), 0)::numeric(14, 2)::text as earn,
               coalesce(sum(payout), 0)::numeric(14, 2)::text as payout,
               coalesce(sum(sales), 0)::int as sales
        from stats_daily where agent_id = ${agentId}`,
  );
  const raw = await queryOne<{ earn: string; payout: string; sales: number }>(
    env.ctx.db,
    sql`select coalesce(sum(earning), 0)::numeric(14, 2)::text as earn,
               coalesce(sum(payout), 0)::numeric(14, 2)::text as payout,
               count(*)::int as sales
        from sales where agent_id = ${agentId} and status = ${SaleStatus.Approved} and event_type = 0`,
  );
  expect(rolled).toEqual(raw);
  return raw!;
}

async function suspendedPath() {
  const p = await buildClickPath(env.ctx);
  const before = await clickAt(env.ctx, p, new Date().toISOString());
  expect((await suspendForFraud(p.agent.id)).status).toBe(200);
  return { p, before };
}

describe('an agent suspended for fraud', () => {
  it('signs in and reads its Home with the notice, the news and its statements; everything else is 403', async () => {
    const { p } = await suspendedPath();
    const [g] = await env.ctx.db.select().from(agents).where(eq(agents.id, p.agent.id));
    const [a] = await env.ctx.db.select().from(accounts).where(eq(accounts.id, p.agentAccountId));
    expect({ agent: g.active, notice: g.showFraudNotes, account: a.active }).toEqual({
      agent: false,
      notice: true,
      account: true,
    });
    const token = await login(env.app, p.agentUsername, PASSWORD);
    const me = await get<TMe>(token, 'accounts/me');
    expect(me.body).toMatchObject({ username: p.agentUsername, fraudSuspended: true });
    const home = await get<TDashboard>(token, 'dashboard');
    expect(home).toMatchObject({ status: 200, body: { showAgentFraudNotes: true } });
    expect(DASHBOARD_TEXTS.fraud).toMatch(
      /suspended because your sales were flagged as made with stolen credit cards/,
    );
    for (const url of ['news/last', 'alerts/login', 'pay-statements', 'pay-statements/export'])
      expect((await get(token, url)).status, url).toBe(200);
    // Every other call is refused before its input is read (the route matrix walks them all).
    for (const [method, url] of [
      ['POST', 'links/list'],
      ['GET', 'sites'],
      ['POST', 'sale-logs'],
      ['POST', 'profile/agent'],
      ['POST', 'chat-logs/search'],
      ['GET', 'stats/site-options'],
    ] as const) {
      const res = await call<{ code: string; message: string }>(env.app, method, url, {
        token,
        body: method === 'POST' ? { bogus: '\u0000' } : undefined,
      });
      expect([res.status, res.body.code], `${method} ${url}`).toEqual([403, 'FORBIDDEN']);
      expect(res.body.message).toMatch(/suspended for fraud/);
    }
    expect((await call(env.app, 'POST', 'auth/logout', { token })).status).toBe(200);
  });

  it('has its links refused and earns nothing new: a late sale is kept, rejected', async () => {
    const { p, before } = await suspendedPath();
    expect(await clickStatus(p)).toBe(404);
    const paid = await money(p.agent.id);
    const res = await postback(p, before);
    expect(res).toMatchObject({ status: 200, body: { ok: true, duplicate: false } });
    expect(await saleRow(res.body.saleId!)).toEqual({
      status: SaleStatus.Rejected,
      note: 'Agent suspended for fraud',
    });
    expect(await money(p.agent.id)).toEqual(paid);
    expect(await countRollupMismatches(env.ctx.db, { siteIds: [p.site.id] })).toBe(0);
  });

  it('is whole again once activated: every call, its links and its sales; the notice is gone', async () => {
    const { p, before } = await suspendedPath();
    const suspendedToken = await login(env.app, p.agentUsername);
    expect((await setStatus([p.agent.id], { active: true })).status).toBe(200);
    // Activation does not end the session: the same one now reaches everything.
    expect((await get<TMe>(suspendedToken, 'accounts/me')).body.fraudSuspended).toBe(false);
    expect((await get<TDashboard>(suspendedToken, 'dashboard')).body.showAgentFraudNotes).toBe(false);
    expect(
      (
        await call(env.app, 'POST', 'links/list', {
          token: suspendedToken,
          body: { siteId: p.site.id, agentId: p.agent.id },
        })
      ).status,
    ).toBe(200);
    expect(await clickStatus(p)).toBe(302);
    const paid = await money(p.agent.id);
    const res = await postback(p, before);
    expect(await saleRow(res.body.saleId!)).toMatchObject({ status: SaleStatus.Approved, note: null });
    expect((await money(p.agent.id)).sales).toBe(paid.sales + 1);
  });

  it('plain Suspend still means no sign-in, also after a fraud suspension', async () => {
    const { p } = await suspendedPath();
    const token = await login(env.app, p.agentUsername);
    expect((await setStatus([p.agent.id], { active: false })).status).toBe(200);
    expect((await get(token, 'accounts/me')).status).toBe(401);
    await expect(login(env.app, p.agentUsername)).rejects.toThrow(/400.*suspended/);
  });

  it('stays suspended for fraud when its office is suspended and activated again', async () => {
    const { p } = await suspendedPath();
    const offices = (active: boolean) =>
      call(env.app, 'POST', 'offices/status', { token: superToken, body: { ids: [p.office.id], active } });
    expect((await offices(false)).status).toBe(200);
    await expect(login(env.app, p.agentUsername)).rejects.toThrow(/400/);
    expect((await offices(true)).status).toBe(200);
    const token = await login(env.app, p.agentUsername);
    expect((await get<TMe>(token, 'accounts/me')).body.fraudSuspended).toBe(true);
    expect(await clickStatus(p)).toBe(404);
  });
});

describe('an agent of a suspended office', () => {
  it('suspended for fraud, still cannot sign in until its office is activated', async () => {
    const p = await buildClickPath(env.ctx);
    const offices = (active: boolean) =>
      call(env.app, 'POST', 'offices/status', { token: superToken, body: { ids: [p.office.id], active } });
    expect((await offices(false)).status).toBe(200);
    expect((await suspendForFraud(p.agent.id)).status).toBe(200);
    await expect(login(env.app, p.agentUsername)).rejects.toThrow(/400/);
    expect((await offices(true)).status).toBe(200);
    const token = await login(env.app, p.agentUsername);
    expect((await get<TMe>(token, 'accounts/me')).body.fraudSuspended).toBe(true);
  });
});

describe('the fraud notice', () => {
  it('shows only to the agent suspended for fraud, never to an office or an admin', async () => {
    const { p } = await suspendedPath();
    const office = await tokenFor(env.ctx, p.office.accountId);
    expect((await get<TDashboard>(office, 'dashboard')).body.showAgentFraudNotes).toBe(false);
    expect((await get<TDashboard>(superToken, 'dashboard')).body.showAgentFraudNotes).toBe(false);
    const rows = await queryRows<{ n: number }>(
      env.ctx.db,
      sql`select count(*)::int as n from agents where id = ${p.agent.id} and show_fraud_notes`,
    );
    expect(rows[0].n).toBe(1);
  });
});
