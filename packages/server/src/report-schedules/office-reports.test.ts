// Top agents and Office performance as scheduled reports (issue 37): saved only by a role whose screen they
// are (office and up) with filters the caller may use (another office's site: 404), and mailed at 07:00 as the
// screen's CSV with a summary: the figures of the raw sales written here and of the screen's own answer, an
// office's performance never with another office's rows, and nothing to a suspended office.
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  easternDayStart,
  type TList,
  type TPerformanceList,
  type TReportSchedule,
  type TTop10Computed,
} from '@salesdesk/contract';
import type { Mail } from '../common/mailer';
import { queryRows } from '../db/client';
import { sendDueReports } from '../jobs/report-mail';
import type { ClickPath } from '../test/logs-fixtures';
import { call, ownDatabaseTestEnv, type TestEnv } from '../test/harness';
import { buildStatementWorld, sellAt, type StatementWorld } from '../test/pay-statements-fixtures';

let env: TestEnv;
let w: StatementWorld;
const sent: Mail[] = [];
// Monday 2026-11-23, 07:00 Eastern: daily covers the 22nd, weekly the 16th-22nd (compared with the 9th-15th).
const MONDAY = new Date(easternDayStart('2026-11-23').getTime() + 7 * 3_600_000);
const TUESDAY = new Date(MONDAY.getTime() + 86_400_000);

/** The raw sales written: who sold, on which site, when (noon to 14:30 Eastern, so the day is the date). */
let SALES: { path: ClickPath; at: string }[];

/** The independent model: each agent's sales over the days (and sites), most first, then by username. */
function modelRanking(start: string, end: string, siteIds?: number[]) {
  const counts = new Map<string, number>();
  for (const { path, at } of SALES) {
    const day = at.slice(0, 10);
    if (day < start || day > end || (siteIds && !siteIds.includes(path.site.id))) continue;
    counts.set(path.agentUsername, (counts.get(path.agentUsername) ?? 0) + 1);
  }
  return [...counts]
    .sort(([a, x], [b, y]) => y - x || a.toLowerCase().localeCompare(b.toLowerCase()))
    .map(([username, sales]) => ({ username, sales }));
}
const modelSales = (paths: ClickPath[], start: string, end: string) =>
  SALES.filter((s) => paths.includes(s.path) && s.at.slice(0, 10) >= start && s.at.slice(0, 10) <= end)
    .length;

const schedule = (token: string, body: object) =>
  call<TReportSchedule>(env.app, 'PUT', 'report-schedules', { token, body });
const csvOf = (m: Mail) => parse(m.attachments![0].content.toString('utf8'), { bom: true }) as string[][];
const mailTo = (username: string, kind: string) =>
  sent.find((m) => m.to === `${username}@example.com` && m.subject.includes(kind));

beforeAll(async () => {
  env = await ownDatabaseTestEnv('officereports');
  env.ctx.mailer = { send: async (m) => void sent.push(m) };
  w = await buildStatementWorld(env.ctx);
  await env.ctx.db.execute(sql`update accounts set email = username || '@example.com'`);
  SALES = [
    { path: w.g1, at: '2026-11-22T17:00:00Z' },
    { path: w.g1, at: '2026-11-22T17:10:00Z' },
    { path: w.g1b, at: '2026-11-22T17:30:00Z' },
    { path: w.g2, at: '2026-11-22T18:00:00Z' },
    { path: w.g2, at: '2026-11-17T18:00:00Z' },
    { path: w.g2, at: '2026-11-21T18:00:00Z' },
    { path: w.h1, at: '2026-11-22T19:00:00Z' },
    { path: w.h1, at: '2026-11-22T19:10:00Z' },
    { path: w.h1, at: '2026-11-22T19:20:00Z' },
    { path: w.h1, at: '2026-11-22T19:30:00Z' },
    { path: w.g1, at: '2026-11-15T17:00:00Z' },
  ];
  for (const { path, at } of SALES) await sellAt(env.ctx, path, at);
});

const officeName = async (id: number) =>
  (
    await queryRows<{ name: string }>(
      env.ctx.db,
      sql`select office_name as name from offices where id = ${id}`,
    )
  )[0].name;

describe('scheduled Top agents and Office performance', () => {
  it('are saved by an office or an admin with filters it may use, and refused to an agent', async () => {
    for (const kind of ['top-agents', 'office-performance'])
      expect((await schedule(w.tokens.g1, { kind, filters: {}, frequency: 'daily' })).status, kind).toBe(403);
    const foreignSite = await schedule(w.tokens.office1, {
      kind: 'top-agents',
      filters: { siteIds: [w.h1.site.id] },
      frequency: 'daily',
    });
    expect(foreignSite.status).toBe(404);
    for (const body of [
      { kind: 'top-agents', filters: { groupBy: 'agent' }, frequency: 'daily' },
      { kind: 'top-agents', filters: { siteIds: [] }, frequency: 'daily' },
      { kind: 'top-agents', filters: { siteIds: ['1'] }, frequency: 'daily' },
      { kind: 'office-performance', filters: { siteId: 1 }, frequency: 'daily' },
      { kind: 'office-performance', filters: { sortField: 'sales' }, frequency: 'daily' },
      { kind: 'office-performance', filters: { compare: 'nextYear' }, frequency: 'daily' },
    ])
      expect((await schedule(w.tokens.office1, body)).status, JSON.stringify(body)).toBe(400);

    const top = await schedule(w.tokens.office1, { kind: 'top-agents', filters: {}, frequency: 'daily' });
    expect(top.status, JSON.stringify(top.body)).toBe(200);
    expect(top.body).toMatchObject({ kind: 'top-agents', title: 'Top agents, daily', filters: {} });
    const perf = await schedule(w.tokens.office1, {
      kind: 'office-performance',
      filters: { groupBy: 'company', compare: 'previous' },
      frequency: 'weekly',
    });
    expect(perf.body.title).toBe('Office performance, weekly (monday)');
    expect(
      (
        await schedule(w.tokens.admin, {
          kind: 'top-agents',
          filters: { siteIds: [w.g1.site.id], compare: 'previous' },
          frequency: 'weekly',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await schedule(w.tokens.admin, {
          kind: 'office-performance',
          filters: { groupBy: 'agent', sortField: 'sales1', sortAsc: false },
          frequency: 'daily',
        })
      ).status,
    ).toBe(200);
    const listed = await call<TList<TReportSchedule>>(env.app, 'POST', 'report-schedules/search', {
      token: w.tokens.office1,
      body: {},
    });
    expect(listed.body.items.map((s) => [s.title, s.filters])).toEqual([
      ['Office performance, weekly (monday)', { groupBy: 'company', compare: 'previous' }],
      ['Top agents, daily', {}],
    ]);
  });

  it("mails an office's Top agents as on its screen: the raw sales' ranking, without offices", async () => {
    sent.length = 0;
    expect(await sendDueReports(env.ctx, MONDAY)).toEqual({ sent: 4, passed: 0 });
    const [{ username: office1 }] = await queryRows<{ username: string }>(
      env.ctx.db,
      sql`select a.username from accounts a join offices o on o.account_id = a.id where o.id = ${w.g1.office.id}`,
    );
    const mail = mailTo(office1, 'Top agents, daily')!;
    expect(mail.subject).toContain('Top agents, daily, 2026-11-22');
    const rows = csvOf(mail);
    expect(rows[0]).toEqual(['No', 'Agent', 'Sales']);
    const model = modelRanking('2026-11-22', '2026-11-22');
    expect(rows.slice(1).map((r) => [r[0], r[1].split(' ')[0], r[2]])).toEqual(
      model.map((m, i) => [String(i + 1), m.username, String(m.sales)]),
    );
    // The screen's own answer, as the same office.
    const screen = await call<TTop10Computed>(env.app, 'POST', 'stats/top10/computed', {
      token: w.tokens.office1,
      body: { start: '2026-11-22', end: '2026-11-22' },
    });
    expect(rows.slice(1)).toEqual(
      screen.body.items.map((r) => [
        String(r.no),
        r.agentName ? `${r.agent} (${r.agentName})` : r.agent,
        String(r.sales),
      ]),
    );
    expect(mail.text).toContain('Agents with sales: 3');
    expect(mail.text).toContain(`First: ${rows[1][1]} (4)`);
    expect(mail.text).toContain('Sales: 8');
    expect(mail.attachments![0].filename).toBe('top-agents-agent-2026-11-22-2026-11-22.csv');
  });

  it("mails an admin's Top agents of one site over the week, with offices and the previous week", async () => {
    const admin = sent.find((m) => m.subject.includes('Top agents, weekly'))!;
    expect(admin.subject).toContain('2026-11-16 - 2026-11-22');
    const rows = csvOf(admin);
    expect(rows[0]).toEqual(['No', 'Office', 'Agent', 'Sales']);
    const model = modelRanking('2026-11-16', '2026-11-22', [w.g1.site.id]);
    expect(model).toEqual([
      { username: w.g2.agentUsername, sales: 3 },
      { username: w.g1.agentUsername, sales: 2 },
    ]);
    const office = await officeName(w.g1.office.id);
    expect(rows.slice(1).map((r) => [r[1], r[2].split(' ')[0], r[3]])).toEqual(
      model.map((m) => [office, m.username, String(m.sales)]),
    );
    expect(admin.text).toContain('Previous period: 2026-11-09 - 2026-11-15');
    expect(admin.text).toContain('Sales: 5 (other period 1, +400.00%)');
  });

  it("mails an office's performance with its own rows only, as its screen answers", async () => {
    const mail = sent.find((m) => m.subject.includes('Office performance, weekly'))!;
    expect(mail.subject).toContain('2026-11-16 - 2026-11-22');
    const rows = csvOf(mail);
    expect(rows[0]).toEqual(['Name', 'Sales1', 'Sales2', 'Progress']);
    const mine = [w.g1, w.g1b, w.g2];
    const sales1 = modelSales(mine, '2026-11-16', '2026-11-22');
    const sales2 = modelSales(mine, '2026-11-09', '2026-11-15');
    expect([sales1, sales2]).toEqual([6, 1]);
    expect(rows.slice(1)).toEqual([[await officeName(w.g1.office.id), '6', '1', '500']]);
    const screen = await call<TPerformanceList>(env.app, 'POST', 'stats/periods', {
      token: w.tokens.office1,
      body: {
        period1: { start: '2026-11-16', end: '2026-11-22' },
        period2: { start: '2026-11-09', end: '2026-11-15' },
        groupBy: 'company',
      },
    });
    expect(rows.slice(1)).toEqual(
      screen.body.items.map((r) => [r.name, String(r.sales1), String(r.sales2), String(r.progress)]),
    );
    expect(mail.text).toContain('Previous period: 2026-11-09 - 2026-11-15');
    expect(mail.text).toContain('Offices with sales: 1');
    expect(mail.text).toContain('Sales: 6 (other period 1, +500.00%)');
  });

  it("mails an admin's performance by agent in the saved order, and the screen's rows", async () => {
    const mail = sent.find((m) => m.subject.includes('Office performance, daily'))!;
    const rows = csvOf(mail);
    // The 22nd against the 21st: every office's agents, most sales first.
    const screen = await call<TPerformanceList>(env.app, 'POST', 'stats/periods', {
      token: w.tokens.admin,
      body: {
        period1: { start: '2026-11-22', end: '2026-11-22' },
        period2: { start: '2026-11-21', end: '2026-11-21' },
        groupBy: 'agent',
        sortField: 'sales1',
        sortAsc: false,
      },
    });
    expect(rows.slice(1)).toEqual(
      screen.body.items.map((r) => [r.name, String(r.sales1), String(r.sales2), String(r.progress)]),
    );
    expect(rows.slice(1).map((r) => r[1])).toEqual(['4', '3', '1']);
    expect(rows[3]).toEqual([w.g2.agentUsername, '1', '1', '0']);
    expect(mail.text).toContain('Agents with sales: 3');
    expect(mail.text).toContain('Sales: 8 (other period 1, +700.00%)');
    // Once per due time.
    expect(await sendDueReports(env.ctx, MONDAY)).toEqual({ sent: 0, passed: 0 });
  });

  it('sends nothing to a suspended office', async () => {
    sent.length = 0;
    await env.ctx.db.execute(
      sql`update accounts set active = false where id = (select account_id from offices where id = ${w.g1.office.id})`,
    );
    const done = await sendDueReports(env.ctx, TUESDAY);
    await env.ctx.db.execute(
      sql`update accounts set active = true where id = (select account_id from offices where id = ${w.g1.office.id})`,
    );
    // The admin's daily performance only: the office's daily Top agents is passed over, the weeklies not due.
    expect(sent.map((m) => m.subject)).toEqual([
      expect.stringContaining('Office performance, daily, 2026-11-23'),
    ]);
    expect(done).toEqual({ sent: 1, passed: 3 });
  });
});
