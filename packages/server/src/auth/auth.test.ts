import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@salesdesk/contract';
import { queryRows } from '../db/client';
import { accounts, blackListIps, loginLogs, options } from '../db/schema';
import { changePassword } from '../accounts/credentials';
import { buildAdmin, buildAgent, login, nextIp, PASSWORD } from '../test/factories';
import { call, testEnv, testEnvWith, type TestEnv } from '../test/harness';
import { LOGIN_FAILED } from './service';

let env: TestEnv;
beforeAll(async () => {
  env = await testEnv();
});

describe('POST auth/login', () => {
  it('logs in, writes a login log and counts the login', async () => {
    const { username, accountId } = await buildAgent(env.ctx);
    const token = await login(env.app, username);
    const me = await call<{ username: string; role: number }>(env.app, 'GET', 'accounts/me', { token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ username, role: Role.Agent });
    const logs = await env.ctx.db.select().from(loginLogs).where(eq(loginLogs.accountId, accountId));
    expect(logs).toHaveLength(1);
    const [a] = await env.ctx.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(a.loginCount).toBe(1);
    expect(a.lastLoginTime).not.toBeNull();
  });

  it('answers an unknown user exactly like a wrong password', async () => {
    const { username } = await buildAgent(env.ctx);
    const wrong = await call(env.app, 'POST', 'auth/login', { body: { username, password: 'nope-nope' } });
    const unknown = await call(env.app, 'POST', 'auth/login', {
      body: { username: 'nobody-xyz', password: 'nope-nope' },
    });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toMatchObject({ code: 'VALIDATION_ERROR', data: { _form: [LOGIN_FAILED] } });
  });

  it('maps missing fields to field errors', async () => {
    const res = await call<{ code: string; data: Record<string, string[]> }>(env.app, 'POST', 'auth/login', {
      body: { username: '', password: '' },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(res.body.data)).toEqual(expect.arrayContaining(['username', 'password']));
  });

  it('refuses unapproved, suspended and login-blocked accounts', async () => {
    const unapproved = await buildAgent(env.ctx, { approved: false });
    const res = await call(env.app, 'POST', 'auth/login', {
      body: { username: unapproved.username, password: PASSWORD },
    });
    expect(res.status).toBe(400);
    const blocked = await buildAgent(env.ctx);
    await env.ctx.db.update(accounts).set({ loginBlocked: true }).where(eq(accounts.id, blocked.accountId));
    const res2 = await call(env.app, 'POST', 'auth/login', {
      body: { username: blocked.username, password: PASSWORD },
    });
    expect(res2.status).toBe(400);
  });

  it('refuses a black-listed IP and blocks the account when auto_block_account is on', async () => {
    const { username, accountId } = await buildAgent(env.ctx);
    const ip = '192.0.2.77';
    await env.ctx.db.insert(blackListIps).values({ ip }).onConflictDoNothing();
    const off = await call(env.app, 'POST', 'auth/login', { body: { username, password: PASSWORD }, ip });
    expect(off.status).toBe(400);
    let [a] = await env.ctx.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(a.loginBlocked).toBe(false);
    await env.ctx.db
      .insert(options)
      .values({ name: 'auto_block_account', value: '1' })
      .onConflictDoUpdate({ target: options.name, set: { value: '1' } });
    try {
      await call(env.app, 'POST', 'auth/login', { body: { username, password: PASSWORD }, ip });
      [a] = await env.ctx.db.select().from(accounts).where(eq(accounts.id, accountId));
      expect(a.loginBlocked).toBe(true);
    } finally {
      await env.ctx.db.update(options).set({ value: '0' }).where(eq(options.name, 'auto_block_account'));
    }
  });

  it('refuses a username after too many failures', async () => {
    const { username } = await buildAgent(env.ctx);
    for (let i = 0; i < 10; i++)
      await call(env.app, 'POST', 'auth/login', { body: { username, password: 'bad-pass' } });
    const res = await call<{ code: string }>(env.app, 'POST', 'auth/login', {
      body: { username, password: PASSWORD },
    });
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('RATE_LIMITED');
  });
});

describe('captcha', () => {
  it('is off: GET /captcha answers an empty image', async () => {
    const res = await call(env.app, 'GET', 'captcha');
    expect(res.body).toEqual({ image: '', check: '' });
  });

  it('is on: a wrong answer is refused, the right one works once', async () => {
    const on = await testEnvWith({ CAPTCHA: 'on', CAPTCHA_TEST_ANSWER: 'abcde' });
    const { username } = await buildAgent(env.ctx);
    const captcha = await call<{ image: string; check: string }>(on.app, 'GET', 'captcha');
    expect(captcha.body.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const body = { username, password: PASSWORD, captchaCheck: captcha.body.check };
    const missing = await call(on.app, 'POST', 'auth/login', { body: { username, password: PASSWORD } });
    expect(missing.status).toBe(400);
    const wrong = await call(on.app, 'POST', 'auth/login', { body: { ...body, captchaString: 'zzzzz' } });
    expect(wrong.status).toBe(400);
    const fresh = await call<{ check: string }>(on.app, 'GET', 'captcha');
    const ok = await call(on.app, 'POST', 'auth/login', {
      body: { ...body, captchaCheck: fresh.body.check, captchaString: 'ABCDE' },
    });
    expect(ok.status).toBe(200);
    const replay = await call(on.app, 'POST', 'auth/login', {
      body: { ...body, captchaCheck: fresh.body.check, captchaString: 'abcde' },
    });
    expect(replay.status).toBe(400);
  });
});

describe('sessions end', () => {
  it('when the account is suspended or its password changes', async () => {
    const a = await buildAgent(env.ctx);
    const token = await login(env.app, a.username);
    await changePassword(env.ctx.db, env.ctx.keys, a.accountId, 'another-pass');
    const after = await call<{ code: string }>(env.app, 'GET', 'accounts/me', { token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('INVALID_TOKEN');
    const b = await buildAgent(env.ctx);
    const tokenB = await login(env.app, b.username);
    await env.ctx.db.update(accounts).set({ active: false }).where(eq(accounts.id, b.accountId));
    expect((await call(env.app, 'GET', 'accounts/me', { token: tokenB })).status).toBe(401);
  });

  it('refuses a forged or missing token', async () => {
    expect((await call(env.app, 'GET', 'accounts/me')).status).toBe(401);
    const forged = await call(env.app, 'GET', 'accounts/me', { token: 'eyJhbGciOiJIUzI1NiJ9.e30.x' });
    expect(forged.status).toBe(401);
  });

  it('logout sets the login log out time', async () => {
    const a = await buildAgent(env.ctx);
    const token = await login(env.app, a.username);
    expect((await call(env.app, 'POST', 'auth/logout', { token })).status).toBe(200);
    const [log] = await env.ctx.db.select().from(loginLogs).where(eq(loginLogs.accountId, a.accountId));
    expect(log.outTime).not.toBeNull();
  });
});

describe('remote login', () => {
  it('an admin logs in as an agent once; the token cannot be reused', async () => {
    const admin = await buildAdmin(env.ctx);
    const agent = await buildAgent(env.ctx);
    const adminToken = await login(env.app, admin.username);
    const minted = await call<{ token: string; url: string }>(env.app, 'POST', 'auth/remote-token', {
      token: adminToken,
      body: { accountId: agent.accountId },
    });
    expect(minted.status).toBe(200);
    expect(minted.body.url).toContain('/remote-login?token=');
    const first = await call<{ token: string }>(env.app, 'POST', 'auth/login-remote', {
      body: { token: minted.body.token },
    });
    expect(first.status).toBe(200);
    const me = await call<{ username: string }>(env.app, 'GET', 'accounts/me', { token: first.body.token });
    expect(me.body.username).toBe(agent.username);
    const again = await call(env.app, 'POST', 'auth/login-remote', { body: { token: minted.body.token } });
    expect(again.status).toBe(400);
  });

  it('an agent may not mint, an admin may not log in as a superadmin', async () => {
    const agent = await buildAgent(env.ctx);
    const agentToken = await login(env.app, agent.username);
    const denied = await call(env.app, 'POST', 'auth/remote-token', {
      token: agentToken,
      body: { accountId: agent.accountId },
    });
    expect(denied.status).toBe(403);
    const admin = await buildAdmin(env.ctx);
    const superadmin = await buildAdmin(env.ctx, { role: Role.Superadmin });
    const adminToken = await login(env.app, admin.username);
    const up = await call(env.app, 'POST', 'auth/remote-token', {
      token: adminToken,
      body: { accountId: superadmin.accountId },
    });
    expect(up.status).toBe(403);
  });
});

describe('POST forgot', () => {
  it('mails a link when username and email match, and answers the same when not', async () => {
    const a = await buildAgent(env.ctx);
    const outbox = path.join(env.ctx.config.dataDir, 'outbox');
    const before = fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0;
    const miss = await call(env.app, 'POST', 'forgot', {
      body: { username: a.username, email: 'wrong@example.com' },
    });
    const hit = await call(env.app, 'POST', 'forgot', {
      body: { username: a.username, email: `${a.username}@example.com` },
    });
    expect(miss.status).toBe(200);
    expect(hit.body).toEqual(miss.body);
    const mails = fs.readdirSync(outbox);
    expect(mails.length).toBe(before + 1);
    // The .eml body is quoted-printable: undo soft line breaks and =3D before reading the link.
    const text = fs
      .readFileSync(path.join(outbox, mails[mails.length - 1]), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    const token = /remote-login\?token=([\w-]+)/.exec(text)?.[1];
    expect(token).toBeTruthy();
    const res = await call(env.app, 'POST', 'auth/login-remote', { body: { token } });
    expect(res.status).toBe(200);
  });
});

describe('POST forgot: which links open', () => {
  const outbox = () => path.join(env.ctx.config.dataDir, 'outbox');
  const mails = () => (fs.existsSync(outbox()) ? fs.readdirSync(outbox()) : []);
  /** Asks for a link; the token of the mail it sent, or null when it sent none. */
  async function askLink(username: string) {
    const before = new Set(mails());
    const res = await call(env.app, 'POST', 'forgot', {
      body: { username, email: `${username}@example.com` },
      ip: nextIp(),
    });
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    const sent = mails().filter((m) => !before.has(m));
    if (sent.length === 0) return null;
    const text = fs
      .readFileSync(path.join(outbox(), sent[0]), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    return /remote-login\?token=([\w-]+)/.exec(text)?.[1] ?? null;
  }
  const useLink = (token: string) =>
    call(env.app, 'POST', 'auth/login-remote', { body: { token }, ip: nextIp() });

  it('a new link makes the earlier ones of the account invalid', async () => {
    const a = await buildAgent(env.ctx);
    const first = await askLink(a.username);
    const second = await askLink(a.username);
    expect(first && second).toBeTruthy();
    expect((await useLink(first!)).status).toBe(400);
    expect((await useLink(second!)).status).toBe(200);
    // Another account's link is not touched by this one's.
    const b = await buildAgent(env.ctx);
    const theirs = await askLink(b.username);
    await askLink(a.username);
    expect((await useLink(theirs!)).status).toBe(200);
  });

  it('two requests at once still leave one link that opens', async () => {
    const a = await buildAgent(env.ctx);
    const before = new Set(mails());
    const ask = () =>
      call(env.app, 'POST', 'forgot', {
        body: { username: a.username, email: `${a.username}@example.com` },
        ip: nextIp(),
      });
    expect((await Promise.all([ask(), ask()])).map((r) => r.status)).toEqual([200, 200]);
    expect(mails().filter((m) => !before.has(m))).toHaveLength(2);
    const [{ open }] = await queryRows<{ open: number }>(
      env.ctx.db,
      sql`select count(*)::int as open from remote_login_tokens
          where account_id = ${a.accountId} and used_at is null and created_by is null`,
    );
    expect(open).toBe(1);
  });

  it('mails no link to a suspended or unapproved account, answering as for an unknown one', async () => {
    const suspended = await buildAgent(env.ctx);
    await env.ctx.db.update(accounts).set({ active: false }).where(eq(accounts.id, suspended.accountId));
    const unapproved = await buildAgent(env.ctx, { approved: false });
    expect(await askLink(suspended.username)).toBeNull();
    expect(await askLink(unapproved.username)).toBeNull();
    expect(await askLink('nosuchuser')).toBeNull();
  });
});

describe('errors', () => {
  it('an unknown API path answers the NOT_FOUND envelope', async () => {
    const res = await call(env.app, 'GET', 'no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('malformed JSON answers VALIDATION_ERROR', async () => {
    const res = await call(env.app, 'POST', 'auth/login', {
      body: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR' });
  });
});
