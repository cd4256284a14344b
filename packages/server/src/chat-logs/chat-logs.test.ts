import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Role, type TChatLogRow, type TList } from '@salesdesk/contract';
import { agentSites, chatLogs } from '../db/schema';
import { buildAdmin, buildSite, tokenFor } from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';
import { logCount, officeWithAgents } from '../test/chat-logs-fixtures';

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

describe('PUT chat-logs', () => {
  it('an agent submits a chat log for its site; its office sees it, another office and a colleague do not', async () => {
    const mine = await officeWithAgents(env.ctx);
    const theirs = await officeWithAgents(env.ctx);
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
    const w = await officeWithAgents(env.ctx);
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
    expect(await logCount(env.ctx, w.p.agent.id)).toBe(0);
  });

  it('refuses bad input with a validation error and writes nothing', async () => {
    const w = await officeWithAgents(env.ctx);
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
    expect(await logCount(env.ctx, w.p.agent.id)).toBe(0);
  });

  it('an agent whose site was switched off no longer submits for it', async () => {
    const w = await officeWithAgents(env.ctx);
    await env.ctx.db
      .update(agentSites)
      .set({ enable: false })
      .where(and(eq(agentSites.agentId, w.p.agent.id), eq(agentSites.siteId, w.p.site.id)));
    const res = await create(w.tokens.agent, { clientUsername: 'c', siteId: w.p.site.id, conversation: 'x' });
    expect(res.status).toBe(400);
  });

  it('is for agents only: offices and admins get 403 before the schema runs, nobody 401', async () => {
    const w = await officeWithAgents(env.ctx);
    const body = { clientUsername: 'c', siteId: w.p.site.id, conversation: 'x' };
    for (const token of [w.tokens.office, adminToken, superToken]) {
      expect((await create(token, body)).status).toBe(403);
      expect((await create(token, { siteId: '0x10' })).status).toBe(403);
    }
    expect((await create('', body)).status).toBe(401);
    expect(await logCount(env.ctx, w.p.agent.id)).toBe(0);
  });

  it('a chat log is never updated: there is no update or delete route', async () => {
    const w = await officeWithAgents(env.ctx);
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
    const w = await officeWithAgents(env.ctx);
    const body = { clientUsername: 'c', siteId: w.p.site.id, conversation: 'x' };
    const both = await Promise.all([create(w.tokens.agent, body), create(w.tokens.agent, body)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const wrong = { ...body, siteId: 2_000_000_000 };
    const bad = await Promise.all([create(w.tokens.agent, wrong), create(w.tokens.agent, wrong)]);
    expect(bad.map((r) => r.status)).toEqual([400, 400]);
    expect(bad[0].body).toEqual(bad[1].body);
    expect(await logCount(env.ctx, w.p.agent.id)).toBe(2);
  });
});
