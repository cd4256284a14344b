import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDecimal, officeProgress, type TPerformanceList } from '@salesdesk/contract';
import { buildAdmin, tokenFor } from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';
import { buildSalesWorld, countSales, rawSales, sell, type SalesWorld } from '../test/sales-fixtures';

let env: TestEnv;
let adminToken: string;
let w: SalesWorld;
let other: SalesWorld;

// 2033: spring switch on Sunday 13 March. Period 1 is that week, period 2 the week before.
const P1 = { start: '2033-03-13', end: '2033-03-19' };
const P2 = { start: '2033-03-06', end: '2033-03-12' };

beforeAll(async () => {
  env = await testEnv();
  adminToken = await tokenFor(env.ctx, (await buildAdmin(env.ctx)).accountId);
  w = await buildSalesWorld(env.ctx, [2, 2]);
  other = await buildSalesWorld(env.ctx, [1]);
  const [a1, a2, b1, b2] = w.agents;
  await sell(env.ctx, w, a1, '2033-03-13T01:30:00-05:00', 2);
  await sell(env.ctx, w, a1, '2033-03-13T03:30:00-04:00', 2);
  await sell(env.ctx, w, a1, '2033-03-12T23:59:00-05:00', 2); // Saturday: period 2
  await sell(env.ctx, w, a2, '2033-03-19T23:59:00-04:00');
  await sell(env.ctx, w, a2, '2033-03-07T10:00:00-05:00', 3);
  await sell(env.ctx, w, a2, '2033-03-20T00:00:00-04:00', 4); // after period 1
  await sell(env.ctx, w, b1, '2033-03-15T10:00:00-04:00', 2);
  await sell(env.ctx, w, b2, '2033-03-15T10:00:00-04:00', 5, 'bonus');
  await sell(env.ctx, other, other.agents[0], '2033-03-08T10:00:00-05:00');
});

const periods = (token: string, body: object) =>
  call<TPerformanceList>(env.app, 'POST', 'stats/periods', { token, body });

/** The rows the raw sales give, with progress by the contract's own formula rounded to 2 decimals. */
async function expectedRows(grouping: 'company' | 'agent', ids: number[]) {
  const sales = await rawSales(env.ctx);
  const key = (s: { agentId: number; officeId: number }) => (grouping === 'agent' ? s.agentId : s.officeId);
  const s1 = countSales(sales, key, P1);
  const s2 = countSales(sales, key, P2);
  return ids
    .map((id) => ({ id, sales1: s1.get(id) ?? 0, sales2: s2.get(id) ?? 0 }))
    .filter((r) => r.sales1 > 0 || r.sales2 > 0)
    .map((r) => ({ ...r, progress: Number(formatDecimal(officeProgress(r.sales1, r.sales2), 2)) }));
}

describe('POST stats/periods', () => {
  it('compares offices for admins as the raw sales add up, progress per DESIGN rule 7', async () => {
    const res = await periods(adminToken, {
      period1: P1,
      period2: P2,
      sortField: 'progress',
      sortAsc: false,
    });
    expect(res.status).toBe(200);
    expect(res.body.groupBy).toBe('company');
    const ids = [...w.offices, ...other.offices].map((o) => o.id);
    const mine = res.body.items.filter((r) => ids.includes(r.id));
    expect(mine.map(({ name: _n, ...r }) => r)).toEqual(
      (await expectedRows('company', ids)).sort((x, y) => y.progress - x.progress),
    );
    expect(mine.map((r) => [r.name, r.sales1, r.sales2, r.progress])).toEqual([
      [w.offices[1].officeName, 2, 0, 100],
      [w.offices[0].officeName, 5, 5, 0],
      [other.offices[0].officeName, 0, 1, -100],
    ]);
  });

  it('gives an office its own agents only, whatever grouping it asks for, and pages them', async () => {
    const token = await tokenFor(env.ctx, w.offices[0].accountId);
    const [a1, a2] = w.agents;
    const res = await periods(token, { period1: P1, period2: P2 });
    expect(res.body).toEqual({
      groupBy: 'agent',
      total: 2,
      items: [
        { id: a1.id, name: a1.username, sales1: 4, sales2: 2, progress: 100 },
        { id: a2.id, name: a2.username, sales1: 1, sales2: 3, progress: -66.67 },
      ].sort((x, y) => (x.name < y.name ? -1 : 1)),
    });
    const asOffice = await periods(token, { period1: P1, period2: P2, groupBy: 'company' });
    expect(asOffice.body.items).toEqual([
      { id: w.offices[0].id, name: w.offices[0].officeName, sales1: 5, sales2: 5, progress: 0 },
    ]);
    const paged = await periods(token, {
      period1: P1,
      period2: P2,
      sortField: 'sales2',
      sortAsc: true,
      pageSize: 1,
      page: 2,
    });
    expect(paged.body).toMatchObject({ total: 2, items: [{ id: a2.id, sales2: 3 }] });
    const byAgent = await periods(adminToken, { period1: P1, period2: P2, groupBy: 'agent' });
    const agentIds = w.agents.map((g) => g.id);
    expect(byAgent.body.items.filter((r) => agentIds.includes(r.id)).map(({ name: _n, ...r }) => r)).toEqual(
      (await expectedRows('agent', agentIds)).sort((x, y) => {
        const [nx, ny] = [x, y].map((r) => w.agents.find((g) => g.id === r.id)!.username);
        return nx < ny ? -1 : 1;
      }),
    );
  });

  it('refuses agents, and bad periods with a 400 naming the period', async () => {
    const agentToken = await tokenFor(env.ctx, w.agents[0].accountId);
    expect((await periods(agentToken, { period1: P1, period2: P2 })).status).toBe(403);
    const reversed = await periods(adminToken, { period1: { start: P1.end, end: P1.start }, period2: P2 });
    expect(reversed.status).toBe(400);
    expect(reversed.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      data: { period1: ['Date Range is not valid'] },
    });
    for (const body of [
      { period1: P1 },
      { period1: P1, period2: { start: '0000-01-01', end: '2033-01-01' } },
      { period1: P1, period2: P2, sortField: 'office' },
      { period1: P1, period2: P2, groupBy: 'date' },
      { period1: P1, period2: P2, page: '1e3' },
    ]) {
      expect((await periods(adminToken, body)).status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('POST stats/periods/export', () => {
  const rowsOf = (csv: string) => parse(csv.replace(/^\uFEFF/, '')) as string[][];

  it("writes an office's comparison as on screen, in the asked order", async () => {
    const token = await tokenFor(env.ctx, w.offices[0].accountId);
    const [a1, a2] = w.agents;
    const res = await call<string>(env.app, 'POST', 'stats/periods/export', {
      token,
      body: { period1: P1, period2: P2, sortField: 'progress', sortAsc: true, page: 3 },
    });
    expect(res.status).toBe(200);
    expect(res.res.headers['content-disposition']).toBe(
      'attachment; filename="office-performance-agent-2033-03-13-2033-03-19-2033-03-06-2033-03-12.csv"',
    );
    expect(rowsOf(res.body)).toEqual([
      ['Name', 'Sales1', 'Sales2', 'Progress'],
      [a2.username, '1', '3', '-66.67'],
      [a1.username, '4', '2', '100'],
    ]);
    const agentToken = await tokenFor(env.ctx, a1.accountId);
    const refused = await call(env.app, 'POST', 'stats/periods/export', {
      token: agentToken,
      body: { period1: P1, period2: P2 },
    });
    expect(refused.status).toBe(403);
  });
});
