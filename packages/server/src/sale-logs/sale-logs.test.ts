import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Role, type TSaleLogAnswer } from '@salesdesk/contract';
import { queryOne } from '../db/client';
import { accounts, sites } from '../db/schema';
import { buildAdmin, buildClickPath, tokenFor } from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';
import { clickAt, saleAt, secondAgent, type ClickPath } from '../test/logs-fixtures';

let env: TestEnv;
let adminToken: string;
let superToken: string;
let earningAdminToken: string;
beforeAll(async () => {
  env = await testEnv();
  adminToken = await tokenFor(env.ctx, (await buildAdmin(env.ctx)).accountId);
  superToken = await tokenFor(env.ctx, (await buildAdmin(env.ctx, { role: Role.Superadmin })).accountId);
  const earning = await buildAdmin(env.ctx);
  await env.ctx.db.update(accounts).set({ earningVisible: true }).where(eq(accounts.id, earning.accountId));
  earningAdminToken = await tokenFor(env.ctx, earning.accountId);
});

type Res = { status: number; body: TSaleLogAnswer & { code?: string; data?: Record<string, string[]> } };
const search = (token: string, body: object): Promise<Res> =>
  call(env.app, 'POST', 'sale-logs', { token, body });
const officeToken = (p: ClickPath) => tokenFor(env.ctx, p.office.accountId);

/** An office with two agents: agent 1 a sale and a bonus on one click, agent 2 a sale, in February 2024. */
async function officeWithSales() {
  const a = await buildClickPath(env.ctx, {});
  const b = await secondAgent(env.ctx, a);
  const c1 = await clickAt(env.ctx, a, '2024-02-01T14:00:00Z', { referer: 'https://ads.example/' });
  const c2 = await clickAt(env.ctx, b, '2024-02-02T14:00:00Z');
  await saleAt(env.ctx, a.site.id, c1, '2024-02-03T15:30:00Z', { email: 'Buyer@Example.com' });
  await saleAt(env.ctx, a.site.id, c1, '2024-02-04T15:30:00Z', {
    event: 'bonus',
    email: 'buyer@example.com',
  });
  await saleAt(env.ctx, a.site.id, c2, '2024-02-05T15:30:00Z', { email: 'other@example.com' });
  return { a, b, c1, c2 };
}

describe('POST sale-logs', () => {
  it('an office sees its own sales, newest first, with payouts in exact decimals and no earnings', async () => {
    const { a, b, c1 } = await officeWithSales();
    const other = await officeWithSales();
    const res = await search(await officeToken(a), { start: '2024-02-01', end: '2024-02-29' });
    expect(res.status).toBe(200);
    expect(res.body.earningVisible).toBe(false);
    expect(res.body.items.total).toBe(3);
    const [first, second, third] = res.body.items.items;
    expect(first).toMatchObject({ agent: b.agentUsername, eventType: 0, earning: null, referer: null });
    expect(second).toMatchObject({
      agent: a.agentUsername,
      eventType: 1,
      customerEmail: 'buyer@example.com',
    });
    expect(third).toMatchObject({
      date: '2024-02-03T15:30:00.000Z',
      customerEmail: 'Buyer@Example.com',
      officeName: a.office.officeName,
      sitename: a.site.sitename,
      typename: 'Main',
      payout: '100.00',
      earning: null,
      clickId: c1,
      eventType: 0,
      referer: null,
    });
    const agents = res.body.items.items.map((r) => r.agent);
    expect(agents).not.toContain(other.a.agentUsername);
  });

  it('shows earnings to the superadmin and to admins allowed to see them, referers to the superadmin only', async () => {
    const { a } = await officeWithSales();
    const mine = { companyId: a.office.id, agentId: a.agent.id };
    const superRes = await search(superToken, mine);
    expect(superRes.body.earningVisible).toBe(true);
    expect(superRes.body.items.items[1]).toMatchObject({ earning: '10.00', referer: 'https://ads.example/' });
    const allowed = await search(earningAdminToken, mine);
    expect(allowed.body.earningVisible).toBe(true);
    expect(allowed.body.items.items[1]).toMatchObject({ earning: '10.00', referer: null });
    const plain = await search(adminToken, mine);
    expect(plain.body.earningVisible).toBe(false);
    expect(plain.body.items.items[1]).toMatchObject({ earning: null, referer: null });
  });

  it('an agent sees only its own sales; another agent, office or their agent answers 404', async () => {
    const { a, b } = await officeWithSales();
    const theirs = await officeWithSales();
    const agentToken = await tokenFor(env.ctx, a.agentAccountId);
    const own = await search(agentToken, {});
    expect(own.body.items.total).toBe(2);
    expect(own.body.items.items.every((r) => r.agent === a.agentUsername)).toBe(true);
    expect((await search(agentToken, { agentId: b.agent.id })).status).toBe(404);
    const token = await officeToken(a);
    expect((await search(token, { companyId: theirs.a.office.id })).status).toBe(404);
    expect((await search(token, { agentId: theirs.b.agent.id })).status).toBe(404);
    expect((await search('', {})).status).toBe(401);
  });

  it('filters by site, agent, record type, Eastern days, click id and exact e-mail', async () => {
    const { a, b, c1, c2 } = await officeWithSales();
    const mine = { companyId: a.office.id };
    const total = async (body: object) => (await search(adminToken, { ...mine, ...body })).body.items.total;
    expect(await total({})).toBe(3);
    expect(await total({ siteId: a.site.id })).toBe(3);
    expect(await total({ agentId: b.agent.id })).toBe(1);
    expect(await total({ recordType: 0 })).toBe(2);
    expect(await total({ recordType: '1' })).toBe(1);
    // 2024-02-04T15:30Z is 10:30 on the 4th in New York.
    expect(await total({ start: '2024-02-04', end: '2024-02-04' })).toBe(1);
    expect(await total({ clickId: c1 })).toBe(2);
    expect(await total({ clickId: c2 })).toBe(1);
    // An id in a JSON body is a number: its digits as text are refused.
    expect((await search(adminToken, { ...mine, clickId: String(c2) })).status).toBe(400);
    expect(await total({ email: ' buyer@example.com ' })).toBe(1);
    expect(await total({ email: 'buyer@example' })).toBe(0);
    expect(await total({ clickId: c1, recordType: 1 })).toBe(1);
    const oldest = await search(adminToken, {
      ...mine,
      sortField: 'date',
      sortAsc: true,
      pageSize: 1,
      page: 2,
    });
    expect(oldest.body.items).toMatchObject({ total: 3 });
    expect(oldest.body.items.items.map((r) => r.eventType)).toEqual([1]);
  });

  it('answers a total equal to count(*) of the raw sales, also for a deleted site', async () => {
    const { a, b } = await officeWithSales();
    await env.ctx.db.update(sites).set({ deletedAt: new Date() }).where(eq(sites.id, a.site.id));
    const cases: { body: object; where: ReturnType<typeof sql> }[] = [
      { body: { siteId: a.site.id }, where: sql`site_id = ${a.site.id}` },
      {
        body: { agentId: b.agent.id, recordType: 0 },
        where: sql`agent_id = ${b.agent.id} and event_type = 0`,
      },
      {
        body: { companyId: a.office.id, start: '2024-02-03', end: '2024-02-04', recordType: 1 },
        where: sql`office_id = ${a.office.id} and event_type = 1 and date >= '2024-02-03T05:00:00Z' and date < '2024-02-05T05:00:00Z'`,
      },
    ];
    for (const c of cases) {
      const raw = await queryOne<{ n: number }>(
        env.ctx.db,
        sql`select count(*)::int as n from sales where ${c.where}`,
      );
      expect(raw!.n).toBeGreaterThan(0);
      expect((await search(adminToken, c.body)).body.items.total, JSON.stringify(c.body)).toBe(raw!.n);
    }
  });

  it('refuses bad input with a validation error', async () => {
    const bad: object[] = [
      { start: '2024-01-01' },
      { start: '2024-02-01', end: '2024-01-01' },
      { clickId: 'abc' },
      { clickId: '0x10' },
      { clickId: '1e3' },
      { clickId: 0 },
      { clickId: '9007199254740993' },
      { recordType: 2 },
      { recordType: 'sale' },
      { siteId: 3_000_000_000 },
      { agentId: '1\u0000' },
      { email: 'x'.repeat(129) },
      { sortField: 'email' },
      { pageSize: 501 },
    ];
    for (const body of bad) {
      const res = await search(superToken, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('POST sale-logs/export', () => {
  const rowsOf = (csv: string) => parse(csv.replace(/^\uFEFF/, '')) as string[][];

  it('writes every matching sale with the columns the caller sees on screen', async () => {
    const { a, b, c1 } = await officeWithSales();
    const body = { companyId: a.office.id, start: '2024-02-01', end: '2024-02-29', pageSize: 1 };
    const asSuper = await call<string>(env.app, 'POST', 'sale-logs/export', { token: superToken, body });
    expect(asSuper.status).toBe(200);
    expect(asSuper.res.headers['content-disposition']).toContain('sale-logs-2024-02-01-2024-02-29.csv');
    const rows = rowsOf(asSuper.body);
    expect(rows[0]).toEqual([
      'Date',
      'Email',
      'Office',
      'Agent',
      'Site',
      'Link',
      'Earning ($)',
      'Payout (₱)',
      'Click id',
      'Record type',
      'Status',
      'Note',
      'Referer',
    ]);
    expect(rows).toHaveLength(4);
    expect(rows[3]).toEqual([
      '2024-02-03 (10:30)',
      'Buyer@Example.com',
      a.office.officeName,
      a.agentUsername,
      a.site.sitename,
      'Main',
      // Bare numbers a spreadsheet sums; the headers name the currencies.
      '10.00',
      '100',
      String(c1),
      'Sale',
      'Approved',
      '',
      'https://ads.example/',
    ]);
    expect(rows[1][3]).toBe(b.agentUsername);
    const asOffice = await call<string>(env.app, 'POST', 'sale-logs/export', {
      token: await officeToken(a),
      body,
    });
    const officeRows = rowsOf(asOffice.body);
    // An office's rows are all its own: no Office column.
    expect(officeRows[0]).toEqual([
      'Date',
      'Email',
      'Agent',
      'Site',
      'Link',
      'Payout (₱)',
      'Click id',
      'Record type',
      'Status',
    ]);
    expect(officeRows[2].slice(-2)).toEqual(['Bonus', 'Approved']);
    const theirs = await officeWithSales();
    const refused = await call(env.app, 'POST', 'sale-logs/export', {
      token: await officeToken(a),
      body: { companyId: theirs.a.office.id },
    });
    expect(refused.status).toBe(404);
  });
});
