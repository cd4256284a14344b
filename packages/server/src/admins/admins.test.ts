import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_ASCII, Role, USERNAME_CHARS, type TAdminRow, type TList } from '@salesdesk/contract';
import { accounts } from '../db/schema';
import { buildAdmin, buildAgent, buildOffice, login, tokenFor, uniqueName } from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';

let env: TestEnv;
let superToken: string;
beforeAll(async () => {
  env = await testEnv();
  superToken = await login(env.app, (await buildAdmin(env.ctx, { role: Role.Superadmin })).username);
});

type Fields = Record<string, string[]>;
const newAdmin = () => {
  const username = uniqueName('n');
  return {
    username,
    email: `${username}@example.com`,
    password: 'admin-pw1',
    passwordConfirm: 'admin-pw1',
    earningVisible: true,
    approveAgents: false,
    showSuspend: true,
  };
};
const create = (body: object, token = superToken) =>
  call<{ id: number; code: string; data: Fields }>(env.app, 'PUT', 'admins', { token, body });
const accountNamed = async (username: string) =>
  (await env.ctx.db.select().from(accounts).where(eq(accounts.username, username)))[0];

describe('PUT admins and GET admins/{id}', () => {
  it('a superadmin creates an admin with its flags, readable back with the password in plain text', async () => {
    const body = newAdmin();
    const res = await create(body);
    expect(res.status).toBe(200);
    const one = await call<TAdminRow>(env.app, 'GET', `admins/${res.body.id}`, { token: superToken });
    expect(one.body).toMatchObject({
      id: res.body.id,
      username: body.username,
      email: body.email,
      plainPassword: 'admin-pw1',
      earningVisible: true,
      approveAgents: false,
      showSuspend: true,
    });
    expect((await accountNamed(body.username)).role).toBe(Role.Admin);
    // The new admin logs in, and holds the permission its flag gives.
    const me = await call<{ permissions: string[] }>(env.app, 'GET', 'accounts/me', {
      token: await login(env.app, body.username, 'admin-pw1'),
    });
    expect(me.body.permissions).toEqual(['EARNING_VISIBLE']);
  });

  it('checks every field and writes nothing on bad input', async () => {
    const cases: [object, string, string][] = [
      [{ email: '' }, 'email', 'Email is required'],
      [{ email: 'not-an-address' }, 'email', 'Enter a valid email'],
      [{ username: '' }, 'username', 'Username is required'],
      [{ username: 'elevenchars' }, 'username', 'Username must be at most 10 characters'],
      [{ password: '', passwordConfirm: '' }, 'password', 'Password is required'],
      [{ passwordConfirm: 'other-pw' }, 'passwordConfirm', 'Passwords do not match'],
      [{ username: 'two words' }, 'username', USERNAME_CHARS],
      [{ email: 'añn@example.com' }, 'email', EMAIL_ASCII],
    ];
    for (const [change, field, message] of cases) {
      const body = { ...newAdmin(), ...change };
      const res = await create(body);
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.data[field]).toContain(message);
    }
    const body = newAdmin();
    for (const bad of [{ earningVisible: 'yes' }, { username: `${body.username}\u0000` }, { email: 7 }])
      expect((await create({ ...body, ...bad })).status).toBe(400);
    expect(await accountNamed(body.username)).toBeUndefined();
  });

  it('refuses a taken username, case-insensitively, and of two creates at once exactly one wins', async () => {
    const taken = await buildOffice(env.ctx);
    const res = await create({ ...newAdmin(), username: taken.username.toUpperCase() });
    expect(res.status).toBe(400);
    expect(res.body.data.username).toEqual(['This username is already taken']);
    const body = newAdmin();
    const both = await Promise.all([create(body), create(body)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(both.find((r) => r.status === 400)?.body.data.username).toEqual([
      'This username is already taken',
    ]);
    const rows = await env.ctx.db.select().from(accounts).where(eq(accounts.username, body.username));
    expect(rows).toHaveLength(1);
  });

  it('answers 404 for an id that is no admin, and 400 for an id that is no id', async () => {
    const agent = await buildAgent(env.ctx);
    const superadmin = await buildAdmin(env.ctx, { role: Role.Superadmin });
    for (const id of [agent.accountId, superadmin.accountId, 2147483647])
      expect((await call(env.app, 'GET', `admins/${id}`, { token: superToken })).status).toBe(404);
    for (const id of ['3000000000', '0x10', '1e3', '0', '-1', 'abc'])
      expect((await call(env.app, 'GET', `admins/${id}`, { token: superToken })).status).toBe(400);
  });
});

describe('POST admins/{id}', () => {
  it('changes email and flags; the username stays; a blank password keeps the old one', async () => {
    const { body: created } = await create(newAdmin());
    const res = await call(env.app, 'POST', `admins/${created.id}`, {
      token: superToken,
      body: { username: 'renamed', email: 'moved@example.com', approveAgents: true, showSuspend: false },
    });
    expect(res.status).toBe(200);
    const one = await call<TAdminRow>(env.app, 'GET', `admins/${created.id}`, { token: superToken });
    expect(one.body).toMatchObject({
      email: 'moved@example.com',
      approveAgents: true,
      earningVisible: false,
      showSuspend: false,
      plainPassword: 'admin-pw1',
    });
    expect(one.body.username).not.toBe('renamed');
  });

  it("a new password ends the admin's sessions and the old password stops working", async () => {
    const body = newAdmin();
    const { body: created } = await create(body);
    const adminToken = await login(env.app, body.username, 'admin-pw1');
    const res = await call(env.app, 'POST', `admins/${created.id}`, {
      token: superToken,
      body: { email: body.email, password: 'new-pw-22', passwordConfirm: 'new-pw-22' },
    });
    expect(res.status).toBe(200);
    expect((await call(env.app, 'GET', 'accounts/me', { token: adminToken })).status).toBe(401);
    await expect(login(env.app, body.username, 'admin-pw1')).rejects.toThrow();
    await login(env.app, body.username, 'new-pw-22');
  });

  it('refuses bad input and ids that are no admin, changing nothing', async () => {
    const { body: created } = await create(newAdmin());
    const bad = await call<{ data: Fields }>(env.app, 'POST', `admins/${created.id}`, {
      token: superToken,
      body: { email: 'x', password: 'abcdefgh', passwordConfirm: 'b' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data).sort()).toEqual(['email', 'passwordConfirm']);
    const agent = await buildAgent(env.ctx);
    const other = await call(env.app, 'POST', `admins/${agent.accountId}`, {
      token: superToken,
      body: { email: 'hijack@example.com' },
    });
    expect(other.status).toBe(404);
    const [row] = await env.ctx.db.select().from(accounts).where(eq(accounts.id, agent.accountId));
    expect(row.email).not.toBe('hijack@example.com');
  });
});

describe('GET admins', () => {
  it('lists admins only, paged and sorted on the server', async () => {
    await create(newAdmin());
    await create(newAdmin());
    const list = await call<TList<TAdminRow>>(
      env.app,
      'GET',
      'admins?pageSize=1&sortField=regTime&sortAsc=false',
      {
        token: superToken,
      },
    );
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(1);
    expect(list.body.total).toBeGreaterThanOrEqual(2);
    const all = await call<TList<TAdminRow>>(env.app, 'GET', 'admins?pageSize=500', { token: superToken });
    const admins = await env.ctx.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.role, Role.Admin));
    expect(all.body.total).toBe(admins.length);
    expect(all.body.items.every((r) => admins.some((a) => a.id === r.id))).toBe(true);
    const names = all.body.items.map((r) => r.username.toLowerCase());
    expect(names).toEqual([...names].sort());
    for (const q of ['sortField=password', 'sortAsc=maybe', 'pageSize=0', 'page=0x10'])
      expect((await call(env.app, 'GET', `admins?${q}`, { token: superToken })).status).toBe(400);
  });

  it('is refused to admins, offices and agents, and to nobody', async () => {
    const admin = await buildAdmin(env.ctx, { approveAgents: true });
    const office = await buildOffice(env.ctx);
    const agent = await buildAgent(env.ctx);
    for (const accountId of [admin.accountId, office.accountId, agent.accountId]) {
      const token = await tokenFor(env.ctx, accountId);
      expect((await call(env.app, 'GET', 'admins', { token })).status).toBe(403);
      expect((await call(env.app, 'GET', `admins/${admin.accountId}`, { token })).status).toBe(403);
      expect((await create(newAdmin(), token)).status).toBe(403);
      const update = { email: 'x@example.com' };
      expect((await call(env.app, 'POST', `admins/${admin.accountId}`, { token, body: update })).status).toBe(
        403,
      );
    }
    expect((await call(env.app, 'GET', 'admins')).status).toBe(401);
  });
});
