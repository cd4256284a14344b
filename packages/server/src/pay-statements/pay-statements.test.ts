// Pay statements: who sees which (an agent its own, an office its agents', admins all; another office's
// ids answer 404), a statement's lines against the raw rows, the notes of adjustments for admins only, and
// a closed statement that never changes while a late refund of its dates lands on the next one. Closing a
// period is global, so these tests run on a database of their own.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  datedInClosedPeriod,
  type TList,
  type TPayStatement,
  type TPayStatementRow,
} from '@salesdesk/contract';
import { queryRows } from '../db/client';
import { reopenPayPeriod } from '../pay-periods/close';
import { call, ownDatabaseTestEnv, type TestEnv } from '../test/harness';
import {
  adjustOn,
  buildStatementWorld,
  cents,
  closeForTest,
  markPaidForTest,
  reverseAt,
  sellAt,
  type StatementWorld,
} from '../test/pay-statements-fixtures';

let env: TestEnv;
let w: StatementWorld;
const P1 = { start: '2001-01-01', end: '2001-01-15' };
const P2 = { start: '2001-01-16', end: '2001-01-31' };
let lateRefundOf: number;

// Eastern noon of a January 2001 day.
const jan = (day: number) => `2001-01-${String(day).padStart(2, '0')}T17:00:00Z`;

beforeAll(async () => {
  env = await ownDatabaseTestEnv('statements');
  w = await buildStatementWorld(env.ctx);
  const db = env.ctx.db;
  await db.execute(sql`update link_types set bonus = true, bonus_payout = 30 where id = ${w.g1.type.id}`);
  // Site 2 pays AVP: 1 to 10 sales a week pay ₱15 and $2 each.
  await db.execute(sql`update sites set avp = true where id = ${w.g1b.site.id}`);
  await db.execute(
    sql`insert into avp_periods ("index", "from", "to", payout_php, payout_dollars) values (1, 1, 10, 15, 2)`,
  );
  // P1: g1 sells twice and a bonus on site 1, twice on site 2 (one charged back in P1) in the week of
  // 2000-12-31, and has two adjustments; g2 and h1 sell once each.
  await sellAt(env.ctx, w.g1, jan(2));
  lateRefundOf = await sellAt(env.ctx, w.g1, jan(3));
  await sellAt(env.ctx, w.g1, jan(4), 'bonus');
  await sellAt(env.ctx, w.g1b, jan(5));
  const refunded = await sellAt(env.ctx, w.g1b, jan(6));
  await reverseAt(env.ctx, refunded, jan(7), 'chargeback');
  await adjustOn(env.ctx, w.g1.agent.id, '2001-01-08', '50.00', 'internal: goodwill', 'Thank you bonus');
  await adjustOn(env.ctx, w.g1.agent.id, '2001-01-09', '-20.25', 'internal: fee');
  await sellAt(env.ctx, w.g2, jan(10));
  await sellAt(env.ctx, w.h1, jan(11));
  await closeForTest(env.ctx, P1, w.adminId);
});

type Answer<T> = { status: number; body: T };
const get = <T>(token: string, url: string) => call<T>(env.app, 'GET', url, { token }) as Promise<Answer<T>>;
const list = (token: string, query = '') => get<TList<TPayStatementRow>>(token, `pay-statements?${query}`);
const statement = (token: string, start: string, agentId: number) =>
  get<TPayStatement>(token, `pay-statements/${start}/${agentId}`);
const agentsOf = (r: Answer<TList<TPayStatementRow>>) => r.body.items.map((s) => s.agentId).sort();

describe('who sees which statements', () => {
  it('shows an agent its own, an office its agents, admins every agent', async () => {
    const { g1, g2, h1 } = w;
    expect(agentsOf(await list(w.tokens.g1))).toEqual([g1.agent.id]);
    expect(agentsOf(await list(w.tokens.office1))).toEqual([g1.agent.id, g2.agent.id].sort());
    expect(agentsOf(await list(w.tokens.office2))).toEqual([h1.agent.id]);
    for (const who of ['admin', 'superadmin'] as const) {
      const all = await list(w.tokens[who], `start=${P1.start}`);
      expect(all.status).toBe(200);
      expect(agentsOf(all)).toEqual([g1.agent.id, g2.agent.id, h1.agent.id].sort());
      expect(all.body.total).toBe(3);
    }
    expect((await statement(w.tokens.office1, P1.start, g2.agent.id)).status).toBe(200);
  });

  it("answers 404 for another agent's or another office's statement, filter or file", async () => {
    const { g2, h1 } = w;
    const t = w.tokens;
    const refused: [string, string][] = [
      [t.g1, `pay-statements/${P1.start}/${g2.agent.id}`],
      [t.g1, `pay-statements/${P1.start}/${g2.agent.id}/export`],
      [t.g1, `pay-statements?agentId=${g2.agent.id}`],
      [t.g1, `pay-statements?companyId=${h1.office.id}`],
      [t.office1, `pay-statements/${P1.start}/${h1.agent.id}`],
      [t.office1, `pay-statements/${P1.start}/${h1.agent.id}/export`],
      [t.office1, `pay-statements?companyId=${h1.office.id}`],
      [t.office1, `pay-statements?agentId=${h1.agent.id}`],
      [t.office1, `pay-statements/export?agentId=${h1.agent.id}`],
      [t.office2, `pay-statements/${P1.start}/${g2.agent.id}`],
      // Nobody has a statement of an open period or of an agent that does not exist.
      [t.admin, `pay-statements/${P2.start}/${g2.agent.id}`],
      [t.admin, `pay-statements/${P1.start}/2147483647`],
    ];
    for (const [token, url] of refused) expect((await get(token, url)).status, url).toBe(404);
  });

  it('filters by period, office and agent, newest period first, and pages on the server', async () => {
    const admin = w.tokens.admin;
    const byOffice = await list(admin, `companyId=${w.g1.office.id}`);
    expect(agentsOf(byOffice)).toEqual([w.g1.agent.id, w.g2.agent.id].sort());
    const byAgent = await list(admin, `agentId=${w.h1.agent.id}&start=${P1.start}`);
    expect(byAgent.body.items).toMatchObject([{ agentId: w.h1.agent.id, start: P1.start, end: P1.end }]);
    expect((await list(admin, `start=${P2.start}`)).body).toEqual({ items: [], total: 0 });
    const pages = [];
    for (let page = 1; page <= 3; page++) {
      const res = await list(admin, `companyId=${w.g1.office.id}&pageSize=1&page=${page}`);
      expect(res.body.total).toBe(2);
      pages.push(...res.body.items.map((s) => s.agentId));
    }
    expect(pages.sort()).toEqual([w.g1.agent.id, w.g2.agent.id].sort());
  });
});

describe('the period choice', () => {
  it('lists the closed and paid periods, newest first, to every role; 401 without a session', async () => {
    for (const token of [w.tokens.g1, w.tokens.office2, w.tokens.admin]) {
      // Other files of this worker close periods of their own: this one's is among them.
      const res = await get<{ start: string; end: string; status: string }[]>(
        token,
        'pay-statements/periods',
      );
      expect(res.status).toBe(200);
      expect(res.body).toContainEqual({ ...P1, status: 'closed' });
      expect(res.body.every((p) => p.status === 'closed' || p.status === 'paid')).toBe(true);
      const starts = res.body.map((p) => p.start);
      expect(starts).toEqual([...starts].sort().reverse());
    }
    expect((await call(env.app, 'GET', 'pay-statements/periods', {})).status).toBe(401);
  });
});

describe('a statement', () => {
  it('lists sales, bonuses and reversals per site, AVP pay per week, each adjustment with its note for admins', async () => {
    const res = await statement(w.tokens.admin, P1.start, w.g1.agent.id);
    expect(res.status).toBe(200);
    const s = res.body;
    const site1 = w.g1.site.sitename;
    const site2 = w.g1b.site.sitename;
    const bySite = (a: string, b: string) => [a, b].sort();
    expect(s.lines.filter((l) => l.kind === 'sales').map((l) => l.site)).toEqual(bySite(site1, site2));
    expect(s.lines).toEqual(
      expect.arrayContaining([
        {
          kind: 'sales',
          site: site1,
          count: 2,
          payout: '200.00',
          dollars: null,
          note: null,
          internalNote: null,
        },
        {
          kind: 'sales',
          site: site2,
          count: 2,
          payout: '200.00',
          dollars: null,
          note: null,
          internalNote: null,
        },
        {
          kind: 'bonuses',
          site: site1,
          count: 1,
          payout: '30.00',
          dollars: null,
          note: null,
          internalNote: null,
        },
        {
          kind: 'reversals',
          site: site2,
          count: 1,
          payout: '-100.00',
          dollars: null,
          note: null,
          internalNote: null,
        },
        {
          kind: 'avp',
          site: null,
          count: 2,
          payout: '30.00',
          dollars: '4.00',
          note: 'Week 2000-12-31 - 2001-01-06: 2 AVP sales at ₱15 and $2.00',
          internalNote: null,
        },
      ]),
    );
    expect(s.lines.slice(-2)).toEqual([
      {
        kind: 'adjustments',
        site: null,
        count: 1,
        payout: '50.00',
        dollars: null,
        note: 'Thank you bonus',
        internalNote: 'internal: goodwill',
      },
      {
        kind: 'adjustments',
        site: null,
        count: 1,
        payout: '-20.25',
        dollars: null,
        note: 'Adjustment 2001-01-09',
        internalNote: 'internal: fee',
      },
    ]);
    expect(s.lines.map((l) => l.kind)).toEqual([
      'sales',
      'sales',
      'bonuses',
      'avp',
      'reversals',
      'adjustments',
      'adjustments',
    ]);
    expect(s.lines.reduce((sum, l) => sum + cents(l.payout), 0n)).toBe(cents(s.total));
    expect(s).toMatchObject({
      start: P1.start,
      end: P1.end,
      status: 'closed',
      agentId: w.g1.agent.id,
      username: w.g1.agentUsername,
      officeName: w.g1.office.officeName,
      total: '389.75',
      carriedIn: '0.00',
      payable: '389.75',
      carriedOut: '0.00',
      dollars: '4.00',
      paidAt: null,
    });
  });

  it('shows offices and agents each adjustment with its note to the agent or its date, never the internal note', async () => {
    for (const token of [w.tokens.g1, w.tokens.office1]) {
      const s = (await statement(token, P1.start, w.g1.agent.id)).body;
      const adjustments = s.lines.filter((l) => l.kind === 'adjustments');
      const line = { kind: 'adjustments', site: null, count: 1, dollars: null, internalNote: null };
      expect(adjustments).toEqual([
        { ...line, payout: '50.00', note: 'Thank you bonus' },
        { ...line, payout: '-20.25', note: 'Adjustment 2001-01-09' },
      ]);
      expect(s.lines.every((l) => l.internalNote === null)).toBe(true);
      expect(JSON.stringify(s)).not.toContain('internal:');
      expect(s.total).toBe('389.75');
    }
  });

  it("states each AVP line's week, sales and rate as the raw rows have them", async () => {
    const s = (await statement(w.tokens.g1, P1.start, w.g1.agent.id)).body;
    const raw = await queryRows<{ week: string; n: number }>(
      env.ctx.db,
      sql`select (d - extract(dow from d)::int)::text as week, count(*)::int as n
          from (select (date at time zone 'America/New_York')::date as d from sales
                where agent_id = ${w.g1.agent.id} and site_id = ${w.g1b.site.id} and event_type = 0
                  and status = 0 and pay_period = ${P1.start}::date) t
          group by 1 order by 1`,
    );
    const avp = s.lines.filter((l) => l.kind === 'avp');
    expect(avp.map((l) => l.count)).toEqual(raw.map((r) => r.n));
    for (const [i, l] of avp.entries()) {
      const m = /^Week (\S+) - (\S+): (\d+) AVP sales? at ₱(\d+)/.exec(l.note ?? '');
      expect(m, l.note ?? '').not.toBeNull();
      expect([m![1], Number(m![3])]).toEqual([raw[i].week, l.count]);
      expect(cents(l.payout)).toBe(BigInt(l.count) * BigInt(m![4]) * 100n);
    }
  });

  it("never changes once closed: a late refund of the period's sale is on the next period's statement", async () => {
    const before = (await statement(w.tokens.admin, P1.start, w.g1.agent.id)).body;
    const beforeList = (await list(w.tokens.admin, `start=${P1.start}`)).body;
    await reverseAt(env.ctx, lateRefundOf, jan(12));
    await sellAt(env.ctx, w.g1, jan(13));
    expect((await statement(w.tokens.admin, P1.start, w.g1.agent.id)).body).toEqual(before);
    expect((await list(w.tokens.admin, `start=${P1.start}`)).body).toEqual(beforeList);

    await closeForTest(env.ctx, P2, w.adminId);
    const next = (await statement(w.tokens.g1, P2.start, w.g1.agent.id)).body;
    expect(next.lines).toEqual([
      {
        kind: 'sales',
        site: w.g1.site.sitename,
        count: 1,
        payout: '100.00',
        dollars: null,
        note: null,
        internalNote: null,
      },
      {
        kind: 'reversals',
        site: w.g1.site.sitename,
        count: 1,
        payout: '-100.00',
        dollars: null,
        note: null,
        internalNote: null,
      },
    ]);
    expect(next).toMatchObject({ total: '0.00', payable: '0.00', carriedIn: '0.00', carriedOut: '0.00' });
    expect((await statement(w.tokens.admin, P1.start, w.g1.agent.id)).body).toEqual(before);

    await markPaidForTest(env.ctx, P1.start, w.adminId);
    const paid = (await statement(w.tokens.admin, P1.start, w.g1.agent.id)).body;
    expect(paid).toEqual({ ...before, status: 'paid', paidAt: expect.any(String) });
    const stored = await queryRows<{ paid_at: Date | string }>(
      env.ctx.db,
      sql`select paid_at from pay_periods where start = ${P1.start}::date`,
    );
    expect(paid.paidAt).toBe(new Date(stored[0].paid_at).toISOString());
    expect((await list(w.tokens.g1, `start=${P1.start}`)).body.items[0].paidAt).toBe(paid.paidAt);
    const newest = (await list(w.tokens.g1)).body.items.map((s) => s.start);
    expect(newest).toEqual([P2.start, P1.start]);

    // A reopened period has no statement until it closes again.
    await reopenPayPeriod(env.ctx.db, P2.start, w.adminId, 'recount');
    expect((await statement(w.tokens.g1, P2.start, w.g1.agent.id)).status).toBe(404);
    expect((await list(w.tokens.g1)).body.items.map((s) => s.start)).toEqual([P1.start]);
    await closeForTest(env.ctx, P2, w.adminId);
    expect((await statement(w.tokens.g1, P2.start, w.g1.agent.id)).body).toEqual(next);
  });

  it('names, on save, the period paying an adjustment or a late sale dated inside a closed period', async () => {
    // P1 and P2 are closed: a row dated in P1 is paid in the first open period after them.
    const next = { start: '2001-02-01', end: '2001-02-15' };
    const adjusted = await call<{ paidIn: unknown }>(env.app, 'PUT', 'adjustments', {
      token: w.tokens.superadmin,
      body: { agentId: w.h1.agent.id, payout: '5', date: '2001-01-10', note: 'late' },
    });
    expect(adjusted.body).toMatchObject({ paidIn: next });
    expect(datedInClosedPeriod(next)).toBe('Dated in a closed period: paid in 2001-02-01 - 2001-02-15');

    // A sale of a site holding its sales 30 days, dated in P1, approved now.
    await env.ctx.db.execute(sql`update sites set hold_days = 30 where id = ${w.h1.site.id}`);
    const held = await sellAt(env.ctx, w.h1, jan(14));
    const approved = await call<{ changed: number; paidIn: unknown }>(env.app, 'POST', 'sales/status', {
      token: w.tokens.superadmin,
      body: { ids: [held], status: 'approved', reason: 'checked' },
    });
    expect(approved.body).toEqual({ ok: true, changed: 1, paidIn: [next] });
  });
});
