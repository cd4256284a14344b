// Scheduled reports (issue 37): `Send this report` saves a report the caller may open (404 for another
// office's filter, 403 for payroll below admin, 409 past 20), each account sees, pauses and deletes its own
// only; at 07:00 Eastern each due report is mailed once as its account (daily, weekly on Mondays, monthly on
// the 1st) as a CSV of the range just ended with a summary, an office never another office's rows, and a
// suspended account nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { easternDayStart, type TList, type TReportSchedule } from '@salesdesk/contract';
import { createMailer, type Mail } from '../common/mailer';
import { sendDueReports } from '../jobs/report-mail';
import { tokenFor } from '../test/factories';
import { call, ownDatabaseTestEnv, type TestEnv } from '../test/harness';
import { buildStatementWorld, sellAt, type StatementWorld } from '../test/pay-statements-fixtures';

let env: TestEnv;
let w: StatementWorld;
const sent: Mail[] = [];
// Monday 2026-11-23, 07:00 Eastern: daily covers the 22nd, weekly the 16th-22nd.
const MONDAY = new Date(easternDayStart('2026-11-23').getTime() + 7 * 3_600_000);
const FIRST = new Date(easternDayStart('2026-12-01').getTime() + 7 * 3_600_000);

const schedule = (token: string, body: object) =>
  call<TReportSchedule>(env.app, 'PUT', 'report-schedules', { token, body });
const list = async (token: string) =>
  (await call<TList<TReportSchedule>>(env.app, 'POST', 'report-schedules/search', { token, body: {} })).body;
const csvOf = (m: Mail) => parse(m.attachments![0].content.toString('utf8'), { bom: true }) as string[][];

beforeAll(async () => {
  env = await ownDatabaseTestEnv('reportmail');
  env.ctx.mailer = { send: async (m) => void sent.push(m) };
  w = await buildStatementWorld(env.ctx);
  await env.ctx.db.execute(sql`update accounts set email = username || '@example.com'`);
  for (const [path, at] of [
    [w.g1, '2026-11-22T17:00:00Z'],
    [w.g1, '2026-11-17T17:00:00Z'],
    [w.g2, '2026-11-22T18:00:00Z'],
    [w.h1, '2026-11-22T19:00:00Z'],
    [w.g1, '2026-10-20T17:00:00Z'],
  ] as const)
    await sellAt(env.ctx, path, at);
});

describe('scheduled reports', () => {
  it('saves a report the caller may open, and refuses one it may not', async () => {
    const daily = await schedule(w.tokens.g1, {
      kind: 'sites',
      filters: { groupBy: 'date' },
      frequency: 'daily',
    });
    expect(daily.status, JSON.stringify(daily.body)).toBe(200);
    expect(daily.body).toMatchObject({ title: 'Sites Statistics, daily', paused: false, lastSentAt: null });
    const other = await schedule(w.tokens.office1, {
      kind: 'sites',
      filters: { groupBy: 'agent', companyId: w.h1.office.id },
      frequency: 'weekly',
    });
    expect(other.status).toBe(404);
    const payroll = await schedule(w.tokens.office1, {
      kind: 'sites-payout',
      filters: {},
      frequency: 'weekly',
    });
    expect(payroll.status).toBe(403);
    for (const body of [
      { kind: 'sites', filters: { groupBy: 'date', start: '2026-01-01' }, frequency: 'daily' },
      { kind: 'sites', filters: {}, frequency: 'hourly' },
      { kind: 'sites', filters: { companyId: '1' }, frequency: 'daily' },
      { kind: 'sites', filters: { compare: 'nextYear' }, frequency: 'daily' },
      { kind: 'sites', filters: { agentId: 2147483648 }, frequency: 'daily' },
    ])
      expect((await schedule(w.tokens.g1, body)).status, JSON.stringify(body)).toBe(400);
    expect(
      (
        await schedule(w.tokens.office1, {
          kind: 'sites',
          filters: { groupBy: 'agent' },
          frequency: 'weekly',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await schedule(w.tokens.superadmin, {
          kind: 'sites-payout',
          filters: { groupBy: 'company' },
          frequency: 'monthly',
        })
      ).status,
    ).toBe(200);
  });

  it('lists, pauses and deletes only the account’s own', async () => {
    const mine = await list(w.tokens.g1);
    expect(mine.items.map((s) => s.frequency)).toEqual(['daily']);
    expect((await list(w.tokens.g2)).items).toEqual([]);
    const id = mine.items[0].id;
    expect(
      (
        await call(env.app, 'POST', `report-schedules/${id}/pause`, {
          token: w.tokens.g2,
          body: { paused: true },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(env.app, 'DELETE', `report-schedules/${id}`, { token: w.tokens.office1 })).status,
    ).toBe(404);
    const extra = await schedule(w.tokens.g2, { kind: 'sites', filters: {}, frequency: 'daily' });
    const paused = await call<TReportSchedule>(env.app, 'POST', `report-schedules/${extra.body.id}/pause`, {
      token: w.tokens.g2,
      body: { paused: true },
    });
    expect(paused.body.paused).toBe(true);
    expect(
      (await call(env.app, 'DELETE', `report-schedules/${extra.body.id}`, { token: w.tokens.g2 })).status,
    ).toBe(200);
    expect((await list(w.tokens.g2)).items).toEqual([]);
  });

  it('refuses the 21st', async () => {
    const token = w.tokens.g2;
    const made = [];
    for (let i = 0; i < 21; i++)
      made.push((await schedule(token, { kind: 'sites', filters: {}, frequency: 'monthly' })).status);
    expect(made.filter((s) => s === 200)).toHaveLength(20);
    expect(made[20]).toBe(409);
    for (const s of (
      await call<TList<TReportSchedule>>(env.app, 'POST', 'report-schedules/search', {
        token,
        body: { pageSize: 50 },
      })
    ).body.items)
      await call(env.app, 'DELETE', `report-schedules/${s.id}`, { token });
  });

  it('mails each due report once at 07:00 as its account: the range just ended, a CSV and a summary', async () => {
    sent.length = 0;
    const done = await sendDueReports(env.ctx, MONDAY);
    expect(done).toEqual({ sent: 2, passed: 1 });
    const agent = sent.find((m) => m.to === `${w.g1.agentUsername}@example.com`)!;
    expect(agent.subject).toContain('Sites Statistics, daily, 2026-11-22');
    expect(agent.text).toContain('Sales: 1');
    const rows = csvOf(agent);
    expect(rows[0][0]).toBe('Date');
    expect(rows.slice(1).map((r) => r[0])).toEqual(['2026-11-22', 'Overall Total']);
    // The office's weekly report (Monday): its own agents over the 16th-22nd, never office 2's h1.
    const office = sent.find((m) => m.subject.includes('weekly'))!;
    expect(office.subject).toContain('2026-11-16 - 2026-11-22');
    const agents = csvOf(office)
      .slice(1, -1)
      .map((r) =>
        r.find(
          (c) =>
            c.startsWith(w.g1.agentUsername) ||
            c.startsWith(w.g2.agentUsername) ||
            c.startsWith(w.h1.agentUsername),
        ),
      );
    expect(agents.sort()).toEqual(
      [expect.stringContaining(w.g1.agentUsername), expect.stringContaining(w.g2.agentUsername)].sort(),
    );
    expect(office.text).toContain('Sales: 3');
    // Once per due time.
    expect(await sendDueReports(env.ctx, MONDAY)).toEqual({ sent: 0, passed: 0 });
  });

  it('sends nothing of a paused report at its due time, and sends it again once resumed', async () => {
    const to = `${w.g2.agentUsername}@example.com`;
    const made = await schedule(w.tokens.g2, { kind: 'sites', filters: {}, frequency: 'daily' });
    expect(made.status).toBe(200);
    const pause = (paused: boolean) =>
      call(env.app, 'POST', `report-schedules/${made.body.id}/pause`, {
        token: w.tokens.g2,
        body: { paused },
      });
    expect((await pause(true)).status).toBe(200);
    const tuesday = new Date(MONDAY.getTime() + 86_400_000);
    sent.length = 0;
    await sendDueReports(env.ctx, tuesday);
    expect(sent.filter((m) => m.to === to)).toEqual([]);
    expect((await pause(false)).status).toBe(200);
    const wednesday = new Date(MONDAY.getTime() + 2 * 86_400_000);
    await sendDueReports(env.ctx, wednesday);
    expect(sent.filter((m) => m.to === to).map((m) => m.subject)).toEqual([
      expect.stringContaining('Sites Statistics, daily, 2026-11-24'),
    ]);
    expect(
      (await call(env.app, 'DELETE', `report-schedules/${made.body.id}`, { token: w.tokens.g2 })).status,
    ).toBe(200);
  });

  it('sends monthly reports on the 1st, and nothing to a suspended account', async () => {
    sent.length = 0;
    await env.ctx.db.execute(sql`update accounts set active = false where id = ${w.g1.agentAccountId}`);
    const done = await sendDueReports(env.ctx, FIRST);
    await env.ctx.db.execute(sql`update accounts set active = true where id = ${w.g1.agentAccountId}`);
    // The superadmin's monthly payroll of November; g1's daily report is not sent (suspended), the office's
    // weekly one is not due (a Tuesday).
    expect(sent.map((m) => m.subject)).toEqual([
      expect.stringContaining('Payroll, monthly (1st), 2026-11-01 - 2026-11-30'),
    ]);
    expect(done).toEqual({ sent: 1, passed: 2 });
  });

  it('writes the mail with its CSV into the outbox without SMTP', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reportmail-'));
    env.ctx.mailer = createMailer({ from: 'reports@example.com', dataDir: dir });
    const next = new Date(FIRST.getTime() + 86_400_000);
    await sendDueReports(env.ctx, next);
    const files = fs.readdirSync(path.join(dir, 'outbox'));
    expect(files.length).toBeGreaterThan(0);
    const eml = fs.readFileSync(path.join(dir, 'outbox', files[0]), 'utf8');
    expect(eml).toContain('Content-Type: text/csv');
    expect(eml).toMatch(/filename=.*sites-date-2026-12-01-2026-12-01\.csv/);
  });

  it('gives each total of a compared report over the other period too, with the change', async () => {
    sent.length = 0;
    env.ctx.mailer = { send: async (m) => void sent.push(m) };
    // g1's session ended when it was suspended above.
    const monthly = await schedule(await tokenFor(env.ctx, w.g1.agentAccountId), {
      kind: 'sites',
      filters: { groupBy: 'date', compare: 'previous' },
      frequency: 'monthly',
    });
    expect(monthly.status, JSON.stringify(monthly.body)).toBe(200);
    expect(monthly.body.filters).toEqual({ groupBy: 'date', compare: 'previous' });
    await sendDueReports(env.ctx, FIRST);
    // g1 sold on 17 and 22 November, and on 20 October (inside 2 - 31 October, the 30 days before).
    const [mail] = sent.filter((m) => m.subject.includes('monthly'));
    expect(mail.text).toContain('Previous period: 2026-10-02 - 2026-10-31');
    expect(mail.text).toContain('Sales: 2 (other period 1, +100.00%)');
  });
});
