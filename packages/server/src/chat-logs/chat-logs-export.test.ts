// The chat log's CSV export: every matching log of the caller's scope, with the screen's headers.
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@salesdesk/contract';
import { chatLogs } from '../db/schema';
import { buildAdmin, tokenFor } from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';
import { insertLog, officeWithAgents } from '../test/chat-logs-fixtures';

let env: TestEnv;
let superToken: string;
beforeAll(async () => {
  env = await testEnv();
  superToken = await tokenFor(env.ctx, (await buildAdmin(env.ctx, { role: Role.Superadmin })).accountId);
});

const exportCsv = (token: string, body: object) =>
  call<string>(env.app, 'POST', 'chat-logs/export', { token, body });
const rowsOf = (csv: string) => parse(csv.replace(/^\uFEFF/, '')) as string[][];
// An office's and an agent's export leave out the Office column: every row is their own office.
const HEADER = ['Agent', 'Site', 'Client Name', 'Conversation', 'Submit Time'];

describe('POST chat-logs/export', () => {
  it("holds every matching log of the caller's scope, newest first, whatever the page", async () => {
    const w = await officeWithAgents(env.ctx);
    const other = await officeWithAgents(env.ctx);
    await insertLog(env.ctx, w, 'Ann', '2024-03-05T15:04:00Z', 'Line one\nLine "two", three');
    await insertLog(env.ctx, w, '=cmd()', '2024-03-06T15:04:00Z');
    await insertLog(env.ctx, w, 'April', '2024-04-01T15:04:00Z');
    await insertLog(env.ctx, other, 'Theirs', '2024-03-06T15:04:00Z');
    const res = await exportCsv(w.tokens.office, {
      start: '2024-03-01',
      end: '2024-03-31',
      page: 1,
      pageSize: 1,
    });
    expect(res.status).toBe(200);
    expect(res.res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.res.headers['content-disposition']).toBe(
      'attachment; filename="chat-logs-2024-03-01-2024-03-31.csv"',
    );
    const p = w.p;
    expect(rowsOf(res.body)).toEqual([
      HEADER,
      // A formula typed by a client is written as text, never run by a spreadsheet.
      [p.agentUsername, p.site.sitename, "'=cmd()", 'hi', '2024-03-06 (10:04)'],
      [p.agentUsername, p.site.sitename, 'Ann', 'Line one\nLine "two", three', '2024-03-05 (10:04)'],
    ]);
    const oldestFirst = await exportCsv(w.tokens.agent, { sortField: 'submitTime', sortAsc: true });
    expect(rowsOf(oldestFirst.body).map((r) => r[2])).toEqual(['Client Name', 'Ann', "'=cmd()", 'April']);
    expect(rowsOf((await exportCsv(w.tokens.colleague, {})).body)).toEqual([HEADER]);
  });

  it('walks more logs than one chunk without losing or repeating one', async () => {
    const w = await officeWithAgents(env.ctx);
    const at = '2023-05-01T12:00:00.000Z';
    // Equal times: the id breaks the ties across the 2,000-row chunks.
    const values = Array.from({ length: 4500 }, (_, i) => ({
      officeId: w.p.office.id,
      agentId: w.p.agent.id,
      siteId: w.p.site.id,
      clientUsername: `c${i}`,
      conversation: 'x',
      submitTime: new Date(at),
    }));
    for (let i = 0; i < values.length; i += 1000)
      await env.ctx.db.insert(chatLogs).values(values.slice(i, i + 1000));
    const rows = rowsOf((await exportCsv(superToken, { companyId: w.p.office.id })).body).slice(1);
    expect(rows).toHaveLength(4500);
    expect(rows[0][0]).toBe(w.p.office.officeName);
    expect(new Set(rows.map((r) => r[3])).size).toBe(4500);
  });

  it("answers 404 for another office's ids and 400 for bad input, like the search", async () => {
    const w = await officeWithAgents(env.ctx);
    const other = await officeWithAgents(env.ctx);
    expect((await exportCsv(w.tokens.office, { companyId: other.p.office.id })).status).toBe(404);
    expect((await exportCsv(w.tokens.agent, { agentId: w.colleague.agent.id })).status).toBe(404);
    expect((await exportCsv(w.tokens.office, { siteId: '0x10' })).status).toBe(400);
    expect((await exportCsv(w.tokens.office, { start: '2024-02-01', end: '2024-01-01' })).status).toBe(400);
    expect((await exportCsv('', {})).status).toBe(401);
  });
});
