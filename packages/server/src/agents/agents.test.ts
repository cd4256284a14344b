// Agents list and detail: who may read which agents, paging, sorting, search and bad input.
import { beforeAll, describe, expect, it } from 'vitest';
import { Role, type TAgentDetail, type TAgentRow, type TList } from '@salesdesk/contract';
import { buildAdmin, buildAgent, buildOffice, buildSite, login, tokenFor } from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';

let env: TestEnv;
let adminToken: string;
beforeAll(async () => {
  env = await testEnv();
  adminToken = await tokenFor(env.ctx, (await buildAdmin(env.ctx)).accountId);
});

const search = (token: string, body: object) =>
  call<TList<TAgentRow> & { code?: string }>(env.app, 'POST', 'agents/search', { token, body });
const byOffice = (officeId: number, extra: object = {}) => ({
  criteria: [{ field: 'companyId', value: String(officeId), operator: 'EQ' }],
  ...extra,
});

describe('POST agents/search', () => {
  it('lists an office with office name, password, counts and status for admins', async () => {
    const { site } = await buildSite(env.ctx);
    const o = await buildOffice(env.ctx, { siteIds: [site.id] });
    const a = await buildAgent(env.ctx, { officeId: o.office.id, siteIds: [site.id] });
    await login(env.app, a.username);
    const res = await search(adminToken, byOffice(o.office.id));
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(1);
    expect(res.body.items[0]).toMatchObject({
      id: a.agent.id,
      companyId: o.office.id,
      officeName: o.office.officeName,
      username: a.username,
      plainPassword: 'secret123',
      active: true,
      hidden: false,
      loginBlocked: false,
      loginCount: 1,
      sitesCount: 1,
    });
    expect(res.body.items[0].lastLoginTime).not.toBeNull();
  });

  it('an office sees only its own agents; another office as companyId is not found', async () => {
    const mine = await buildOffice(env.ctx);
    const other = await buildOffice(env.ctx);
    await buildAgent(env.ctx, { officeId: mine.office.id });
    await buildAgent(env.ctx, { officeId: other.office.id });
    const token = await tokenFor(env.ctx, mine.accountId);
    const res = await search(token, { pageSize: 500 });
    expect(res.body.items.length).toBe(1);
    expect(res.body.items.every((r) => r.companyId === mine.office.id)).toBe(true);
    expect((await search(token, byOffice(other.office.id))).status).toBe(404);
    expect((await search(token, byOffice(mine.office.id))).body.total).toBe(1);
  });

  it('lists agents waiting for approval too, marked unapproved', async () => {
    const o = await buildOffice(env.ctx);
    await buildAgent(env.ctx, { officeId: o.office.id, approved: false });
    const res = await search(adminToken, byOffice(o.office.id));
    expect(res.body.total).toBe(1);
    expect(res.body.items[0].approved).toBe(false);
  });

  it('pages and sorts on the server by every declared field', async () => {
    const o = await buildOffice(env.ctx);
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await buildAgent(env.ctx, { officeId: o.office.id }));
    const page1 = await search(adminToken, byOffice(o.office.id, { pageSize: 2, sortField: 'username' }));
    const page2 = await search(
      adminToken,
      byOffice(o.office.id, { pageSize: 2, page: 2, sortField: 'username' }),
    );
    expect(page1.body.total).toBe(3);
    const names = [...page1.body.items, ...page2.body.items].map((r) => r.username);
    expect(names).toEqual(made.map((m) => m.username).sort((x, y) => x.localeCompare(y)));
    const desc = await search(adminToken, byOffice(o.office.id, { sortField: 'username', sortAsc: 'false' }));
    expect(desc.body.items.map((r) => r.username)).toEqual([...names].reverse());
    for (const sortField of ['officeName', 'regTime', 'lastLoginTime', 'loginCount', 'active', 'sitesCount'])
      expect((await search(adminToken, byOffice(o.office.id, { sortField }))).status).toBe(200);
  });

  it('searches usernames with LIKE taken literally', async () => {
    const a = await buildAgent(env.ctx);
    const found = await search(adminToken, { criteria: [{ field: 'username', value: a.username.slice(1) }] });
    expect(found.body.items.map((r) => r.id)).toContain(a.agent.id);
    const pct = await search(adminToken, { criteria: [{ field: 'username', value: '%' }] });
    expect(pct.body.total).toBe(0);
  });

  it('refuses unknown fields, bad ids and NUL bytes with a 400', async () => {
    const bad = [
      { sortField: 'password' },
      { criteria: [{ field: 'email', value: 'x' }] },
      { criteria: [{ field: 'companyId', value: '0x10' }] },
      { criteria: [{ field: 'companyId', value: '1e3' }] },
      { criteria: [{ field: 'companyId', value: '3000000000' }] },
      { criteria: [{ field: 'username', value: 'a\u0000b' }] },
      { pageSize: 100000 },
    ];
    for (const body of bad) {
      const res = await search(adminToken, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
  });

  it('is refused to agents and to nobody', async () => {
    const a = await buildAgent(env.ctx);
    expect((await search(await tokenFor(env.ctx, a.accountId), {})).status).toBe(403);
    expect((await search('', {})).status).toBe(401);
  });
});

describe('GET agents/{id}', () => {
  it("gives the agent with every site of its office and the agent's switches", async () => {
    const s1 = (await buildSite(env.ctx)).site;
    const s2 = (await buildSite(env.ctx)).site;
    const o = await buildOffice(env.ctx, { siteIds: [s1.id, s2.id] });
    const a = await buildAgent(env.ctx, { officeId: o.office.id, siteIds: [s1.id] });
    const token = await tokenFor(env.ctx, o.accountId);
    const res = await call<TAgentDetail>(env.app, 'GET', `agents/${a.agent.id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: a.username, companyId: o.office.id, siteIds: [s1.id] });
    expect(res.body.sites).toEqual(
      expect.arrayContaining([
        { siteId: s1.id, sitename: s1.sitename, enable: true },
        { siteId: s2.id, sitename: s2.sitename, enable: false },
      ]),
    );
  });

  it("another office's agent, a missing one and bad ids are refused", async () => {
    const mine = await buildOffice(env.ctx);
    const foreign = await buildAgent(env.ctx);
    const token = await tokenFor(env.ctx, mine.accountId);
    expect((await call(env.app, 'GET', `agents/${foreign.agent.id}`, { token })).status).toBe(404);
    expect((await call(env.app, 'GET', 'agents/2147483647', { token: adminToken })).status).toBe(404);
    for (const id of ['3000000000', '0x10', '1e3', 'abc', '-1'])
      expect((await call(env.app, 'GET', `agents/${id}`, { token: adminToken })).status).toBe(400);
    const super_ = await buildAdmin(env.ctx, { role: Role.Superadmin });
    const ok = await call(env.app, 'GET', `agents/${foreign.agent.id}`, {
      token: await tokenFor(env.ctx, super_.accountId),
    });
    expect(ok.status).toBe(200);
  });

  it('is refused to an agent, even for itself', async () => {
    const a = await buildAgent(env.ctx);
    const token = await tokenFor(env.ctx, a.accountId);
    expect((await call(env.app, 'GET', `agents/${a.agent.id}`, { token })).status).toBe(403);
  });
});
