// Agents status changes: activate/suspend, show/hide, login block; sessions end and links stop at once.
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accounts, agents } from '../db/schema';
import { buildAgent, buildClickPath, buildOffice, login, tokenFor } from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';

let env: TestEnv;
beforeAll(async () => {
  env = await testEnv();
});

const setStatus = (token: string, body: object) =>
  call<{ code: string }>(env.app, 'POST', 'agents/status', { token, body });
const agentRow = async (id: number) => (await env.ctx.db.select().from(agents).where(eq(agents.id, id)))[0];
const accountRow = async (id: number) =>
  (await env.ctx.db.select().from(accounts).where(eq(accounts.id, id)))[0];
const me = (token: string) => call(env.app, 'GET', 'accounts/me', { token });

describe('POST agents/status', () => {
  it('an office suspends its agent: its session ends for good, activation lets it log in again', async () => {
    const o = await buildOffice(env.ctx);
    const a = await buildAgent(env.ctx, { officeId: o.office.id });
    const token = await tokenFor(env.ctx, o.accountId);
    const agentToken = await login(env.app, a.username);
    expect((await setStatus(token, { ids: [a.agent.id], active: false })).status).toBe(200);
    expect(await agentRow(a.agent.id)).toMatchObject({ active: false });
    expect(await accountRow(a.accountId)).toMatchObject({ active: false });
    expect((await me(agentToken)).status).toBe(401);
    expect((await setStatus(token, { ids: [a.agent.id], active: true })).status).toBe(200);
    expect((await me(agentToken)).status).toBe(401);
    await login(env.app, a.username);
  });

  it("stops a suspended agent's tracking links at once", async () => {
    const path = await buildClickPath(env.ctx);
    const url = `/api/links/go/${path.site.id}/${path.type.id}/${path.agent.id}`;
    expect((await env.app.inject({ method: 'GET', url })).statusCode).toBe(302);
    const token = await tokenFor(env.ctx, path.office.accountId);
    await setStatus(token, { ids: [path.agent.id], active: false });
    expect((await env.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    await setStatus(token, { ids: [path.agent.id], active: true });
    expect((await env.app.inject({ method: 'GET', url })).statusCode).toBe(302);
  });

  it('disabling login ends the session and refuses logins until enabled; links keep working', async () => {
    const path = await buildClickPath(env.ctx);
    const token = await tokenFor(env.ctx, path.office.accountId);
    const agentToken = await login(env.app, path.agentUsername);
    expect((await setStatus(token, { ids: [path.agent.id], loginBlocked: true })).status).toBe(200);
    expect(await accountRow(path.agentAccountId)).toMatchObject({ loginBlocked: true, active: true });
    expect((await me(agentToken)).status).toBe(401);
    await expect(login(env.app, path.agentUsername)).rejects.toThrow(/400/);
    const url = `/api/links/go/${path.site.id}/${path.type.id}/${path.agent.id}`;
    expect((await env.app.inject({ method: 'GET', url })).statusCode).toBe(302);
    await setStatus(token, { ids: [path.agent.id], loginBlocked: false });
    await login(env.app, path.agentUsername);
  });

  it('hides and shows several agents at once', async () => {
    const o = await buildOffice(env.ctx);
    const a = await buildAgent(env.ctx, { officeId: o.office.id });
    const b = await buildAgent(env.ctx, { officeId: o.office.id });
    const token = await tokenFor(env.ctx, o.accountId);
    await setStatus(token, { ids: [a.agent.id, b.agent.id, a.agent.id], hidden: true });
    const rows = await env.ctx.db
      .select()
      .from(agents)
      .where(inArray(agents.id, [a.agent.id, b.agent.id]));
    expect(rows.map((r) => r.hidden)).toEqual([true, true]);
  });

  it('needs exactly one change, and ids that are all in scope; otherwise nothing changes', async () => {
    const o = await buildOffice(env.ctx);
    const own = await buildAgent(env.ctx, { officeId: o.office.id });
    const foreign = await buildAgent(env.ctx);
    const token = await tokenFor(env.ctx, o.accountId);
    const ids = [own.agent.id];
    for (const body of [
      { ids },
      { ids, active: false, hidden: true },
      { ids, active: 'false' },
      { ids: [], active: false },
      { ids: ['0x10'], active: false },
      { ids: [3000000000], active: false },
      { ids: [1.5], active: false },
    ]) {
      const res = await setStatus(token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
    expect((await setStatus(token, { ids: [own.agent.id, foreign.agent.id], active: false })).status).toBe(
      404,
    );
    expect((await setStatus(token, { ids: [2147483647], active: false })).status).toBe(404);
    expect(await agentRow(own.agent.id)).toMatchObject({ active: true });
    expect(await agentRow(foreign.agent.id)).toMatchObject({ active: true });
  });

  it('the same change twice at once succeeds twice with one result', async () => {
    const o = await buildOffice(env.ctx);
    const a = await buildAgent(env.ctx, { officeId: o.office.id });
    const token = await tokenFor(env.ctx, o.accountId);
    const both = await Promise.all([1, 2].map(() => setStatus(token, { ids: [a.agent.id], active: false })));
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(await agentRow(a.agent.id)).toMatchObject({ active: false });
  });

  it('is refused to agents, even for themselves', async () => {
    const a = await buildAgent(env.ctx);
    const token = await tokenFor(env.ctx, a.accountId);
    expect((await setStatus(token, { ids: [a.agent.id], loginBlocked: false })).status).toBe(403);
  });
});
