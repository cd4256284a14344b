// A session ends when it should, for good: logout, suspension, login block, new password.
// (sessions-list.test.ts: the list, ending one or all, across two app instances.)
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@salesdesk/contract';
import { accounts } from '../db/schema';
import { buildAdmin, buildAgent, buildOffice, login, tokenFor } from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';

let env: TestEnv;
let superToken: string;
beforeAll(async () => {
  env = await testEnv();
  superToken = await login(env.app, (await buildAdmin(env.ctx, { role: Role.Superadmin })).username);
});

const me = (token: string) => call(env.app, 'GET', 'accounts/me', { token });

describe('sessions', () => {
  it('logout revokes the token on the server', async () => {
    const { username } = await buildAgent(env.ctx);
    const token = await login(env.app, username);
    expect((await me(token)).status).toBe(200);
    expect((await call(env.app, 'POST', 'auth/logout', { token })).status).toBe(200);
    expect((await me(token)).status).toBe(401);
  });

  it('suspension ends the sessions of an office and its agents; re-activation does not revive them', async () => {
    const o = await buildOffice(env.ctx);
    const g = await buildAgent(env.ctx, { officeId: o.office.id });
    const officeToken = await login(env.app, o.username);
    const agentToken = await login(env.app, g.username);
    const status = (active: boolean) =>
      call(env.app, 'POST', 'offices/status', { token: superToken, body: { ids: [o.office.id], active } });
    expect((await status(false)).status).toBe(200);
    expect((await status(true)).status).toBe(200);
    expect((await me(officeToken)).status).toBe(401);
    expect((await me(agentToken)).status).toBe(401);
    expect((await me(await login(env.app, g.username))).status).toBe(200);
  });

  it('a login block ends the session for good, whoever writes it', async () => {
    const g = await buildAgent(env.ctx);
    const token = await tokenFor(env.ctx, g.accountId);
    await env.ctx.db.update(accounts).set({ loginBlocked: true }).where(eq(accounts.id, g.accountId));
    await env.ctx.db.update(accounts).set({ loginBlocked: false }).where(eq(accounts.id, g.accountId));
    expect((await me(token)).status).toBe(401);
  });

  it('refuses a token without an expiry, a session version or a session id', async () => {
    const g = await buildAgent(env.ctx);
    const sign = (claims: Record<string, unknown>, exp = true) => {
      const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject(String(g.accountId));
      return (exp ? jwt.setExpirationTime('1h') : jwt).sign(env.ctx.keys.jwt);
    };
    const good = await tokenFor(env.ctx, g.accountId);
    const { sid } = JSON.parse(Buffer.from(good.split('.')[1], 'base64url').toString()) as { sid: number };
    expect((await me(good)).status).toBe(200);
    expect((await me(await sign({ sv: 0, sid }, false))).status).toBe(401);
    expect((await me(await sign({ sid }))).status).toBe(401);
    expect((await me(await sign({ sv: 0 }))).status).toBe(401);
    expect((await me(await sign({ sv: 0, sid: 'x' }))).status).toBe(401);
    // A login log id is no session: the token of an older release carried one.
    expect((await me(await sign({ sv: 0, lid: sid }))).status).toBe(401);
    expect((await me(await sign({ sv: 0, sid }))).status).toBe(200);
  });
});
