import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Role, SaleStatus, weekOf, type TDashboard } from '@salesdesk/contract';
import { agents, offices } from '../db/schema';
import { getLastNews } from '../news/service';
import { changeHeldSales } from '../ledger/status';
import { reverseSale } from '../ledger/reverse';
import { recordSale } from '../postback/service';
import { buildAdmin, tokenFor, uniqueName } from '../test/factories';
import { holdSale } from '../test/money-fixtures';
import { call, testEnv, type TestEnv } from '../test/harness';
import { loadPrincipal } from '../http/auth';
import {
  buildSalesWorld,
  expectedRanking,
  sell,
  type SalesWorld,
  type WorldAgent,
} from '../test/sales-fixtures';
import { getDashboard } from './service';

let env: TestEnv;
let adminToken: string;
beforeAll(async () => {
  env = await testEnv();
  adminToken = await tokenFor(env.ctx, (await buildAdmin(env.ctx)).accountId);
});

const dashboard = (token?: string) => call<TDashboard>(env.app, 'GET', 'dashboard', { token });
const principal = async (accountId: number) => (await loadPrincipal(env.ctx, accountId))!;

describe('GET dashboard', () => {
  it('needs a session', async () => {
    expect((await dashboard()).status).toBe(401);
  });

  it('ranks this week and all time exactly as the raw sales add up, for every role', async () => {
    const w = await buildSalesWorld(env.ctx, [2, 1]);
    const [a, b, c] = w.agents;
    const now = new Date();
    await sell(env.ctx, w, a, now, 3);
    await sell(env.ctx, w, b, now, 1);
    await sell(env.ctx, w, c, now, 2);
    await sell(env.ctx, w, c, now, 4, 'bonus'); // bonus events are not sales
    const week = weekOf(now);

    const asAdmin = await dashboard(adminToken);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.weekPeriod).toEqual(week);
    expect(asAdmin.body.weekTop10).toEqual(
      (await expectedRanking(env.ctx, 'agent', week, true)).slice(0, 10),
    );
    expect(asAdmin.body.allTimeTop10).toEqual(
      (await expectedRanking(env.ctx, 'agent', {}, true)).slice(0, 10),
    );
    expect(asAdmin.body.weekOfficeTop10).toEqual(
      (await expectedRanking(env.ctx, 'company', week, true)).slice(0, 10),
    );
    expect(asAdmin.body.agentNotes).toBeNull();
    expect(asAdmin.body.showAgentFraudNotes).toBe(false);

    // Offices and agents see the same leaderboard, without the office of each agent.
    for (const accountId of [w.offices[0].accountId, c.accountId]) {
      const res = await dashboard(await tokenFor(env.ctx, accountId));
      expect(res.status).toBe(200);
      expect(res.body.weekTop10).toEqual((await expectedRanking(env.ctx, 'agent', week, false)).slice(0, 10));
      expect(res.body.allTimeTop10).toEqual(
        (await expectedRanking(env.ctx, 'agent', {}, false)).slice(0, 10),
      );
      expect(res.body.weekOfficeTop10).toEqual(asAdmin.body.weekOfficeTop10);
      expect(res.body.weekTop10.every((r) => r.office === null)).toBe(true);
      expect(JSON.stringify(res.body)).not.toMatch(/"(id|agentId|companyId|officeId)"/);
    }
  });

  it("shows the office's notes, the agent's Must Read, the news and the fraud banner to the right roles", async () => {
    const w = await buildSalesWorld(env.ctx, [2]);
    const [flagged, plain] = w.agents;
    await env.ctx.db
      .update(offices)
      .set({ agentNotes: '<p>Office rules</p>' })
      .where(eq(offices.id, w.offices[0].id));
    await env.ctx.db
      .update(agents)
      // Suspended for fraud as the review queue leaves it: the agent row only, the account still active.
      .set({ mustRead: '<p>Read me</p>', showFraudNotes: true, active: false })
      .where(eq(agents.id, flagged.id));
    const news = await getLastNews(env.ctx);

    const agentView = (await dashboard(await tokenFor(env.ctx, flagged.accountId))).body;
    expect(agentView).toMatchObject({
      agentNotes: '<p>Office rules</p><p>Read me</p>',
      showAgentFraudNotes: true,
      lastNews: news,
    });
    const plainView = (await dashboard(await tokenFor(env.ctx, plain.accountId))).body;
    expect(plainView).toMatchObject({ agentNotes: '<p>Office rules</p>', showAgentFraudNotes: false });
    const officeView = (await dashboard(await tokenFor(env.ctx, w.offices[0].accountId))).body;
    expect(officeView).toMatchObject({
      agentNotes: '<p>Office rules</p>',
      showAgentFraudNotes: false,
      lastNews: news,
    });

    await env.ctx.db.update(offices).set({ agentNotes: '<p> </p>' }).where(eq(offices.id, w.offices[0].id));
    expect((await dashboard(await tokenFor(env.ctx, plain.accountId))).body.agentNotes).toBeNull();
  });
});

describe('dashboard weeks', () => {
  let w: SalesWorld;
  let adminAccountId: number;
  beforeAll(async () => {
    w = await buildSalesWorld(env.ctx, [3, 1]);
    adminAccountId = (await buildAdmin(env.ctx)).accountId;
  });

  it('counts the Sunday-to-Saturday Eastern week across the spring DST switch', async () => {
    const [a, b, c, d] = w.agents;
    await sell(env.ctx, w, a, '2031-03-08T23:30:00-05:00', 2); // Saturday: the week before
    await sell(env.ctx, w, a, '2031-03-09T00:30:00-05:00'); // Sunday, still EST
    await sell(env.ctx, w, a, '2031-03-09T03:30:00-04:00'); // Sunday, EDT
    await sell(env.ctx, w, a, '2031-03-15T23:59:00-04:00'); // Saturday, last minute
    await sell(env.ctx, w, b, '2031-03-16T00:00:00-04:00', 2); // the next week
    await sell(env.ctx, w, b, '2031-03-12T12:00:00-04:00');
    await sell(env.ctx, w, c, '2031-03-12T12:00:00-04:00', 3, 'bonus');
    await sell(env.ctx, w, d, '2031-03-10T09:00:00-04:00', 2);

    const p = await principal(adminAccountId);
    const got = await getDashboard(env.ctx, p, new Date('2031-03-12T12:00:00-04:00'));
    expect(got.weekPeriod).toEqual({ start: '2031-03-09', end: '2031-03-15' });
    expect(got.weekTop10.map((r) => [r.agent, r.sales])).toEqual([
      [a.username, 3],
      [d.username, 2],
      [b.username, 1],
    ]);
    expect(got.weekTop10[0]).toEqual({
      office: w.offices[0].officeName,
      agent: a.username,
      agentName: `Ag ${a.username}`,
      sales: 3,
    });
    expect(got.weekOfficeTop10).toEqual([
      { office: w.offices[0].officeName, agent: null, agentName: null, sales: 4 },
      { office: w.offices[1].officeName, agent: null, agentName: null, sales: 2 },
    ]);
    expect(got.weekTop10).toEqual(
      (await expectedRanking(env.ctx, 'agent', got.weekPeriod, true)).slice(0, 10),
    );
    // Sunday 00:30 EST belongs to the new week; Saturday 23:30 EST to the one before.
    const before = await getDashboard(env.ctx, p, new Date('2031-03-08T23:30:00-05:00'));
    expect(before.weekPeriod).toEqual({ start: '2031-03-02', end: '2031-03-08' });
    expect(before.weekTop10).toEqual([expect.objectContaining({ agent: a.username, sales: 2 })]);
  });

  it('counts the week across the autumn switch, keeps 10 rows and ranks equal sales by username', async () => {
    const extra = await buildSalesWorld(env.ctx, [12]);
    await sell(env.ctx, extra, extra.agents[0], '2031-11-01T23:59:00-04:00', 5); // Saturday before
    await sell(env.ctx, extra, extra.agents[0], '2031-11-02T00:00:00-04:00'); // Sunday midnight EDT
    await sell(env.ctx, extra, extra.agents[0], '2031-11-02T01:30:00-04:00');
    await sell(env.ctx, extra, extra.agents[0], '2031-11-02T01:30:00-05:00'); // the repeated hour
    await sell(env.ctx, extra, extra.agents[0], '2031-11-08T23:59:00-05:00', 9);
    await sell(env.ctx, extra, extra.agents[0], '2031-11-09T00:00:00-05:00', 4); // the next week
    for (const [i, g] of extra.agents.slice(1).entries()) {
      await sell(env.ctx, extra, g, '2031-11-05T12:00:00-05:00', i < 2 ? 3 : 1 + (i % 3));
    }
    const p = await principal(extra.offices[0].accountId);
    const got = await getDashboard(env.ctx, p, new Date('2031-11-05T12:00:00-05:00'));
    expect(got.weekPeriod).toEqual({ start: '2031-11-02', end: '2031-11-08' });
    expect(got.weekTop10).toHaveLength(10);
    expect(got.weekTop10[0]).toEqual({
      office: null,
      agent: extra.agents[0].username,
      agentName: expect.any(String),
      sales: 12,
    });
    const tied = got.weekTop10.filter((r) => r.sales === 3).map((r) => r.agent!);
    expect(tied).toEqual([...tied].sort());
    expect(got.weekTop10).toEqual(
      (await expectedRanking(env.ctx, 'agent', got.weekPeriod, false)).slice(0, 10),
    );
    expect(got.weekOfficeTop10).toEqual(
      (await expectedRanking(env.ctx, 'company', got.weekPeriod, true)).slice(0, 10),
    );
    expect(got.allTimeTop10).toEqual((await expectedRanking(env.ctx, 'agent', {}, false)).slice(0, 10));
  });

  it('counts approved sales only: a held or rejected sale never, a reversed one still in its own day', async () => {
    const mine = await buildSalesWorld(env.ctx, [3]);
    const [a, b, c] = mine.agents;
    const at = '2032-06-16T12:00:00-04:00';
    const saleOf = async (agent: WorldAgent) => {
      const txId = uniqueName('tx');
      const res = await recordSale(env.ctx, {
        siteId: mine.siteId,
        clickId: agent.clickId,
        event: 'sale',
        txId,
        date: new Date(at),
      });
      return res.saleId;
    };
    const [, held, rejected] = [await saleOf(a), await saleOf(a), await saleOf(a)];
    await holdSale(env.ctx, held);
    await holdSale(env.ctx, rejected);
    await changeHeldSales(env.ctx.db, sql`id = ${rejected}`, {
      status: SaleStatus.Rejected,
      reason: 'fraud',
      by: null,
    });
    const reversed = await saleOf(b);
    await saleOf(b);
    expect(
      await reverseSale(env.ctx.db, { id: reversed }, { kind: 'refund', reason: 'r', by: null }),
    ).toMatchObject({ kind: 'reversed' });
    await saleOf(c);
    await saleOf(c);
    const got = await getDashboard(env.ctx, await principal(adminAccountId), new Date(at));
    expect(got.weekPeriod).toEqual({ start: '2032-06-13', end: '2032-06-19' });
    const ranked = [b, c].map((g) => g.username).sort();
    expect(got.weekTop10.map((r) => [r.agent, r.sales])).toEqual([
      [ranked[0], 2],
      [ranked[1], 2],
      [a.username, 1],
    ]);
    expect(got.weekOfficeTop10).toEqual([
      expect.objectContaining({ office: mine.offices[0].officeName, sales: 5 }),
    ]);
    expect(got.weekTop10).toEqual(
      (await expectedRanking(env.ctx, 'agent', got.weekPeriod, true)).slice(0, 10),
    );
  });

  it('answers an agent without an office row with no notes rather than an error', async () => {
    const p = { ...(await principal(w.agents[0].accountId)), role: Role.Agent, agentId: -5 } as const;
    const got = await getDashboard(env.ctx, p, new Date('2031-03-12T12:00:00-04:00'));
    expect(got).toMatchObject({ agentNotes: null, showAgentFraudNotes: false });
  });
});
