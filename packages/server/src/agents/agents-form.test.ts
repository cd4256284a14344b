// Agents create and update: office rules by role, username and password rules, sites, bad input.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Role, type TAgentDetail } from '@salesdesk/contract';
import { accounts, agents } from '../db/schema';
import { usernameRaceLost } from '../accounts/credentials';
import {
  buildAdmin,
  buildAgent,
  buildOffice,
  buildSite,
  login,
  tokenFor,
  uniqueName,
} from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';

type ErrorBody = { code: string; data?: Record<string, string[]> };

let env: TestEnv;
let adminToken: string;
let superToken: string;
beforeAll(async () => {
  env = await testEnv();
  adminToken = await tokenFor(env.ctx, (await buildAdmin(env.ctx)).accountId);
  superToken = await tokenFor(env.ctx, (await buildAdmin(env.ctx, { role: Role.Superadmin })).accountId);
});

const form = (over: object = {}) => ({
  firstName: 'Ana',
  lastName: 'Reyes',
  username: uniqueName('n'),
  password: 'pass1234',
  passwordConfirm: 'pass1234',
  ...over,
});
const create = (token: string, body: object) =>
  call<{ id: number } & ErrorBody>(env.app, 'PUT', 'agents', { token, body });
const update = (token: string, id: number, body: object) =>
  call<ErrorBody>(env.app, 'POST', `agents/${id}`, { token, body });
const detail = async (id: number) =>
  (await call<TAgentDetail>(env.app, 'GET', `agents/${id}`, { token: adminToken })).body;
const accountNamed = async (username: string) =>
  (await env.ctx.db.select().from(accounts).where(eq(accounts.username, username)))[0];

describe('PUT agents (create)', () => {
  it('an admin creates an active agent in the chosen office with its sites; it can log in', async () => {
    const { site } = await buildSite(env.ctx);
    const o = await buildOffice(env.ctx, { siteIds: [site.id] });
    const body = form({
      officeId: o.office.id,
      sites: [{ siteId: site.id, enable: true }],
      mustRead: '<p>Hi<script>x()</script></p>',
    });
    const res = await create(adminToken, body);
    expect(res.status).toBe(200);
    const d = await detail(res.body.id);
    expect(d).toMatchObject({
      companyId: o.office.id,
      active: true,
      siteIds: [site.id],
      plainPassword: 'pass1234',
    });
    expect(d.mustRead).toBe('<p>Hi</p>');
    await login(env.app, body.username, 'pass1234');
  });

  it('an office creates agents only in its own office', async () => {
    const mine = await buildOffice(env.ctx);
    const other = await buildOffice(env.ctx);
    const token = await tokenFor(env.ctx, mine.accountId);
    const forced = await create(token, form());
    expect(forced.status).toBe(200);
    expect((await detail(forced.body.id)).companyId).toBe(mine.office.id);
    const body = form({ officeId: other.office.id });
    expect((await create(token, body)).status).toBe(404);
    expect(await accountNamed(body.username)).toBeUndefined();
  });

  it("an office's new agent waits for approval; an admin's starts approved", async () => {
    const mine = await buildOffice(env.ctx);
    const byOffice = await create(await tokenFor(env.ctx, mine.accountId), form());
    const byAdmin = await create(adminToken, form({ officeId: mine.office.id }));
    const approved = async (id: number) =>
      (
        await env.ctx.db
          .select()
          .from(agents)
          .innerJoin(accounts, eq(accounts.id, agents.accountId))
          .where(eq(agents.id, id))
      )[0].accounts.approved;
    expect(await approved(byOffice.body.id)).toBe(false);
    expect(await approved(byAdmin.body.id)).toBe(true);
    const waiting = await call<{ items: { id: number }[] }>(
      env.app,
      'GET',
      'accounts/unapproved?pageSize=500',
      {
        token: superToken,
      },
    );
    expect(waiting.body.items.some((r) => r.id === byOffice.body.id)).toBe(true);
  });

  it('an admin must name an existing office', async () => {
    const none = await create(adminToken, form());
    expect(none.status).toBe(400);
    expect(none.body.data?.officeId).toEqual(['Office is required']);
    expect((await create(adminToken, form({ officeId: 2147483647 }))).body.data?.officeId).toBeDefined();
  });

  it('refuses sites its office does not have, and writes nothing', async () => {
    const { site } = await buildSite(env.ctx);
    const o = await buildOffice(env.ctx);
    const body = form({ officeId: o.office.id, sites: [{ siteId: site.id, enable: true }] });
    const res = await create(adminToken, body);
    expect(res.status).toBe(400);
    expect(res.body.data?.sites).toBeDefined();
    expect(await accountNamed(body.username)).toBeUndefined();
  });

  it('checks username (at most 10) and passwords (required, matching), writing nothing', async () => {
    const o = await buildOffice(env.ctx);
    const cases: [object, string][] = [
      [{ username: 'abcdefghijk' }, 'username'],
      [{ username: '' }, 'username'],
      [{ password: '', passwordConfirm: '' }, 'password'],
      [{ passwordConfirm: 'other999' }, 'passwordConfirm'],
      [{ firstName: ' ' }, 'firstName'],
      [{ lastName: 'a\u0000b' }, 'lastName'],
      [{ email: 'not-an-email' }, 'email'],
      [{ officeId: '0x10' }, 'officeId'],
      [{ officeId: 3000000000 }, 'officeId'],
      [{ officeId: 1e3 + 0.5 }, 'officeId'],
    ];
    for (const [over, field] of cases) {
      const body = form({ officeId: o.office.id, ...over });
      const res = await create(adminToken, body);
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.data?.[field], JSON.stringify(res.body.data)).toBeDefined();
    }
    const written = await env.ctx.db.select().from(agents).where(eq(agents.officeId, o.office.id));
    expect(written).toEqual([]);
  });

  it('two creates of one username at once: one succeeds, the other gets the same field error', async () => {
    const o = await buildOffice(env.ctx);
    const username = uniqueName('r');
    const results = await Promise.all(
      [username, username.toUpperCase()].map((u) =>
        create(adminToken, form({ officeId: o.office.id, username: u })),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const lost = results.find((r) => r.status === 400);
    expect(lost?.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      data: { username: ['This username is already taken'] },
    });
  });

  it('a unique-index race on the username maps to the same field error', async () => {
    const a = await buildAgent(env.ctx);
    const duplicate = env.ctx.db.insert(accounts).values({
      role: Role.Agent,
      username: a.username.toUpperCase(),
      passwordHash: 'x',
      passwordSecret: 'x',
    });
    const err = await duplicate.then(
      () => null,
      (e: unknown) => e,
    );
    expect(usernameRaceLost(err)).toBe(true);
    expect(usernameRaceLost(new Error('other'))).toBe(false);
  });

  it('is refused to agents', async () => {
    const a = await buildAgent(env.ctx);
    expect((await create(await tokenFor(env.ctx, a.accountId), form())).status).toBe(403);
  });
});

describe('POST agents/{id} (update)', () => {
  it('an office changes its agent; the username stays; a new password ends the old session', async () => {
    const s1 = (await buildSite(env.ctx)).site;
    const s2 = (await buildSite(env.ctx)).site;
    const o = await buildOffice(env.ctx, { siteIds: [s1.id, s2.id] });
    const a = await buildAgent(env.ctx, { officeId: o.office.id, siteIds: [s1.id] });
    const agentToken = await tokenFor(env.ctx, a.accountId);
    const token = await tokenFor(env.ctx, o.accountId);
    const body = {
      ...form({ username: 'renamed', password: 'newpass99', passwordConfirm: 'newpass99' }),
      sites: [
        { siteId: s1.id, enable: false },
        { siteId: s2.id, enable: true },
      ],
    };
    expect((await update(token, a.agent.id, body)).status).toBe(200);
    const d = await detail(a.agent.id);
    expect(d).toMatchObject({
      username: a.username,
      firstName: 'Ana',
      siteIds: [s2.id],
      plainPassword: 'newpass99',
    });
    expect((await call(env.app, 'GET', 'accounts/me', { token: agentToken })).status).toBe(401);
  });

  it("another office's agent is not found, and an office cannot move its agent away", async () => {
    const mine = await buildOffice(env.ctx);
    const other = await buildOffice(env.ctx);
    const own = await buildAgent(env.ctx, { officeId: mine.office.id });
    const foreign = await buildAgent(env.ctx, { officeId: other.office.id });
    const token = await tokenFor(env.ctx, mine.accountId);
    expect((await update(token, foreign.agent.id, form())).status).toBe(404);
    expect((await update(token, own.agent.id, form({ officeId: other.office.id }))).status).toBe(404);
    const [row] = await env.ctx.db.select().from(agents).where(eq(agents.id, own.agent.id));
    expect(row).toMatchObject({ officeId: mine.office.id, firstName: 'Ag' });
  });

  it('only a superadmin moves an agent to another office; sites the new office lacks are dropped', async () => {
    const { site } = await buildSite(env.ctx);
    const from = await buildOffice(env.ctx, { siteIds: [site.id] });
    const to = await buildOffice(env.ctx);
    const a = await buildAgent(env.ctx, { officeId: from.office.id, siteIds: [site.id] });
    const refused = await update(adminToken, a.agent.id, form({ officeId: to.office.id }));
    expect(refused.status).toBe(400);
    expect(refused.body.data?.officeId).toBeDefined();
    expect((await detail(a.agent.id)).companyId).toBe(from.office.id);
    expect((await update(superToken, a.agent.id, form({ officeId: to.office.id }))).status).toBe(200);
    const moved = await detail(a.agent.id);
    expect(moved).toMatchObject({ companyId: to.office.id, sites: [], sitesCount: 0 });
  });

  it('bad ids and bad input are refused and change nothing', async () => {
    const a = await buildAgent(env.ctx);
    for (const id of ['3000000000', '0x10', '1e3'])
      expect((await call(env.app, 'POST', `agents/${id}`, { token: adminToken, body: form() })).status).toBe(
        400,
      );
    expect((await update(adminToken, 2147483647, form())).status).toBe(404);
    const res = await update(
      adminToken,
      a.agent.id,
      form({ firstName: '', password: 'x', passwordConfirm: 'y' }),
    );
    expect(res.status).toBe(400);
    expect((await detail(a.agent.id)).firstName).toBe('Ag');
  });
});
