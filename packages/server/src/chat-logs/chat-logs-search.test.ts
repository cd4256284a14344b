import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Role, type TChatLogRow, type TList } from '@salesdesk/contract';
import { sites } from '../db/schema';
import { buildAdmin, tokenFor } from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';
import { insertLog, officeWithAgents } from '../test/chat-logs-fixtures';

let env: TestEnv;
let adminToken: string;
let superToken: string;
beforeAll(async () => {
  env = await testEnv();
  adminToken = await tokenFor(env.ctx, (await buildAdmin(env.ctx)).accountId);
  superToken = await tokenFor(env.ctx, (await buildAdmin(env.ctx, { role: Role.Superadmin })).accountId);
});

type Answer = { code?: string; data?: Record<string, string[]>; id?: number };
type ListRes = { status: number; body: TList<TChatLogRow> & Answer };
const search = (token: string, body: object): Promise<ListRes> =>
  call(env.app, 'POST', 'chat-logs/search', { token, body });

describe('POST chat-logs/search', () => {
  it('filters by site, office, agent and Eastern submit days; sorts by office name by default; pages', async () => {
    const a = await officeWithAgents(env.ctx);
    const b = await officeWithAgents(env.ctx);
    await insertLog(env.ctx, a, 'a-winter-early', '2024-01-15T04:59:59Z'); // Jan 14 Eastern
    await insertLog(env.ctx, a, 'a-winter', '2024-01-15T05:00:00Z');
    await insertLog(env.ctx, a, 'a-summer', '2024-07-04T04:00:00Z');
    await insertLog(env.ctx, b, 'b-winter', '2024-01-15T12:00:00Z');
    const ours = [a.p.office.officeName, b.p.office.officeName];
    const names = (r: ListRes) => r.body.items.map((x) => x.clientUsername);

    const day = await search(adminToken, { start: '2024-01-15', end: '2024-01-15' });
    const onDay = day.body.items.filter((x) => ours.includes(x.officeName));
    expect(onDay.map((x) => x.clientUsername).sort()).toEqual(['a-winter', 'b-winter']);
    expect(
      names(await search(adminToken, { companyId: a.p.office.id, start: '2024-07-04', end: '2024-07-04' })),
    ).toEqual(['a-summer']);
    expect((await search(adminToken, { siteId: b.p.site.id })).body.total).toBe(1);
    expect((await search(adminToken, { agentId: a.p.agent.id })).body.total).toBe(3);
    expect((await search(adminToken, { agentId: a.colleague.agent.id })).body.total).toBe(0);

    const bySubmit = await search(a.tokens.office, { sortField: 'submitTime', sortAsc: false });
    expect(names(bySubmit)).toEqual(['a-summer', 'a-winter', 'a-winter-early']);
    const byClient = await search(a.tokens.office, { sortField: 'clientUsername', sortAsc: 'true' });
    expect(names(byClient)).toEqual(['a-summer', 'a-winter', 'a-winter-early']);
    const page2 = await search(a.tokens.office, { sortField: 'submitTime', page: 2, pageSize: 2 });
    expect(page2.body.total).toBe(3);
    expect(names(page2)).toEqual(['a-summer']);
  });

  it('defaults to office name ascending', async () => {
    const a = await officeWithAgents(env.ctx);
    const b = await officeWithAgents(env.ctx);
    await insertLog(env.ctx, a, 'x', '2024-02-01T12:00:00Z');
    await insertLog(env.ctx, b, 'y', '2024-02-01T12:00:00Z');
    const res = await search(superToken, { start: '2024-02-01', end: '2024-02-01' });
    const offices = res.body.items.map((x) => x.officeName);
    expect(offices).toEqual([...offices].sort((p, q) => p.toLowerCase().localeCompare(q.toLowerCase())));
    expect(offices).toEqual(expect.arrayContaining([a.p.office.officeName, b.p.office.officeName]));
  });

  it("answers 404 for another tenant's office, agent or site; an admin's unknown ids just find nothing", async () => {
    const mine = await officeWithAgents(env.ctx);
    const theirs = await officeWithAgents(env.ctx);
    for (const body of [
      { companyId: theirs.p.office.id },
      { agentId: theirs.p.agent.id },
      { siteId: theirs.p.site.id },
      { agentId: 2_000_000_000 },
    ]) {
      expect((await search(mine.tokens.office, body)).status, JSON.stringify(body)).toBe(404);
      expect((await search(mine.tokens.agent, body)).status, JSON.stringify(body)).toBe(404);
    }
    // An agent asking for its colleague is asking for another tenant.
    expect((await search(mine.tokens.agent, { agentId: mine.colleague.agent.id })).status).toBe(404);
    expect((await search(mine.tokens.office, { agentId: mine.colleague.agent.id })).status).toBe(200);
    expect(
      (await search(mine.tokens.agent, { agentId: mine.p.agent.id, siteId: mine.p.site.id })).status,
    ).toBe(200);
    expect((await search(adminToken, { agentId: 2_000_000_000, siteId: 2_000_000_000 })).body).toEqual({
      items: [],
      total: 0,
    });
    expect((await search('', {})).status).toBe(401);
  });

  it("keeps a deleted or suspended site's logs, and its filter still works for the office", async () => {
    const w = await officeWithAgents(env.ctx);
    await insertLog(env.ctx, w, 'kept', '2024-03-01T12:00:00Z');
    await env.ctx.db
      .update(sites)
      .set({ status: false, deletedAt: new Date() })
      .where(eq(sites.id, w.p.site.id));
    const res = await search(w.tokens.office, { siteId: w.p.site.id });
    expect(res.status).toBe(200);
    expect(res.body.items.map((x) => x.clientUsername)).toEqual(['kept']);
  });

  it('refuses bad input with a validation error', async () => {
    const bad: object[] = [
      { start: '2024-01-01' },
      { start: '2024-02-01', end: '2024-01-01' },
      { start: '2024-02-30', end: '2024-03-01' },
      { companyId: 3_000_000_000 },
      { siteId: '0x10' },
      { agentId: '1e3' },
      { siteId: 0 },
      { sortField: 'conversation' },
      { sortAsc: 'maybe' },
      { pageSize: 501 },
      { criteria: [{ field: 'clientUsername', value: 'x' }] },
      { start: '2024-01-01\u0000', end: '2024-01-02' },
    ];
    for (const body of bad) {
      const res = await search(superToken, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
    const range = await search(superToken, { start: '2024-02-01', end: '2024-01-01' });
    expect(range.body.data?.end).toEqual(['Date Range is not valid']);
  });
});
