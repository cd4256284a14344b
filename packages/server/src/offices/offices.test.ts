import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Role, type TList, type TOfficeDetail, type TOfficeRow } from '@salesdesk/contract';
import { accounts, agents, offices } from '../db/schema';
import {
  buildAdmin,
  buildAgent,
  buildClickPath,
  buildOffice,
  buildSite,
  login,
  uniqueName,
} from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';

let env: TestEnv;
let superToken: string;
let adminToken: string;
beforeAll(async () => {
  env = await testEnv();
  superToken = await login(env.app, (await buildAdmin(env.ctx, { role: Role.Superadmin })).username);
  adminToken = await login(env.app, (await buildAdmin(env.ctx)).username);
});

const search = (token: string, body: object) =>
  call<TList<TOfficeRow>>(env.app, 'POST', 'offices/search', { token, body });

describe('POST offices/search', () => {
  it('lists offices with counts, password and search by username for admins', async () => {
    const { site } = await buildSite(env.ctx);
    const o = await buildOffice(env.ctx, { siteIds: [site.id] });
    await buildAgent(env.ctx, { officeId: o.office.id });
    await buildAgent(env.ctx, { officeId: o.office.id });
    const res = await search(adminToken, {
      criteria: [{ field: 'username', value: o.username, operator: 'LIKE' }],
    });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(1);
    expect(res.body.items[0]).toMatchObject({
      companyId: o.office.id,
      username: o.username,
      agentsCount: 2,
      sitesCount: 1,
      plainPassword: 'secret123',
      active: true,
    });
  });

  it('pages and sorts on the server', async () => {
    for (let i = 0; i < 3; i++) await buildOffice(env.ctx);
    const page1 = await search(adminToken, { page: 1, pageSize: 2, sortField: 'regTime', sortAsc: false });
    expect(page1.body.items).toHaveLength(2);
    expect(page1.body.total).toBeGreaterThanOrEqual(3);
    const times = page1.body.items.map((r) => r.regTime);
    expect([...times].sort().reverse()).toEqual(times);
    const bad = await search(adminToken, { pageSize: 100000 });
    expect(bad.status).toBe(400);
  });

  it('takes a LIKE criterion literally (% and _ are not wildcards)', async () => {
    const res = await search(adminToken, { criteria: [{ field: 'username', value: '%', operator: 'LIKE' }] });
    expect(res.body.total).toBe(0);
  });

  it('is refused to offices and agents', async () => {
    const o = await buildOffice(env.ctx);
    const a = await buildAgent(env.ctx);
    expect((await search(await login(env.app, o.username), {})).status).toBe(403);
    expect((await search(await login(env.app, a.username), {})).status).toBe(403);
    expect((await search('', {})).status).toBe(401);
  });
});

describe('GET offices/{id}', () => {
  it('an office reads its own office; another office id is not found', async () => {
    const mine = await buildOffice(env.ctx);
    const other = await buildOffice(env.ctx);
    const token = await login(env.app, mine.username);
    const own = await call<TOfficeDetail>(env.app, 'GET', `offices/${mine.office.id}`, { token });
    expect(own.status).toBe(200);
    expect(own.body.officeName).toBe(mine.office.officeName);
    expect((await call(env.app, 'GET', `offices/${other.office.id}`, { token })).status).toBe(404);
    expect((await call(env.app, 'GET', 'offices/999999', { token: adminToken })).status).toBe(404);
    expect((await call(env.app, 'GET', 'offices/abc', { token: adminToken })).status).toBe(400);
  });
});

describe('PUT offices (create)', () => {
  const valid = () => ({
    officeName: 'New Office',
    manFirstName: 'Ann',
    manLastName: 'Lee',
    username: uniqueName('n'),
    password: 'pass1234',
    passwordConfirm: 'pass1234',
    siteIds: [] as number[],
    preferredDomainId: null,
    active: true,
  });

  it('a superadmin creates an office that can log in', async () => {
    const { site } = await buildSite(env.ctx);
    const body = { ...valid(), siteIds: [site.id] };
    const res = await call<{ id: number }>(env.app, 'PUT', 'offices', { token: superToken, body });
    expect(res.status).toBe(200);
    const detail = await call<TOfficeDetail>(env.app, 'GET', `offices/${res.body.id}`, { token: adminToken });
    expect(detail.body).toMatchObject({
      officeName: 'New Office',
      siteIds: [site.id],
      username: body.username,
      plainPassword: 'pass1234',
    });
    await login(env.app, body.username, 'pass1234');
  });

  it('an admin may not create offices', async () => {
    expect((await call(env.app, 'PUT', 'offices', { token: adminToken, body: valid() })).status).toBe(403);
  });

  it('reports every invalid field and writes nothing', async () => {
    const body = { ...valid(), officeName: '', password: 'a', passwordConfirm: 'b' };
    const res = await call<{ code: string; data: Record<string, string[]> }>(env.app, 'PUT', 'offices', {
      token: superToken,
      body,
    });
    expect(res.status).toBe(400);
    expect(res.body.data).toHaveProperty('officeName');
    expect(res.body.data.passwordConfirm).toEqual(['Passwords do not match']);
    const [none] = await env.ctx.db.select().from(accounts).where(eq(accounts.username, body.username));
    expect(none).toBeUndefined();
  });

  it('refuses a taken username on the username field, case-insensitively', async () => {
    const o = await buildOffice(env.ctx);
    const res = await call<{ data: Record<string, string[]> }>(env.app, 'PUT', 'offices', {
      token: superToken,
      body: { ...valid(), username: o.username.toUpperCase() },
    });
    expect(res.status).toBe(400);
    expect(res.body.data.username).toBeDefined();
  });
});

describe('POST offices/{id} (update)', () => {
  it('an admin changes fields, sites and password; the old password stops working', async () => {
    const o = await buildOffice(env.ctx);
    const { site } = await buildSite(env.ctx);
    const officeToken = await login(env.app, o.username);
    const body = {
      officeName: 'Renamed',
      manFirstName: 'X',
      manLastName: 'Y',
      siteIds: [site.id],
      password: 'newpass99',
      passwordConfirm: 'newpass99',
      active: true,
    };
    const res = await call(env.app, 'POST', `offices/${o.office.id}`, { token: adminToken, body });
    expect(res.status).toBe(200);
    const [row] = await env.ctx.db.select().from(offices).where(eq(offices.id, o.office.id));
    expect(row.officeName).toBe('Renamed');
    expect((await call(env.app, 'GET', 'accounts/me', { token: officeToken })).status).toBe(401);
    await login(env.app, o.username, 'newpass99');
  });

  it('an office may not update offices', async () => {
    const o = await buildOffice(env.ctx);
    const token = await login(env.app, o.username);
    const body = { officeName: 'Mine', manFirstName: 'X', manLastName: 'Y' };
    expect((await call(env.app, 'POST', `offices/${o.office.id}`, { token, body })).status).toBe(403);
  });
});

describe('POST offices/status', () => {
  it('suspends an office with all its agents and ends their sessions; activation restores them', async () => {
    const o = await buildOffice(env.ctx);
    const a = await buildAgent(env.ctx, { officeId: o.office.id });
    const agentToken = await login(env.app, a.username);
    const res = await call(env.app, 'POST', 'offices/status', {
      token: adminToken,
      body: { ids: [o.office.id], active: false },
    });
    expect(res.status).toBe(200);
    const [agent] = await env.ctx.db.select().from(agents).where(eq(agents.id, a.agent.id));
    expect(agent.active).toBe(false);
    expect((await call(env.app, 'GET', 'accounts/me', { token: agentToken })).status).toBe(401);
    await call(env.app, 'POST', 'offices/status', {
      token: adminToken,
      body: { ids: [o.office.id], active: true },
    });
    await login(env.app, a.username);
  });

  it("stops the suspended office's tracking links at once", async () => {
    const path = await buildClickPath(env.ctx);
    const url = `/api/links/go/${path.site.id}/${path.type.id}/${path.agent.id}`;
    expect((await env.app.inject({ method: 'GET', url })).statusCode).toBe(302);
    await call(env.app, 'POST', 'offices/status', {
      token: adminToken,
      body: { ids: [path.office.id], active: false },
    });
    expect((await env.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('hides and shows; needs exactly one of active or hidden', async () => {
    const o = await buildOffice(env.ctx);
    await call(env.app, 'POST', 'offices/status', {
      token: adminToken,
      body: { ids: [o.office.id], hidden: true },
    });
    const [row] = await env.ctx.db.select().from(offices).where(eq(offices.id, o.office.id));
    expect(row.hidden).toBe(true);
    const both = await call(env.app, 'POST', 'offices/status', {
      token: adminToken,
      body: { ids: [o.office.id], hidden: true, active: true },
    });
    expect(both.status).toBe(400);
  });

  it('is refused to an office', async () => {
    const o = await buildOffice(env.ctx);
    const token = await login(env.app, o.username);
    expect(
      (await call(env.app, 'POST', 'offices/status', { token, body: { ids: [o.office.id], active: false } }))
        .status,
    ).toBe(403);
  });
});

describe('GET companies and companies/agents', () => {
  it('an office sees only its own office and agents; another office id is not found', async () => {
    const mine = await buildOffice(env.ctx);
    const other = await buildOffice(env.ctx);
    await buildAgent(env.ctx, { officeId: mine.office.id });
    await buildAgent(env.ctx, { officeId: other.office.id });
    const token = await login(env.app, mine.username);
    const companies = await call<{ id: number }[]>(env.app, 'GET', 'companies', { token });
    expect(companies.body.map((c) => c.id)).toEqual([mine.office.id]);
    const agentsRes = await call<{ companyId: number }[]>(env.app, 'GET', 'companies/agents', { token });
    expect(agentsRes.body.length).toBe(1);
    expect(agentsRes.body.every((a) => a.companyId === mine.office.id)).toBe(true);
    const foreign = await call(env.app, 'GET', `companies/agents?companyId=${other.office.id}`, { token });
    expect(foreign.status).toBe(404);
  });

  it('an admin sees every office; onlyAvailable leaves out suspended ones', async () => {
    const o = await buildOffice(env.ctx);
    await env.ctx.db.update(offices).set({ active: false }).where(eq(offices.id, o.office.id));
    const all = await call<{ id: number }[]>(env.app, 'GET', 'companies', { token: adminToken });
    expect(all.body.some((c) => c.id === o.office.id)).toBe(true);
    const available = await call<{ id: number }[]>(env.app, 'GET', 'companies?onlyAvailable=true', {
      token: adminToken,
    });
    expect(available.body.some((c) => c.id === o.office.id)).toBe(false);
  });

  it('an agent sees only itself', async () => {
    const a = await buildAgent(env.ctx);
    await buildAgent(env.ctx, { officeId: a.officeId });
    const token = await login(env.app, a.username);
    const res = await call<{ id: number }[]>(env.app, 'GET', 'companies/agents', { token });
    expect(res.body.map((r) => r.id)).toEqual([a.agent.id]);
  });
});
