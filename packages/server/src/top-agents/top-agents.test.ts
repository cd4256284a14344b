import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TTop10, TTop10Computed } from '@salesdesk/contract';
import { sites } from '../db/schema';
import { buildAdmin, buildSite, tokenFor } from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';
import { buildSalesWorld, expectedRanking, sell, type SalesWorld } from '../test/sales-fixtures';

let env: TestEnv;
let adminToken: string;
let w: SalesWorld;
let other: SalesWorld;
let officeToken: string;
let agentToken: string;

// Both 2032 switches: Sunday 14 March (spring) and Sunday 7 November (autumn).
const SPRING_WEEK = { start: '2032-03-14', end: '2032-03-20' };
const AUTUMN = { start: '2032-10-31', end: '2032-11-13' };

beforeAll(async () => {
  env = await testEnv();
  adminToken = await tokenFor(env.ctx, (await buildAdmin(env.ctx)).accountId);
  w = await buildSalesWorld(env.ctx, [3, 2]);
  other = await buildSalesWorld(env.ctx, [1]);
  officeToken = await tokenFor(env.ctx, w.offices[0].accountId);
  agentToken = await tokenFor(env.ctx, w.agents[0].accountId);
  const [a, b, c, d, e] = w.agents;
  await sell(env.ctx, w, a, '2032-03-13T23:59:00-05:00', 4); // Saturday before the spring week
  await sell(env.ctx, w, a, '2032-03-14T01:59:00-05:00', 2);
  await sell(env.ctx, w, b, '2032-03-14T03:00:00-04:00', 3);
  await sell(env.ctx, w, c, '2032-03-20T23:59:00-04:00', 1);
  await sell(env.ctx, w, d, '2032-03-21T00:00:00-04:00', 5); // the next week
  await sell(env.ctx, w, e, '2032-03-17T10:00:00-04:00', 3, 'bonus');
  await sell(env.ctx, other, other.agents[0], '2032-03-16T10:00:00-04:00', 2);
  await sell(env.ctx, w, a, '2032-11-07T01:30:00-04:00', 2);
  await sell(env.ctx, w, d, '2032-11-07T01:30:00-05:00', 6);
  await sell(env.ctx, w, e, '2032-11-13T23:59:00-05:00', 1);
  await sell(env.ctx, w, b, '2032-11-14T00:00:00-05:00', 7); // after the range
});

const top10 = (token: string, body: object) => call<TTop10>(env.app, 'POST', 'stats/top10', { token, body });
const computed = (token: string, body: object) =>
  call<TTop10Computed>(env.app, 'POST', 'stats/top10/computed', { token, body });
const mine = (rows: { agent: string | null; office: string | null }[]) =>
  rows.filter(
    (r) => w.agents.some((g) => g.username === r.agent) || w.offices.some((o) => o.officeName === r.office),
  );

describe('POST stats/top10', () => {
  it('ranks agents for a week and offices above 7 days, as the raw sales add up', async () => {
    const week = await top10(adminToken, { ...SPRING_WEEK, siteIds: [w.siteId] });
    expect(week.status).toBe(200);
    expect(week.body.groupBy).toBe('agent');
    const [a, b, c] = w.agents;
    expect(week.body.items).toEqual([
      { office: w.offices[0].officeName, agent: b.username, agentName: `Ag ${b.username}`, sales: 3 },
      { office: w.offices[0].officeName, agent: a.username, agentName: `Ag ${a.username}`, sales: 2 },
      { office: w.offices[0].officeName, agent: c.username, agentName: `Ag ${c.username}`, sales: 1 },
    ]);

    const autumn = await top10(adminToken, { ...AUTUMN, siteIds: [w.siteId] });
    expect(autumn.body.groupBy).toBe('company');
    expect(autumn.body.items).toEqual([
      { office: w.offices[1].officeName, agent: null, agentName: null, sales: 7 },
      { office: w.offices[0].officeName, agent: null, agentName: null, sales: 2 },
    ]);
    for (const [range, grouping] of [
      [SPRING_WEEK, 'agent'],
      [AUTUMN, 'company'],
      [AUTUMN, 'agent'],
    ] as const) {
      const all = await top10(adminToken, { ...range, groupBy: grouping });
      expect(all.body.items).toEqual((await expectedRanking(env.ctx, grouping, range, true)).slice(0, 10));
    }
  });

  it('gives an office the shared ranking without the office of each agent; agents may not ask', async () => {
    const res = await top10(officeToken, { ...SPRING_WEEK });
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual(
      (await expectedRanking(env.ctx, 'agent', SPRING_WEEK, false)).slice(0, 10),
    );
    expect(mine(res.body.items).length).toBeGreaterThan(0);
    expect(res.body.items.every((r) => r.office === null)).toBe(true);
    expect((await top10(agentToken, SPRING_WEEK)).status).toBe(403);
  });

  it("answers 404 for another office's site, an unknown and a deleted site", async () => {
    expect((await top10(officeToken, { ...SPRING_WEEK, siteIds: [other.siteId] })).status).toBe(404);
    expect((await top10(officeToken, { ...SPRING_WEEK, siteIds: [w.siteId, other.siteId] })).status).toBe(
      404,
    );
    expect((await top10(adminToken, { ...SPRING_WEEK, siteIds: [2_000_000_000] })).status).toBe(404);
    const { site } = await buildSite(env.ctx);
    await env.ctx.db.update(sites).set({ deletedAt: new Date() }).where(eq(sites.id, site.id));
    expect((await top10(adminToken, { ...SPRING_WEEK, siteIds: [site.id] })).status).toBe(404);
    expect((await top10(officeToken, { ...SPRING_WEEK, siteIds: [w.siteId, w.siteId] })).status).toBe(200);
  });

  it('refuses bad input with a 400 VALIDATION_ERROR', async () => {
    const bad = [
      { start: '2032-03-20', end: '2032-03-14' },
      { start: '0000-01-01', end: '2032-03-14' },
      { start: '2032-02-30', end: '2032-03-14' },
      { start: '2032-03-14' },
      { ...SPRING_WEEK, siteIds: [3_000_000_000] },
      { ...SPRING_WEEK, siteIds: ['1'] },
      { ...SPRING_WEEK, siteIds: [1.5] },
      { ...SPRING_WEEK, groupBy: 'detail' },
      { ...SPRING_WEEK, siteIds: Array.from({ length: 201 }, (_, i) => i + 1) },
      { start: '2032-03-14\u0000', end: '2032-03-20' },
    ];
    for (const body of bad) {
      const res = await top10(adminToken, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
  });
});

describe('POST stats/top10/computed', () => {
  it('pages the whole ranking with places counted across pages', async () => {
    const expected = await expectedRanking(env.ctx, 'agent', AUTUMN, true);
    const first = await computed(adminToken, { ...AUTUMN, groupBy: 'agent', page: 1, pageSize: 2 });
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(expected.length);
    expect(first.body.items).toEqual(expected.slice(0, 2).map((r, i) => ({ ...r, no: i + 1 })));
    const second = await computed(adminToken, { ...AUTUMN, groupBy: 'agent', page: 2, pageSize: 2 });
    expect(second.body.items).toEqual(expected.slice(2, 4).map((r, i) => ({ ...r, no: i + 3 })));

    const offices = await computed(officeToken, { ...AUTUMN, siteIds: [w.siteId] });
    expect(offices.body).toMatchObject({ groupBy: 'company', total: 2 });
    expect(offices.body.items.map((r) => [r.no, r.office, r.sales])).toEqual([
      [1, w.offices[1].officeName, 7],
      [2, w.offices[0].officeName, 2],
    ]);
  });

  it('compares each place with its own sales over the previous period or the same days a year before', async () => {
    const [a, b, c] = w.agents;
    const res = await computed(adminToken, { ...SPRING_WEEK, siteIds: [w.siteId], compare: 'previous' });
    expect(res.status).toBe(200);
    expect(res.body.compare).toEqual({ start: '2032-03-07', end: '2032-03-13' });
    // a sold 4 on Saturday 13 March; b and c nothing that week.
    expect(res.body.items.map((r) => [r.agent, r.sales, r.otherSales])).toEqual([
      [b.username, 3, 0],
      [a.username, 2, 4],
      [c.username, 1, 0],
    ]);
    // Against the raw rows, for every place of every site.
    const all = await computed(adminToken, {
      ...SPRING_WEEK,
      groupBy: 'agent',
      compare: 'previous',
      pageSize: 500,
    });
    const before = await expectedRanking(env.ctx, 'agent', { start: '2032-03-07', end: '2032-03-13' }, true);
    for (const r of all.body.items)
      expect(r.otherSales, r.agent ?? '').toBe(before.find((x) => x.agent === r.agent)?.sales ?? 0);
    const lastYear = await computed(officeToken, { ...AUTUMN, compare: 'lastYear' });
    expect(lastYear.body.compare).toEqual({ start: '2031-10-31', end: '2031-11-13' });
    expect(lastYear.body.items.every((r) => r.otherSales === 0)).toBe(true);
    expect((await computed(adminToken, { ...AUTUMN, compare: 'nextYear' })).status).toBe(400);
    expect((await computed(agentToken, { ...AUTUMN, compare: 'previous' })).status).toBe(403);
  });

  it('answers an empty period with no places, and refuses agents and bad paging', async () => {
    const empty = await computed(adminToken, { start: '2032-01-01', end: '2032-01-02', siteIds: [w.siteId] });
    expect(empty.body).toEqual({ groupBy: 'agent', items: [], total: 0 });
    expect((await computed(agentToken, AUTUMN)).status).toBe(403);
    expect((await computed(officeToken, { ...AUTUMN, siteIds: [other.siteId] })).status).toBe(404);
    for (const paging of [
      { page: 0 },
      { pageSize: 501 },
      { page: '0x10' },
      { page: '1e3' },
      { page: 3_000_000_000 },
    ]) {
      expect((await computed(adminToken, { ...AUTUMN, ...paging })).status).toBe(400);
    }
  });
});

describe('POST stats/top10/computed/export', () => {
  const exportCsv = (token: string, body: object) =>
    call<string>(env.app, 'POST', 'stats/top10/computed/export', { token, body });
  const rowsOf = (csv: string) => parse(csv.replace(/^\uFEFF/, '')) as string[][];

  it('writes every place of the ranking in the screen columns, for the caller', async () => {
    const res = await exportCsv(adminToken, { ...AUTUMN, groupBy: 'agent' });
    expect(res.status).toBe(200);
    expect(res.res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.res.headers['content-disposition']).toBe(
      'attachment; filename="top-agents-agent-2032-10-31-2032-11-13.csv"',
    );
    const expected = await expectedRanking(env.ctx, 'agent', AUTUMN, true);
    expect(rowsOf(res.body)).toEqual([
      ['No', 'Office', 'Agent', 'Sales'],
      ...expected.map((r, i) => [String(i + 1), r.office, `${r.agent} (${r.agentName})`, String(r.sales)]),
    ]);

    const asOffice = await exportCsv(officeToken, { ...AUTUMN, siteIds: [w.siteId] });
    expect(rowsOf(asOffice.body)).toEqual([
      ['No', 'Office', 'Sales'],
      ['1', w.offices[1].officeName, '7'],
      ['2', w.offices[0].officeName, '2'],
    ]);
    const byAgent = rowsOf((await exportCsv(officeToken, { ...SPRING_WEEK, siteIds: [w.siteId] })).body);
    expect(byAgent[0]).toEqual(['No', 'Agent', 'Sales']);
    expect(byAgent.slice(1).map((r) => r[2])).toEqual(['3', '2', '1']);
  });

  it("refuses agents, another office's site and bad input", async () => {
    expect((await exportCsv(agentToken, AUTUMN)).status).toBe(403);
    expect((await exportCsv(officeToken, { ...AUTUMN, siteIds: [other.siteId] })).status).toBe(404);
    expect((await exportCsv(adminToken, { start: AUTUMN.end, end: AUTUMN.start })).status).toBe(400);
  });
});
