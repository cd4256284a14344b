// The sessions an account sees and ends: listed with address, browser and who impersonated, ended
// one at a time or all but this one, by a superadmin for another account, and across two app
// instances on one database (the session row, not a process, decides).
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Role, type TSessionList } from '@salesdesk/contract';
import type { App } from '../app';
import { loginLogs, sessions } from '../db/schema';
import { buildAdmin, buildAgent, buildOffice, login, nextIp, tokenFor } from '../test/factories';
import { call, secondInstance, testEnv, type TestEnv } from '../test/harness';

let env: TestEnv;
let second: App;
beforeAll(async () => {
  env = await testEnv();
  // Another process's app over the same database: nothing of a session lives in one app's memory.
  second = (await secondInstance()).app;
});

const me = (app: App, token: string) => call(app, 'GET', 'accounts/me', { token });
const list = async (app: App, token: string) =>
  (await call<TSessionList>(app, 'GET', 'auth/sessions', { token })).body.items;
const sidOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sid: number }).sid;
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

describe('the sessions list', () => {
  it('lists the live sessions of the account with address, browser and the current one', async () => {
    const g = await buildAgent(env.ctx);
    const res = await call<{ token: string }>(env.app, 'POST', 'auth/login', {
      body: { username: g.username, password: 'secret123' },
      headers: { 'user-agent': FIREFOX },
      ip: '10.77.0.5',
    });
    const mine = res.body.token;
    const other = await login(env.app, g.username);
    const ended = await login(env.app, g.username);
    await call(env.app, 'POST', 'auth/logout', { token: ended });
    const items = await list(env.app, mine);
    expect(items.map((s) => s.id).sort()).toEqual([sidOf(mine), sidOf(other)].sort());
    const row = items.find((s) => s.current)!;
    expect(row).toMatchObject({ id: sidOf(mine), ip: '10.77.0.5', userAgent: FIREFOX, impersonatedBy: null });
    expect(row.secondFactor).toBe('complete');
    expect(Date.parse(row.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(items.filter((s) => s.current)).toHaveLength(1);
    // Another account's sessions are not in it.
    const stranger = await buildAgent(env.ctx);
    await login(env.app, stranger.username);
    expect(await list(env.app, mine)).toHaveLength(2);
  });

  it('names the administrator behind a "Log in as" session', async () => {
    const a = await buildAdmin(env.ctx);
    const g = await buildAgent(env.ctx);
    const as = await tokenFor(env.ctx, g.accountId, { impersonatedBy: a.accountId });
    expect((await list(env.app, as)).find((s) => s.current)?.impersonatedBy).toBe(a.username);
  });

  it('writes last seen at most once a minute per session', async () => {
    const g = await buildAgent(env.ctx);
    const token = await tokenFor(env.ctx, g.accountId);
    const old = new Date(Date.now() - 5 * 60_000);
    await env.ctx.db
      .update(sessions)
      .set({ lastSeenAt: old })
      .where(eq(sessions.id, sidOf(token)));
    await me(env.app, token);
    const [after] = await env.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sidOf(token)));
    expect(after.lastSeenAt.getTime()).toBeGreaterThan(old.getTime());
    const seen = new Date(Date.now() - 10_000);
    await env.ctx.db
      .update(sessions)
      .set({ lastSeenAt: seen })
      .where(eq(sessions.id, sidOf(token)));
    await me(env.app, token);
    const [again] = await env.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sidOf(token)));
    expect(again.lastSeenAt.getTime()).toBe(seen.getTime());
  });
});

describe('ending sessions', () => {
  it('ends one session on one app instance, and the other instance refuses it', async () => {
    const o = await buildOffice(env.ctx);
    const mine = await login(env.app, o.username);
    const other = await login(second, o.username);
    expect((await me(second, other)).status).toBe(200);
    const res = await call(env.app, 'POST', 'auth/sessions/end', { token: mine, body: { id: sidOf(other) } });
    expect(res.status).toBe(200);
    expect((await me(second, other)).status).toBe(401);
    expect((await me(env.app, other)).status).toBe(401);
    expect((await me(second, mine)).status).toBe(200);
    // Its login log row is closed, like a logout's.
    const [s] = await env.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sidOf(other)));
    const [log] = await env.ctx.db.select().from(loginLogs).where(eq(loginLogs.id, s.loginLogId!));
    expect(log.outTime).not.toBeNull();
    // Ended is ended: a second end of it is 404.
    const again = await call(env.app, 'POST', 'auth/sessions/end', {
      token: mine,
      body: { id: sidOf(other) },
    });
    expect(again.status).toBe(404);
  });

  it("answers another account's session id 404 and ends nothing; bad ids are 400", async () => {
    const g = await buildAgent(env.ctx);
    const stranger = await buildAgent(env.ctx);
    const mine = await login(env.app, g.username);
    const theirs = await login(env.app, stranger.username);
    const end = (id: unknown) => call(env.app, 'POST', 'auth/sessions/end', { token: mine, body: { id } });
    expect((await end(sidOf(theirs))).status).toBe(404);
    expect((await end(2 ** 31 - 1)).status).toBe(404);
    for (const bad of [String(sidOf(theirs)), 0, -1, 1.5, 2 ** 31, '1e3', null, 'x\u0000'])
      expect((await end(bad)).status, JSON.stringify(bad)).toBe(400);
    expect((await me(env.app, theirs)).status).toBe(200);
    expect((await me(env.app, mine)).status).toBe(200);
  });

  it('ends all other sessions, on every instance, and keeps this one', async () => {
    const a = await buildAdmin(env.ctx);
    const mine = await login(env.app, a.username);
    const others = [await login(env.app, a.username), await login(second, a.username)];
    const res = await call<{ ended: number }>(second, 'POST', 'auth/sessions/end-others', { token: mine });
    expect(res.body).toEqual({ ended: 2 });
    for (const t of others) {
      expect((await me(env.app, t)).status).toBe(401);
      expect((await me(second, t)).status).toBe(401);
    }
    expect((await me(env.app, mine)).status).toBe(200);
    expect((await list(env.app, mine)).map((s) => s.id)).toEqual([sidOf(mine)]);
  });

  it('a new password ends the other sessions and lists only this one', async () => {
    const g = await buildAgent(env.ctx);
    const mine = await login(env.app, g.username);
    const other = await login(second, g.username);
    const res = await call<{ token: string }>(env.app, 'POST', 'profile/agent', {
      token: mine,
      body: { currentPassword: 'secret123', password: 'newpass12', passwordConfirm: 'newpass12' },
    });
    expect(res.status).toBe(200);
    expect((await me(second, other)).status).toBe(401);
    expect((await list(second, res.body.token)).map((s) => s.id)).toEqual([sidOf(mine)]);
  });

  it('a superadmin ends every session of an account, on every instance; no one else may', async () => {
    const s = await buildAdmin(env.ctx, { role: Role.Superadmin });
    const superToken = await login(env.app, s.username);
    const g = await buildAgent(env.ctx);
    const tokens = [await login(env.app, g.username), await login(second, g.username)];
    const admin = await login(env.app, (await buildAdmin(env.ctx)).username);
    const endAll = (token: string, accountId: unknown) =>
      call<{ ended: number }>(env.app, 'POST', 'auth/end-sessions', { token, body: { accountId } });
    expect((await endAll(admin, g.accountId)).status).toBe(403);
    expect((await endAll(tokens[0], g.accountId)).status).toBe(403);
    expect((await me(second, tokens[1])).status).toBe(200);
    for (const bad of ['1', 0, 2 ** 31, null]) expect((await endAll(superToken, bad)).status).toBe(400);
    expect((await endAll(superToken, 2 ** 31 - 1)).status).toBe(404);
    expect((await endAll(superToken, g.accountId)).body).toEqual({ ended: 2 });
    for (const t of tokens) expect((await me(second, t)).status).toBe(401);
    // The account signs in again as usual.
    expect((await me(env.app, await login(second, g.username))).status).toBe(200);
  });

  it('a session still owing its code is listed, and ending it refuses its code step', async () => {
    const g = await buildAgent(env.ctx);
    const mine = await login(env.app, g.username);
    const pending = await tokenFor(env.ctx, g.accountId, { secondFactor: 'code' });
    const row = (await list(env.app, mine)).find((s) => s.id === sidOf(pending));
    expect(row?.secondFactor).toBe('code');
    await call(env.app, 'POST', 'auth/sessions/end', { token: mine, body: { id: sidOf(pending) } });
    const code = await call(second, 'POST', 'auth/second-factor', {
      token: pending,
      body: { code: '123456' },
      ip: nextIp(),
    });
    expect(code.status).toBe(401);
  });
});
