import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CURRENT_PASSWORD_REQUIRED,
  CURRENT_PASSWORD_TRIES,
  CURRENT_PASSWORD_WRONG,
  PASSWORD_TOO_SHORT,
  PROFILE_STATUS_FIXED,
  Role,
  type TAdminProfile,
  type TCompanyProfile,
  type TProfileSaved,
} from '@salesdesk/contract';
import { accounts, offices } from '../db/schema';
import { changePassword } from '../accounts/credentials';
import { buildAdmin, buildAgent, buildOffice, login, PASSWORD } from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';
import { CURRENT_PASSWORD_MAX_WRONG } from '../auth/current-password';

let env: TestEnv;
beforeAll(async () => {
  env = await testEnv();
});

const me = (token: string) => call(env.app, 'GET', 'accounts/me', { token });
const post = <T = TProfileSaved>(path: string, token: string, body: unknown) =>
  call<T>(env.app, 'POST', path, { token, body });

/** The factories' password, which every built account logs in with. */
const current = { currentPassword: PASSWORD };

async function accountOf(id: number) {
  const [a] = await env.ctx.db.select().from(accounts).where(eq(accounts.id, id));
  return a;
}

describe('POST profile/agent', () => {
  it('changes the password: other sessions end, the caller goes on with the new token', async () => {
    const g = await buildAgent(env.ctx);
    const mine = await login(env.app, g.username);
    const other = await login(env.app, g.username);
    const res = await post('profile/agent', mine, {
      ...current,
      password: 'newpass12',
      passwordConfirm: 'newpass12',
    });
    expect(res.status).toBe(200);
    expect(res.body.token).toEqual(expect.any(String));
    expect((await me(other)).status).toBe(401);
    expect((await me(mine)).status).toBe(401);
    expect((await me(res.body.token!)).status).toBe(200);
    // The same session goes on: logging out with the new token closes it for good.
    expect((await call(env.app, 'POST', 'auth/logout', { token: res.body.token })).status).toBe(200);
    expect((await me(res.body.token!)).status).toBe(401);
    await login(env.app, g.username, 'newpass12');
    await expect(login(env.app, g.username)).rejects.toThrow(/400/);
  });

  it('requires both passwords and equal ones, and changes nothing otherwise', async () => {
    const g = await buildAgent(env.ctx);
    const token = await login(env.app, g.username);
    const before = await accountOf(g.accountId);
    const cases = [
      {},
      { password: 'abc12345', passwordConfirm: 'abc12345' },
      { ...current, password: 'abc12345' },
      { password: 'abc12345', passwordConfirm: 'abc12346' },
      { password: '', passwordConfirm: '' },
      { password: 'x'.repeat(129), passwordConfirm: 'x'.repeat(129) },
      { password: 'abc\u0000123', passwordConfirm: 'abc\u0000123' },
      { password: 12345678, passwordConfirm: 12345678 },
    ];
    for (const body of cases) {
      const res = await post<{ code: string }>('profile/agent', token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
    const res = await post<{ data: Record<string, string[]> }>('profile/agent', token, {
      ...current,
      password: 'abc12345',
      passwordConfirm: 'abc1234',
    });
    expect(res.body.data.passwordConfirm).toEqual(['Passwords do not match']);
    const after = await accountOf(g.accountId);
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(after.sessionVersion).toBe(before.sessionVersion);
    expect((await me(token)).status).toBe(200);
  });

  it('two changes at once with one session both answer, never a server error', async () => {
    const g = await buildAgent(env.ctx);
    const token = await login(env.app, g.username);
    const body = { ...current, password: 'twice123', passwordConfirm: 'twice123' };
    const answers = await Promise.all([
      post('profile/agent', token, body),
      post('profile/agent', token, body),
    ]);
    // Each write is one transaction: the second may find the session ended (401), or, where writes take
    // turns (PGlite), the password already changed (400, the current password is wrong).
    for (const res of answers) expect([200, 400, 401]).toContain(res.status);
    expect(answers.some((res) => res.status === 200)).toBe(true);
    await login(env.app, g.username, 'twice123');
  });

  it('needs a session', async () => {
    const res = await call(env.app, 'POST', 'profile/agent', {
      body: { password: 'a', passwordConfirm: 'a' },
    });
    expect(res.status).toBe(401);
  });
});

describe('GET and POST profile/company', () => {
  const form = (o: Partial<Record<string, unknown>> = {}) => ({
    officeName: 'Renamed Office',
    manFirstName: 'Lea',
    manLastName: 'Cruz',
    manEmail: 'lea@example.com',
    agentNotes: '<p>Read <b>this</b><script>alert(1)</script></p>',
    activated: true,
    ...o,
  });

  it('an office reads and saves its own profile; notes are sanitised; no password keeps the session', async () => {
    const o = await buildOffice(env.ctx);
    const token = await login(env.app, o.username);
    const read = await call<TCompanyProfile>(env.app, 'GET', 'profile/company', { token });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      username: o.username,
      officeName: o.office.officeName,
      manFirstName: 'M',
      manLastName: 'N',
      manEmail: `${o.username}@example.com`,
      agentNotes: '',
      activated: true,
    });
    const res = await post('profile/company', token, form());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    const again = await call<TCompanyProfile>(env.app, 'GET', 'profile/company', { token });
    expect(again.body).toMatchObject({
      officeName: 'Renamed Office',
      manEmail: 'lea@example.com',
      agentNotes: '<p>Read <b>this</b></p>',
    });
    expect((await accountOf(o.accountId)).email).toBe('lea@example.com');
  });

  it('a new password ends the other sessions and answers a token for this one', async () => {
    const o = await buildOffice(env.ctx);
    const mine = await login(env.app, o.username);
    const other = await login(env.app, o.username);
    const res = await post(
      'profile/company',
      mine,
      form({ ...current, password: 'office99', passwordConfirm: 'office99' }),
    );
    expect(res.status).toBe(200);
    expect((await me(other)).status).toBe(401);
    expect((await me(res.body.token!)).status).toBe(200);
    await login(env.app, o.username, 'office99');
  });

  it('requires the names and a valid manager email; an office cannot change its own status', async () => {
    const o = await buildOffice(env.ctx);
    const token = await login(env.app, o.username);
    const bad = [
      form({ manEmail: '' }),
      form({ manEmail: 'not-an-email' }),
      form({ officeName: '  ' }),
      form({ manFirstName: '' }),
      form({ manLastName: undefined }),
      form({ password: 'abc12345', passwordConfirm: 'other123' }),
      form({ agentNotes: 'x'.repeat(100_001) }),
    ];
    for (const body of bad) {
      const res = await post<{ code: string }>('profile/company', token, body);
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
    const status = await post<{ data: Record<string, string[]> }>(
      'profile/company',
      token,
      form({ activated: false }),
    );
    expect(status.status).toBe(400);
    expect(status.body.data.activated).toEqual([PROFILE_STATUS_FIXED]);
    const [row] = await env.ctx.db.select().from(offices).where(eq(offices.id, o.office.id));
    expect(row).toMatchObject({ officeName: o.office.officeName, active: true, manEmail: o.office.manEmail });
  });

  it('is refused to agents (403) and to admins, who have no office profile (403)', async () => {
    const g = await buildAgent(env.ctx);
    const agentToken = await login(env.app, g.username);
    const adminToken = await login(env.app, (await buildAdmin(env.ctx)).username);
    for (const token of [agentToken, adminToken]) {
      expect((await call(env.app, 'GET', 'profile/company', { token })).status).toBe(403);
      expect((await post('profile/company', token, form())).status).toBe(403);
    }
    expect((await call(env.app, 'GET', 'profile/company')).status).toBe(401);
  });
});

describe('GET and POST profile/admin', () => {
  it('an admin saves email and Show suspended, keeping its session without a new password', async () => {
    const a = await buildAdmin(env.ctx);
    const token = await login(env.app, a.username);
    const read = await call<TAdminProfile>(env.app, 'GET', 'profile/admin', { token });
    expect(read.body).toEqual({
      username: a.username,
      email: `${a.username}@example.com`,
      showSuspend: false,
    });
    const res = await post('profile/admin', token, { email: 'boss@example.com', showSuspend: true });
    expect(res.body).toEqual({ ok: true });
    expect((await me(token)).status).toBe(200);
    const again = await call<TAdminProfile>(env.app, 'GET', 'profile/admin', { token });
    expect(again.body).toMatchObject({ email: 'boss@example.com', showSuspend: true });
  });

  it('a superadmin changes its password; its other sessions end', async () => {
    const s = await buildAdmin(env.ctx, { role: Role.Superadmin });
    const mine = await login(env.app, s.username);
    const other = await login(env.app, s.username);
    const res = await post('profile/admin', mine, {
      email: 'super2@example.com',
      showSuspend: false,
      ...current,
      password: 'super999',
      passwordConfirm: 'super999',
    });
    expect(res.status).toBe(200);
    expect((await me(other)).status).toBe(401);
    expect((await me(res.body.token!)).status).toBe(200);
  });

  it('requires a valid email and matching passwords, and writes nothing otherwise', async () => {
    const a = await buildAdmin(env.ctx);
    const token = await login(env.app, a.username);
    for (const body of [
      { email: '', showSuspend: true },
      { email: 'nope', showSuspend: true },
      { email: 'ok@example.com', showSuspend: 'yes' },
      { email: 'ok@example.com', password: 'abc12345', passwordConfirm: 'abc12340' },
    ]) {
      expect((await post('profile/admin', token, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await accountOf(a.accountId)).toMatchObject({
      email: `${a.username}@example.com`,
      showSuspend: false,
    });
  });

  it('is refused to offices and agents', async () => {
    const o = await buildOffice(env.ctx);
    const g = await buildAgent(env.ctx);
    for (const username of [o.username, g.username]) {
      const token = await login(env.app, username);
      expect((await call(env.app, 'GET', 'profile/admin', { token })).status).toBe(403);
      expect((await post('profile/admin', token, { email: 'x@example.com' })).status).toBe(403);
    }
  });
});

describe('a new password of ones own', () => {
  type Errors = { data: Record<string, string[]> };
  const officeForm = (o: { officeName: string; manFirstName: string; manLastName: string }) => ({
    officeName: 'Changed Name',
    manFirstName: o.manFirstName,
    manLastName: o.manLastName,
    manEmail: 'changed@example.com',
  });

  it('asks for the current password; a wrong one is an error on its field and changes nothing', async () => {
    const g = await buildAgent(env.ctx);
    const o = await buildOffice(env.ctx);
    const a = await buildAdmin(env.ctx);
    const pair = { password: 'brandnew1', passwordConfirm: 'brandnew1' };
    const calls: [string, string, number, Record<string, unknown>][] = [
      ['profile/agent', g.username, g.accountId, pair],
      ['profile/company', o.username, o.accountId, { ...officeForm(o.office), ...pair }],
      ['profile/admin', a.username, a.accountId, { email: 'changed@example.com', ...pair }],
    ];
    for (const [path, username, accountId, body] of calls) {
      const token = await login(env.app, username);
      const before = await accountOf(accountId);
      const missing = await post<Errors>(path, token, body);
      expect(missing.status, path).toBe(400);
      expect(missing.body.data.currentPassword).toEqual([CURRENT_PASSWORD_REQUIRED]);
      const wrong = await post<Errors>(path, token, { ...body, currentPassword: 'not-the-one' });
      expect(wrong.status, path).toBe(400);
      expect(wrong.body.data).toEqual({ currentPassword: [CURRENT_PASSWORD_WRONG] });
      const after = await accountOf(accountId);
      expect(after, path).toMatchObject({
        passwordHash: before.passwordHash,
        sessionVersion: before.sessionVersion,
        email: before.email,
      });
      expect((await me(token)).status).toBe(200);
    }
    const [row] = await env.ctx.db.select().from(offices).where(eq(offices.id, o.office.id));
    expect(row.officeName).toBe(o.office.officeName);
  });

  it('stops taking current passwords after 5 wrong ones, even the right one, and changes nothing', async () => {
    const g = await buildAgent(env.ctx);
    const token = await login(env.app, g.username);
    const before = await accountOf(g.accountId);
    const pair = { password: 'brandnew1', passwordConfirm: 'brandnew1' };
    for (let i = 0; i < CURRENT_PASSWORD_MAX_WRONG; i++) {
      const wrong = await post<Errors>('profile/agent', token, { ...pair, currentPassword: `wrong-${i}` });
      expect(wrong.status).toBe(400);
    }
    const sixth = await post('profile/agent', token, { ...pair, currentPassword: 'wrong-again' });
    expect(sixth.status).toBe(429);
    const right = await post('profile/agent', token, { ...pair, ...current });
    expect(right.status).toBe(429);
    expect(right.body).toMatchObject({ message: CURRENT_PASSWORD_TRIES });
    expect((await accountOf(g.accountId)).passwordHash).toBe(before.passwordHash);
    // Another account is not held back by this one's tries.
    const other = await buildAgent(env.ctx);
    const ok = await post('profile/agent', await login(env.app, other.username), { ...pair, ...current });
    expect(ok.status).toBe(200);
  });

  it('has at least 8 characters on every form that sets one; shorter stored ones still log in', async () => {
    const g = await buildAgent(env.ctx);
    const token = await login(env.app, g.username);
    const short = { ...current, password: 'seven77', passwordConfirm: 'seven77' };
    const res = await post<Errors>('profile/agent', token, short);
    expect(res.status).toBe(400);
    expect(res.body.data.password).toEqual([PASSWORD_TOO_SHORT]);
    const s = await buildAdmin(env.ctx, { role: Role.Superadmin });
    const superToken = await login(env.app, s.username);
    const created = await call<Errors>(env.app, 'PUT', 'admins', {
      token: superToken,
      body: {
        username: 'shortpw',
        email: 'shortpw@example.com',
        password: 'seven77',
        passwordConfirm: 'seven77',
      },
    });
    expect(created.body.data.password).toEqual([PASSWORD_TOO_SHORT]);
    // A migrated account keeps its short password and logs in with it.
    await changePassword(env.ctx.db, env.ctx.keys, g.accountId, 'abc');
    await login(env.app, g.username, 'abc');
  });
});
