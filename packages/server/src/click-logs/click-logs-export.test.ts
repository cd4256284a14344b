// The click log's CSV export (every matching row, streamed) and the exactness of the list's total.
import v8 from 'node:v8';
import vm from 'node:vm';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidReasonCode, Role, type TClickLogRow, type TList } from '@salesdesk/contract';
import { queryOne } from '../db/client';
import { sites } from '../db/schema';
import { buildAdmin, buildClickPath, tokenFor } from '../test/factories';
import { call, testEnv, testEnvWith, type TestEnv } from '../test/harness';
import { bulkClicks, clickAt, secondAgent } from '../test/logs-fixtures';

let env: TestEnv;
let adminToken: string;
beforeAll(async () => {
  env = await testEnv();
  adminToken = await tokenFor(env.ctx, (await buildAdmin(env.ctx, { role: Role.Superadmin })).accountId);
});

const exportCsv = (token: string, body: object) =>
  call<string>(env.app, 'POST', 'click-outs/export', { token, body });
const rowsOf = (csv: string) => parse(csv.replace(/^\uFEFF/, '')) as string[][];

describe('POST click-outs/export', () => {
  it("holds every matching click of the caller's scope, with the screen's headers and formats", async () => {
    const a = await buildClickPath(env.ctx);
    const b = await secondAgent(env.ctx, a);
    const other = await buildClickPath(env.ctx);
    await clickAt(env.ctx, a, '2024-03-05T15:04:00Z', { ip: '24.1.2.3', referer: '=HYPERLINK("x")' });
    await clickAt(env.ctx, b, '2024-03-06T15:04:00Z', { ip: '24.1.2.4' });
    await clickAt(env.ctx, other, '2024-03-06T15:04:00Z');
    const res = await exportCsv(await tokenFor(env.ctx, a.office.accountId), {
      start: '2024-03-01',
      end: '2024-03-31',
      page: 1,
      pageSize: 1,
    });
    expect(res.status).toBe(200);
    expect(res.res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.res.headers['content-disposition']).toBe(
      'attachment; filename="click-logs-2024-03-01-2024-03-31.csv"',
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    expect(rowsOf(res.body)).toEqual([
      // An office's rows are all its own: no Office column.
      ['Agent', 'Site', 'Type', 'Link', 'Click time', 'IP from', 'Uniques', 'Reason', 'Referrer'],
      [b.agentUsername, a.site.sitename, 'Main', a.type.url, '2024-03-06 (10:04)', '24.1.2.4', '1', '', ''],
      // A formula from outside is written as text, never run by a spreadsheet.
      [
        a.agentUsername,
        a.site.sitename,
        'Main',
        a.type.url,
        '2024-03-05 (10:04)',
        '24.1.2.3',
        '1',
        '',
        `'=HYPERLINK("x")`,
      ],
    ]);
  });

  it('walks ties and microsecond times across chunks without losing or repeating a click', async () => {
    const p = await buildClickPath(env.ctx);
    await bulkClicks(env.ctx, p, 6000, '2023-05-01T12:00:00.123456Z', 0);
    await bulkClicks(env.ctx, p, 6000, '2023-05-01T11:00:00.000001Z', 0.5);
    for (const sortAsc of [false, true]) {
      const res = await exportCsv(adminToken, { companyId: p.office.id, sortField: 'clickTime', sortAsc });
      const rows = rowsOf(res.body);
      expect(rows).toHaveLength(12_001);
      const times = rows.slice(1).map((r) => r[5]);
      expect(times[0]).toBe(sortAsc ? '2023-05-01 (06:59)' : '2023-05-01 (08:00)');
    }
    const ids = await queryOne<{ n: number }>(
      env.ctx.db,
      sql`select count(distinct id)::int as n from clicks where office_id = ${p.office.id}`,
    );
    expect(ids?.n).toBe(12_000);
  });

  it('answers 404 for another office and leaves IP columns out where the brand hides them', async () => {
    const a = await buildClickPath(env.ctx);
    const other = await buildClickPath(env.ctx);
    await clickAt(env.ctx, a, '2024-03-05T15:04:00Z');
    const token = await tokenFor(env.ctx, a.office.accountId);
    expect((await exportCsv(token, { companyId: other.office.id })).status).toBe(404);
    expect((await exportCsv(token, { agentId: '0x10' })).status).toBe(400);
    const hidden = await testEnvWith({ BRAND: 'salesdesk' });
    const res = await call<string>(hidden.app, 'POST', 'click-outs/export', { token, body: {} });
    expect(rowsOf(res.body)[0]).toEqual(['Agent', 'Site', 'Type', 'Link', 'Click time', 'Reason']);
    await hidden.app.close();
  });

  it("carries each click's reason, with what a bot matched for admins, and filters by it", async () => {
    const p = await buildClickPath(env.ctx);
    const bot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    await clickAt(env.ctx, p, '2024-04-02T15:00:00Z', {
      userAgent: bot,
      invalidReason: invalidReasonCode('BOT'),
    });
    await clickAt(env.ctx, p, '2024-04-03T15:00:00Z', { invalidReason: invalidReasonCode('HEAD') });
    await clickAt(env.ctx, p, '2024-04-04T15:00:00Z');
    const body = { companyId: p.office.id, start: '2024-04-01', end: '2024-04-30' };
    const reasons = async (token: string, extra: object = {}) => {
      const rows = rowsOf((await exportCsv(token, { ...body, ...extra })).body);
      const at = rows[0].indexOf('Reason');
      return rows.slice(1).map((r) => r[at]);
    };
    expect(await reasons(adminToken)).toEqual(['', 'HEAD request', 'Bot (google)']);
    expect(await reasons(await tokenFor(env.ctx, p.office.accountId))).toEqual(['', 'HEAD request', 'Bot']);
    expect(await reasons(adminToken, { reason: 'invalid' })).toEqual(['HEAD request', 'Bot (google)']);
    expect(await reasons(adminToken, { reason: 'valid' })).toEqual(['']);
    expect((await exportCsv(adminToken, { reason: 'NOT_A_REASON' })).status).toBe(400);
  });
});

describe('the total of the click log', () => {
  it('equals count(*) of the raw clicks for every filter, the rollup answering where it can', async () => {
    const a = await buildClickPath(env.ctx);
    const b = await secondAgent(env.ctx, a);
    await bulkClicks(env.ctx, a, 700, '2023-08-20T03:00:00Z', 3_600_000, { invalid: true });
    await bulkClicks(env.ctx, b, 300, '2023-08-25T12:00:00Z', 5_400_000);
    await clickAt(env.ctx, a, '2023-08-01T04:30:00Z', { ip: '77.7.7.7' });
    // A deleted site's clicks stay in the log and in its total.
    await env.ctx.db.update(sites).set({ deletedAt: new Date() }).where(eq(sites.id, a.site.id));
    const cases: { body: object; where: ReturnType<typeof sql> }[] = [
      { body: { companyId: a.office.id }, where: sql`office_id = ${a.office.id}` },
      { body: { agentId: b.agent.id }, where: sql`agent_id = ${b.agent.id}` },
      {
        body: { siteId: a.site.id, start: '2023-07-31', end: '2023-08-01' },
        where: sql`site_id = ${a.site.id} and click_time >= '2023-07-31T04:00:00Z' and click_time < '2023-08-02T04:00:00Z'`,
      },
      {
        body: { companyId: a.office.id, agentId: a.agent.id, start: '2023-08-10', end: '2023-08-19' },
        where: sql`agent_id = ${a.agent.id} and click_time >= '2023-08-10T04:00:00Z' and click_time < '2023-08-20T04:00:00Z'`,
      },
      {
        body: { companyId: a.office.id, ipAddress: '10.1.7.' },
        where: sql`office_id = ${a.office.id} and ip like '10.1.7.%'`,
      },
      // Each reason filter: the rollup's counters against the raw clicks' codes.
      ...(['valid', 'invalid', 'BOT', 'REPEAT'] as const).map((reason) => ({
        body: { companyId: a.office.id, reason },
        where: sql`office_id = ${a.office.id} and ${
          reason === 'valid'
            ? sql`invalid_reason = 0`
            : reason === 'invalid'
              ? sql`invalid_reason <> 0`
              : sql`invalid_reason = ${invalidReasonCode(reason)}`
        }`,
      })),
      {
        body: { companyId: a.office.id, reason: 'PREVIEW', ipAddress: '10.1.' },
        where: sql`office_id = ${a.office.id} and invalid_reason = ${invalidReasonCode('PREVIEW')} and ip like '10.1.%'`,
      },
    ];
    for (const c of cases) {
      const res = await call<TList<TClickLogRow>>(env.app, 'POST', 'click-outs/search', {
        token: adminToken,
        body: c.body,
      });
      const raw = await queryOne<{ n: number }>(
        env.ctx.db,
        sql`select count(*)::int as n from clicks where ${c.where}`,
      );
      expect(raw!.n, JSON.stringify(c.body)).toBeGreaterThan(0);
      expect(res.body.total, JSON.stringify(c.body)).toBe(raw!.n);
    }
  });
});

// Collects garbage on demand, so a heap sample is what is really held, not what awaits collection.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

describe('a CSV of 100,000 clicks', () => {
  let server: TestEnv;
  afterAll(() => server?.app.close());

  it('downloads over HTTP while the server heap grows by at most a few MB', async () => {
    const p = await buildClickPath(env.ctx);
    await bulkClicks(env.ctx, p, 100_000, '2023-01-31T23:00:00Z', 20_000);
    server = await testEnvWith({});
    const url = await server.app.listen({ port: 0, host: '127.0.0.1' });
    gc();
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    const sample = setInterval(() => {
      gc();
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }, 250);
    let bytes = 0;
    let lines = 0;
    try {
      const res = await fetch(`${url}/api/click-outs/export`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ companyId: p.office.id }),
      });
      expect(res.status).toBe(200);
      // Counted and dropped as it arrives: the test holds no more of the file than the server does.
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        for (const byte of chunk) if (byte === 10) lines += 1;
      }
    } finally {
      clearInterval(sample);
    }
    gc();
    const after = process.memoryUsage().heapUsed;
    const mb = (n: number) => Math.round((n / 2 ** 20) * 10) / 10;
    console.info(
      `CSV of 100,000 clicks: ${mb(bytes)} MB; heap before ${mb(before)} MB, peak +${mb(peak - before)} MB, after +${mb(after - before)} MB`,
    );
    expect(lines).toBe(100_001);
    expect(bytes).toBeGreaterThan(10 * 2 ** 20);
    expect(peak - before).toBeLessThan(8 * 2 ** 20);
    expect(after - before).toBeLessThan(4 * 2 ** 20);
  }, 900_000); // a hang backstop, not a speed check: 33 s on PGlite alone, past 120 s on a busy machine
});
