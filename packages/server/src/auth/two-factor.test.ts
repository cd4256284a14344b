// Two-factor sign-in: enrolment, the two steps of a login, replays and recovery codes (also at once),
// turning it off, a superadmin's reset, and bad input that changes nothing.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CODE_WRONG, Role, type TTwoFactorStatus } from '@salesdesk/contract';
import { recoveryCodes, sessions, twoFactor } from '../db/schema';
import { decryptSecret } from '../common/crypto';
import { buildAdmin, buildAgent, buildOffice, login, tokenFor } from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';
import { codeAt, enrol, giveCode, passwordStep } from '../test/two-factor-fixtures';
import { MAX_CODE_FAILURES_PER_ACCOUNT } from './attempts';
import { mintToken } from './service';

const mintRemoteLink = (ctx: TestEnv['ctx'], accountId: number, by: number | null) =>
  mintToken(ctx, accountId, by, 60_000);

let env: TestEnv;
beforeAll(async () => {
  env = await testEnv();
});

const me = (token: string) => call(env.app, 'GET', 'accounts/me', { token });
const status = (token: string) => call<TTwoFactorStatus>(env.app, 'GET', 'auth/two-factor', { token });
const rowOf = async (accountId: number) =>
  (await env.ctx.db.select().from(twoFactor).where(eq(twoFactor.accountId, accountId)))[0];

describe('enrolment', () => {
  it('shows a QR code and the secret, is confirmed by a code, and answers ten recovery codes once', async () => {
    const g = await buildAgent(env.ctx);
    const token = await login(env.app, g.username);
    expect((await status(token)).body).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
    const setup = await call<{ secret: string; uri: string; qr: string }>(
      env.app,
      'POST',
      'auth/two-factor/start',
      { token },
    );
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.uri).toContain(`secret=${setup.body.secret}`);
    expect(setup.body.uri).toContain(encodeURIComponent(g.username));
    expect(setup.body.qr).toMatch(/^data:image\/png;base64,/);
    // Not on until confirmed, and the secret is stored encrypted.
    expect((await status(token)).body.enabled).toBe(false);
    const pending = await rowOf(g.accountId);
    expect(pending.pendingSecret).not.toContain(setup.body.secret);
    expect(decryptSecret(env.ctx.keys, pending.pendingSecret)).toBe(setup.body.secret);

    const wrong = await call<{ data: Record<string, string[]> }>(env.app, 'POST', 'auth/two-factor/enable', {
      token,
      body: { code: codeAt(setup.body.secret, 5) },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.code).toEqual([CODE_WRONG]);
    const done = await call<{ recoveryCodes: string[] }>(env.app, 'POST', 'auth/two-factor/enable', {
      token,
      body: { code: codeAt(setup.body.secret) },
    });
    expect(done.status).toBe(200);
    expect(done.body.recoveryCodes).toHaveLength(10);
    expect(new Set(done.body.recoveryCodes).size).toBe(10);
    for (const c of done.body.recoveryCodes) expect(c).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    expect((await status(token)).body).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });
    const stored = await env.ctx.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.accountId, g.accountId));
    const text = JSON.stringify([stored, await rowOf(g.accountId)]);
    for (const c of done.body.recoveryCodes) expect(text).not.toContain(c.replace(/-/g, ''));
    expect(text).not.toContain(setup.body.secret);
    // A second enrolment is refused while one is on.
    expect((await call(env.app, 'POST', 'auth/two-factor/start', { token })).status).toBe(409);
  });

  it('ends the other sessions, keeping the one that enrolled', async () => {
    const o = await buildOffice(env.ctx);
    const other = await login(env.app, o.username);
    const mine = await login(env.app, o.username);
    await enrol(env.app, mine);
    expect((await me(other)).status).toBe(401);
    expect((await me(mine)).status).toBe(200);
  });

  it('refuses codes of the wrong shape with 400 and enables nothing', async () => {
    const g = await buildAgent(env.ctx);
    const token = await login(env.app, g.username);
    const setup = await call<{ secret: string }>(env.app, 'POST', 'auth/two-factor/start', { token });
    const right = codeAt(setup.body.secret);
    for (const code of [
      '',
      '12345',
      '1234567',
      'abcdef',
      `${right.slice(0, 5)}\u0000`,
      123456,
      null,
      right + 'x',
    ]) {
      const res = await call(env.app, 'POST', 'auth/two-factor/enable', { token, body: { code } });
      expect(res.status, JSON.stringify(code)).toBe(400);
    }
    expect((await rowOf(g.accountId)).secret).toBeNull();
  });
});

describe('the two steps of a login', () => {
  it('asks an enrolled account for its code, and the same session is complete after it', async () => {
    const g = await buildAgent(env.ctx);
    const { secret } = await enrol(env.app, await login(env.app, g.username));
    const first = await passwordStep(env.app, g.username);
    expect(first.secondFactor).toBe('code');
    // Only the second step's routes, logout and me admit it.
    expect((await me(first.token)).status).toBe(200);
    const refused = await call<{ code: string }>(env.app, 'GET', 'alerts/login', { token: first.token });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('SECOND_FACTOR_REQUIRED');
    expect((await call(env.app, 'GET', 'auth/sessions', { token: first.token })).status).toBe(403);
    const ok = await giveCode(env.app, first.token, codeAt(secret, 1));
    expect(ok.status).toBe(200);
    expect((await call(env.app, 'GET', 'alerts/login', { token: first.token })).status).toBe(200);
    // No code is owed any more.
    expect((await giveCode(env.app, first.token, codeAt(secret, 1))).status).toBe(409);
  });

  it('refuses a replayed code, and an older one, in their window', async () => {
    const g = await buildAgent(env.ctx);
    const { secret } = await enrol(env.app, await login(env.app, g.username));
    // One code, computed once: computed again it could be of the next step, were a step to begin between.
    const used = codeAt(secret, 1);
    const a = await passwordStep(env.app, g.username);
    expect((await giveCode(env.app, a.token, used)).status).toBe(200);
    const b = await passwordStep(env.app, g.username);
    const replay = await giveCode(env.app, b.token, used);
    expect(replay.status).toBe(400);
    expect(replay.body.data).toEqual({ code: [CODE_WRONG] });
    expect((await giveCode(env.app, b.token, codeAt(secret, 0))).status).toBe(400);
    expect((await giveCode(env.app, b.token, codeAt(secret, -1))).status).toBe(400);
    expect((await call(env.app, 'GET', 'alerts/login', { token: b.token })).status).toBe(403);
    const [row] = await env.ctx.db.select().from(sessions).where(eq(sessions.accountId, g.accountId));
    expect(row).toBeDefined();
  });

  it('takes one code sent twice at once exactly once', async () => {
    const g = await buildAgent(env.ctx);
    const { secret } = await enrol(env.app, await login(env.app, g.username));
    const a = await passwordStep(env.app, g.username);
    const b = await passwordStep(env.app, g.username);
    const code = codeAt(secret, 1);
    const answers = await Promise.all([giveCode(env.app, a.token, code), giveCode(env.app, b.token, code)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('takes each recovery code once, also when sent twice at once', async () => {
    const g = await buildAgent(env.ctx);
    const { recoveryCodes: codes } = await enrol(env.app, await login(env.app, g.username));
    const a = await passwordStep(env.app, g.username);
    // Typed in capitals and without dashes, it is the same code.
    expect((await giveCode(env.app, a.token, codes[0].toUpperCase().replace(/-/g, ''))).status).toBe(200);
    const b = await passwordStep(env.app, g.username);
    expect((await giveCode(env.app, b.token, codes[0])).status).toBe(400);
    const c = await passwordStep(env.app, g.username);
    const twice = await Promise.all([
      giveCode(env.app, b.token, codes[1]),
      giveCode(env.app, c.token, codes[1]),
    ]);
    expect(twice.map((r) => r.status).sort()).toEqual([200, 400]);
    const left = await call<TTwoFactorStatus>(env.app, 'GET', 'auth/two-factor', {
      token: twice[0].status === 200 ? b.token : c.token,
    });
    expect(left.body.recoveryCodesLeft).toBe(8);
  });

  it("answers bad codes 400, another account's recovery code 400, and changes nothing", async () => {
    const g = await buildAgent(env.ctx);
    const other = await buildAgent(env.ctx);
    const { secret } = await enrol(env.app, await login(env.app, g.username));
    const { recoveryCodes: theirs } = await enrol(env.app, await login(env.app, other.username));
    const pending = await passwordStep(env.app, g.username);
    const before = await rowOf(g.accountId);
    for (const code of [
      '',
      '12345',
      '1234567',
      'abc123',
      '12345\u0000',
      '１２３４５６',
      'x'.repeat(16),
      42,
      null,
    ]) {
      const res = await giveCode(env.app, pending.token, code);
      expect(res.status, JSON.stringify(code)).toBe(400);
    }
    expect((await giveCode(env.app, pending.token, theirs[0])).status).toBe(400);
    expect(await rowOf(g.accountId)).toEqual(before);
    expect((await call(env.app, 'GET', 'alerts/login', { token: pending.token })).status).toBe(403);
    // Their code is still theirs to use.
    const theirLogin = await passwordStep(env.app, other.username);
    expect((await giveCode(env.app, theirLogin.token, theirs[0])).status).toBe(200);
    expect((await giveCode(env.app, pending.token, codeAt(secret, 1))).status).toBe(200);
  });

  it('throttles wrong codes per account, even from many addresses, and the right one waits too', async () => {
    const g = await buildAgent(env.ctx);
    const { secret } = await enrol(env.app, await login(env.app, g.username));
    const pending = await passwordStep(env.app, g.username);
    const wrong = codeAt(secret, 1) === '000000' ? '111111' : '000000';
    for (let i = 0; i < MAX_CODE_FAILURES_PER_ACCOUNT; i++)
      expect((await giveCode(env.app, pending.token, wrong)).status).toBe(400);
    expect((await giveCode(env.app, pending.token, codeAt(secret, 1))).status).toBe(429);
    expect((await call(env.app, 'GET', 'alerts/login', { token: pending.token })).status).toBe(403);
  });

  it("a forgot-password link also asks for the code; 'Log in as' does not", async () => {
    const g = await buildAgent(env.ctx);
    await enrol(env.app, await login(env.app, g.username));
    const forgot = await call<{ secondFactor: string }>(env.app, 'POST', 'auth/login-remote', {
      body: { token: await mintRemoteLink(env.ctx, g.accountId, null) },
    });
    expect(forgot.body.secondFactor).toBe('code');
    const admin = await buildAdmin(env.ctx);
    const as = await call<{ secondFactor: string }>(env.app, 'POST', 'auth/login-remote', {
      body: { token: await mintRemoteLink(env.ctx, g.accountId, admin.accountId) },
    });
    expect(as.body.secondFactor).toBe('complete');
  });

  it("'Log in as' needs the administrator's own complete session", async () => {
    const s = await buildAdmin(env.ctx, { role: Role.Superadmin });
    const g = await buildAgent(env.ctx);
    const pending = await tokenFor(env.ctx, s.accountId, { secondFactor: 'code' });
    const refused = await call<{ code: string }>(env.app, 'POST', 'auth/remote-token', {
      token: pending,
      body: { accountId: g.accountId },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('SECOND_FACTOR_REQUIRED');
    const full = await tokenFor(env.ctx, s.accountId);
    const ok = await call(env.app, 'POST', 'auth/remote-token', {
      token: full,
      body: { accountId: g.accountId },
    });
    expect(ok.status).toBe(200);
  });
});

describe('turning it off and resetting it', () => {
  it('turns off with a code, ending the other sessions; a wrong or used code changes nothing', async () => {
    const g = await buildAgent(env.ctx);
    const token = await login(env.app, g.username);
    const { secret, enrolCode, recoveryCodes: codes } = await enrol(env.app, token);
    const other = await passwordStep(env.app, g.username);
    expect((await giveCode(env.app, other.token, codes[0])).status).toBe(200);
    const disable = (code: unknown) =>
      call(env.app, 'POST', 'auth/two-factor/disable', { token, body: { code } });
    expect((await disable(enrolCode)).status).toBe(400);
    expect((await disable('12345')).status).toBe(400);
    expect((await disable('abcdef')).status).toBe(400);
    expect((await status(token)).body.enabled).toBe(true);
    expect((await me(other.token)).status).toBe(200);
    expect((await disable(codeAt(secret, 1))).status).toBe(200);
    expect((await me(other.token)).status).toBe(401);
    expect((await me(token)).status).toBe(200);
    expect((await status(token)).body.enabled).toBe(false);
  });

  it('turns off with a recovery code; the next login is one step', async () => {
    const g = await buildAgent(env.ctx);
    const token = await login(env.app, g.username);
    const { recoveryCodes: codes } = await enrol(env.app, token);
    const res = await call(env.app, 'POST', 'auth/two-factor/disable', { token, body: { code: codes[3] } });
    expect(res.status).toBe(200);
    expect(await rowOf(g.accountId)).toBeUndefined();
    expect(
      await env.ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.accountId, g.accountId)),
    ).toEqual([]);
    expect((await passwordStep(env.app, g.username)).secondFactor).toBe('complete');
    expect(
      (await call(env.app, 'POST', 'auth/two-factor/disable', { token, body: { code: codes[4] } })).status,
    ).toBe(409);
  });

  it("a superadmin resets another account's two-factor and ends its sessions; others may not", async () => {
    const s = await buildAdmin(env.ctx, { role: Role.Superadmin });
    const superToken = await login(env.app, s.username);
    const o = await buildOffice(env.ctx);
    const officeToken = await login(env.app, o.username);
    await enrol(env.app, officeToken);
    const admin = await login(env.app, (await buildAdmin(env.ctx)).username);
    const reset = (token: string, accountId: unknown) =>
      call(env.app, 'POST', 'auth/reset-two-factor', { token, body: { accountId } });
    expect((await reset(admin, o.accountId)).status).toBe(403);
    expect((await reset(officeToken, o.accountId)).status).toBe(403);
    expect(await rowOf(o.accountId)).toBeDefined();
    for (const bad of ['1', 0, -1, 2 ** 31, 1.5, null])
      expect((await reset(superToken, bad)).status).toBe(400);
    expect((await reset(superToken, 2 ** 31 - 1)).status).toBe(404);
    expect((await reset(superToken, s.accountId)).status).toBe(403);
    expect((await reset(superToken, o.accountId)).status).toBe(200);
    expect(await rowOf(o.accountId)).toBeUndefined();
    expect((await me(officeToken)).status).toBe(401);
    expect((await passwordStep(env.app, o.username)).secondFactor).toBe('complete');
  });
});
