import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Role, type TChatLogRow, type TList } from '@salesdesk/contract';
import { agentSites, chatLogs, sites } from '../db/schema';
import { buildAdmin, buildAgent, buildClickPath, buildSite, tokenFor } from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';

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
const create = (token: string, body: object) => call<Answer>(env.app, 'PUT', 'chat-logs', { token, body });

/** An office with a site and two agents who have it enabled, and their tokens. */
async function officeWithAgents() {
  const p = await buildClickPath(env.ctx);
  const colleague = await buildAgent(env.ctx, { officeId: p.office.id, siteIds: [p.site.id] });
  return {
    p,
    colleague,
    tokens: {
      office: await tokenFor(env.ctx, p.office.accountId),
      agent: await tokenFor(env.ctx, p.agentAccountId),
      colleague: await tokenFor(env.ctx, colleague.accountId),
    },
  };
}

const logCount = async (agentId: number) =>
  (await env.ctx.db.select().from(chatLogs).where(eq(chatLogs.agentId, agentId))).length;

const insertLog = (
  w: { p: { office: { id: number }; agent: { id: number }; site: { id: number } } },
  clientUsername: string,
  submitTime: string,
) =>
  env.ctx.db.insert(chatLogs).values({
    officeId: w.p.office.id,
    agentId: w.p.agent.id,
    siteId: w.p.site.id,
    clientUsername,
    conversation: 'hi',
    submitTime: new Date(submitTime),
  });

describe('PUT chat-logs', () => {
  it('an agent submits a chat log for its site; its office sees it, another office and a colleague do not', async () => {
    const mine = await officeWithAgents();
    const theirs = await officeWithAgents();
    const res = await create(mine.tokens.agent, {
      clientUsername: '  Client Ann ',
      siteId: mine.p.site.id,
      conversation: 'Asked about the trial.\nSigned up.',
      // The office and agent come from the session, whatever the body says.
      officeId: theirs.p.office.id,
      agentId: theirs.p.agent.id,
    });
    expect(res.status).toBe(200);
    expect(res.body.id).toBeGreaterThan(0);
    const [row] = await env.ctx.db.select().from(chatLogs).where(eq(chatLogs.id, res.body.id!));
    expect(row).toMatchObject({
      officeId: mine.p.office.id,
      agentId: mine.p.agent.id,
      clientUsername: 'Client Ann',
    });

    const byOffice = await search(mine.tokens.office, {});
    expect(byOffice.body.total).toBe(1);
    expect(byOffice.body.items[0]).toMatchObject({
      officeName: mine.p.office.officeName,
      agentUsername: mine.p.agentUsername,
      siteId: mine.p.site.id,
      sitename: mine.p.site.sitename,
      clientUsername: 'Client Ann',
      conversation: 'Asked about the trial.\nSigned up.',
    });
    expect(Date.parse(byOffice.body.items[0].submitTime)).toBeGreaterThan(Date.now() - 60_000);
    expect((await search(mine.tokens.agent, {})).body.total).toBe(1);
    expect((await search(mine.tokens.colleague, {})).body.total).toBe(0);
    expect((await search(theirs.tokens.office, {})).body.total).toBe(0);
    expect((await search(adminToken, { companyId: mine.p.office.id })).body.total).toBe(1);
  });

  it('refuses a site the agent may not use with a field error, and writes nothing', async () => {
    const w = await officeWithAgents();
    const other = await buildSite(env.ctx);
    const { site: disabled } = await buildSite(env.ctx);
    await env.ctx.db.insert(agentSites).values({ agentId: w.p.agent.id, siteId: disabled.id, enable: false });
    const { site: suspended } = await buildSite(env.ctx, { status: false });
    const { site: deleted } = await buildSite(env.ctx, { deletedAt: new Date() });
    await env.ctx.db.insert(agentSites).values([
      { agentId: w.p.agent.id, siteId: suspended.id },
      { agentId: w.p.agent.id, siteId: deleted.id },
    ]);
    for (const siteId of [other.site.id, disabled.id, suspended.id, deleted.id, 2_000_000_000]) {
      const res = await create(w.tokens.agent, { clientUsername: 'c', siteId, conversation: 'x' });
      expect(res.status, String(siteId)).toBe(400);
      expect(res.body.data?.siteId).toEqual(['Choose one of your sites']);
    }
    expect(await logCount(w.p.agent.id)).toBe(0);
  });

  it('refuses bad input with a validation error and writes nothing', async () => {
    const w = await officeWithAgents();
    const ok = { clientUsername: 'c', siteId: w.p.site.id, conversation: 'x' };
    const bad: object[] = [
      {},
      { ...ok, clientUsername: '   ' },
      { ...ok, conversation: ' \n ' },
      { ...ok, siteId: null },
      { ...ok, siteId: String(w.p.site.id) },
      { ...ok, siteId: 3_000_000_000 },
      { ...ok, siteId: 1.5 },
      { ...ok, siteId: -1 },
      { ...ok, clientUsername: 'x'.repeat(129) },
      { ...ok, conversation: 'x'.repeat(20_001) },
      { ...ok, conversation: 'a\u0000b' },
      { ...ok, clientUsername: 'x\uD800' },
    ];
    for (const body of bad) {
      const res = await create(w.tokens.agent, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
    const missing = await create(w.tokens.agent, { ...ok, siteId: null, clientUsername: '' });
    expect(missing.body.data).toMatchObject({
      siteId: ['Site is required'],
      clientUsername: ['Client name is required'],
    });
    expect(await logCount(w.p.agent.id)).toBe(0);
  });

  it('an agent whose site was switched off no longer submits for it', async () => {
    const w = await officeWithAgents();
    await env.ctx.db
      .update(agentSites)
      .set({ enable: false })
      .where(and(eq(agentSites.agentId, w.p.agent.id), eq(agentSites.siteId, w.p.site.id)));
    const res = await create(w.tokens.agent, { clientUsername: 'c', siteId: w.p.site.id, conversation: 'x' });
    expect(res.status).toBe(400);
  });

  it('is for agents only: offices and admins get 403 before the schema runs, nobody 401', async () => {
    const w = await officeWithAgents();
    const body = { clientUsername: 'c', siteId: w.p.site.id, conversation: 'x' };
    for (const token of [w.tokens.office, adminToken, superToken]) {
      expect((await create(token, body)).status).toBe(403);
      expect((await create(token, { siteId: '0x10' })).status).toBe(403);
    }
    expect((await create('', body)).status).toBe(401);
    expect(await logCount(w.p.agent.id)).toBe(0);
  });

  it('a chat log is never updated: there is no update or delete route', async () => {
    const w = await officeWithAgents();
    const { body } = await create(w.tokens.agent, {
      clientUsername: 'c',
      siteId: w.p.site.id,
      conversation: 'x',
    });
    const change = { clientUsername: 'd', siteId: w.p.site.id, conversation: 'y' };
    expect(
      (await call(env.app, 'POST', `chat-logs/${body.id}`, { token: w.tokens.agent, body: change })).status,
    ).toBe(404);
    expect(
      (await call(env.app, 'PUT', `chat-logs/${body.id}`, { token: w.tokens.agent, body: change })).status,
    ).toBe(404);
    expect((await call(env.app, 'DELETE', `chat-logs/${body.id}`, { token: superToken })).status).toBe(404);
    expect((await search(w.tokens.agent, {})).body.items[0].clientUsername).toBe('c');
  });

  it('two submits at once each record their log; two bad ones at once get the same error', async () => {
    const w = await officeWithAgents();
    const body = { clientUsername: 'c', siteId: w.p.site.id, conversation: 'x' };
    const both = await Promise.all([create(w.tokens.agent, body), create(w.tokens.agent, body)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const wrong = { ...body, siteId: 2_000_000_000 };
    const bad = await Promise.all([create(w.tokens.agent, wrong), create(w.tokens.agent, wrong)]);
    expect(bad.map((r) => r.status)).toEqual([400, 400]);
    expect(bad[0].body).toEqual(bad[1].body);
    expect(await logCount(w.p.agent.id)).toBe(2);
  });
});

describe('POST chat-logs/search', () => {
  it('filters by site, office, agent and Eastern submit days; sorts by office name by default; pages', async () => {
    const a = await officeWithAgents();
    const b = await officeWithAgents();
    await insertLog(a, 'a-winter-early', '2024-01-15T04:59:59Z'); // Jan 14 Eastern
    await insertLog(a, 'a-winter', '2024-01-15T05:00:00Z');
    await insertLog(a, 'a-summer', '2024-07-04T04:00:00Z');
    await insertLog(b, 'b-winter', '2024-01-15T12:00:00Z');
    const ids = [a.p.office.id, b.p.office.id];
    const names = (r: ListRes) => r.body.items.map((x) => x.clientUsername);

    const day = await search(adminToken, { start: '2024-01-15', end: '2024-01-15' });
    const ours = day.body.items.filter((x) => ids.includes(officeIdOf(x, a, b)));
    expect(ours.map((x) => x.clientUsername).sort()).toEqual(['a-winter', 'b-winter']);
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
    const a = await officeWithAgents();
    const b = await officeWithAgents();
    await insertLog(a, 'x', '2024-02-01T12:00:00Z');
    await insertLog(b, 'y', '2024-02-01T12:00:00Z');
    const res = await search(superToken, { start: '2024-02-01', end: '2024-02-01' });
    const offices = res.body.items.map((x) => x.officeName);
    expect(offices).toEqual([...offices].sort((p, q) => p.toLowerCase().localeCompare(q.toLowerCase())));
    expect(offices).toEqual(expect.arrayContaining([a.p.office.officeName, b.p.office.officeName]));
  });

  it("answers 404 for another tenant's office, agent or site; an admin's unknown ids just find nothing", async () => {
    const mine = await officeWithAgents();
    const theirs = await officeWithAgents();
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
    const w = await officeWithAgents();
    await insertLog(w, 'kept', '2024-03-01T12:00:00Z');
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

/** The office of a row of one of the two test offices (rows carry the office's name, not its id). */
function officeIdOf(
  row: TChatLogRow,
  ...ws: { p: { office: { id: number; officeName: string } } }[]
): number {
  return ws.find((w) => w.p.office.officeName === row.officeName)?.p.office.id ?? 0;
}
