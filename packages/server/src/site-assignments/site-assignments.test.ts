import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Role, type TAssignedSiteRow, type TList, type TSiteAgentRow } from '@salesdesk/contract';
import { agentSites, sites } from '../db/schema';
import { buildAdmin, buildAgent, buildOffice, buildSite, login } from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';

let env: TestEnv;
let adminToken: string;
beforeAll(async () => {
  env = await testEnv();
  adminToken = await login(env.app, (await buildAdmin(env.ctx)).username);
});

type Answer<T> = TList<T> & { code?: string };
const get = <T = TAssignedSiteRow>(url: string, token = adminToken) =>
  call<Answer<T>>(env.app, 'GET', url, { token });
const ids = (res: { body: TList<{ id: number }> }) => res.body.items.map((r) => r.id);

/** Three sites whose hostnames sort c < a < b while their names sort a < b < c. */
async function threeSites() {
  const a = await buildSite(env.ctx, { sitename: 'A site', abbr: 'ZZ', url: 'https://mmm.example/x' });
  const b = await buildSite(env.ctx, { sitename: 'B site', abbr: 'YY', url: 'HTTP://user@zzz.example:8080' });
  const c = await buildSite(env.ctx, {
    sitename: 'C site',
    abbr: 'XX',
    url: 'https://aaa.example',
    status: false,
  });
  return [a.site, b.site, c.site];
}

describe('GET sites/{id}/by-company', () => {
  it("lists the office's sites by hostname, sortable by name, abbreviation and status", async () => {
    const [a, b, c] = await threeSites();
    const { office } = await buildOffice(env.ctx, { siteIds: [a.id, b.id, c.id] });
    const url = `sites/${office.id}/by-company`;
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual([c.id, a.id, b.id]);
    expect(res.body.total).toBe(3);
    expect(res.body.items[0]).toEqual({
      id: c.id,
      sitename: 'C site',
      abbr: 'XX',
      url: 'https://aaa.example',
      status: false,
      hidden: false,
    });
    expect(ids(await get(`${url}?sortField=sitename`))).toEqual([a.id, b.id, c.id]);
    expect(ids(await get(`${url}?sortField=abbr&sortAsc=false`))).toEqual([a.id, b.id, c.id]);
    expect(ids(await get(`${url}?sortField=status`))).toEqual([c.id, a.id, b.id]);
    const page2 = await get(`${url}?page=2&pageSize=2`);
    expect([ids(page2), page2.body.total]).toEqual([[b.id], 3]);
  });

  it('leaves deleted sites out', async () => {
    const [a, b] = await threeSites();
    const { office } = await buildOffice(env.ctx, { siteIds: [a.id, b.id] });
    await env.ctx.db.update(sites).set({ deletedAt: new Date() }).where(eq(sites.id, a.id));
    expect(ids(await get(`sites/${office.id}/by-company`))).toEqual([b.id]);
  });

  it("an office sees its own; another office's id, an unknown one and agents are refused", async () => {
    const { site } = await buildSite(env.ctx);
    const mine = await buildOffice(env.ctx, { siteIds: [site.id] });
    const other = await buildOffice(env.ctx, { siteIds: [site.id] });
    const token = await login(env.app, mine.username);
    expect(ids(await get(`sites/${mine.office.id}/by-company`, token))).toEqual([site.id]);
    expect((await get(`sites/${other.office.id}/by-company`, token)).status).toBe(404);
    expect((await get('sites/2147483647/by-company')).status).toBe(404);
    const agent = await buildAgent(env.ctx, { officeId: mine.office.id, siteIds: [site.id] });
    expect(
      (await get(`sites/${mine.office.id}/by-company`, await login(env.app, agent.username))).status,
    ).toBe(403);
    expect((await get(`sites/${mine.office.id}/by-company`, '')).status).toBe(401);
  });

  it('refuses bad ids and sort fields with a 400', async () => {
    for (const url of [
      'sites/0x10/by-company',
      'sites/1e3/by-company',
      'sites/3000000000/by-company',
      'sites/1/by-company?sortField=url',
      'sites/1/by-company?pageSize=100000',
      'sites/1/by-agent?page=0',
      'sites/abc/agents',
    ]) {
      const res = await get(url);
      expect([url, res.status, res.body.code]).toEqual([url, 400, 'VALIDATION_ERROR']);
    }
  });
});

describe('GET sites/{id}/by-agent', () => {
  it('lists the sites the agent has enabled, without deleted ones', async () => {
    const [a, b, c] = await threeSites();
    const { office } = await buildOffice(env.ctx, { siteIds: [a.id, b.id, c.id] });
    const agent = await buildAgent(env.ctx, { officeId: office.id, siteIds: [a.id, b.id, c.id] });
    await env.ctx.db.update(agentSites).set({ enable: false }).where(eq(agentSites.siteId, b.id));
    expect(ids(await get(`sites/${agent.agent.id}/by-agent`))).toEqual([c.id, a.id]);
    await env.ctx.db.update(sites).set({ deletedAt: new Date() }).where(eq(sites.id, c.id));
    expect(ids(await get(`sites/${agent.agent.id}/by-agent`))).toEqual([a.id]);
  });

  it("an office sees its agents'; another office's agent and an unknown one are not found", async () => {
    const { site } = await buildSite(env.ctx);
    const mine = await buildOffice(env.ctx, { siteIds: [site.id] });
    const own = await buildAgent(env.ctx, { officeId: mine.office.id, siteIds: [site.id] });
    const foreign = await buildAgent(env.ctx, { siteIds: [site.id] });
    const token = await login(env.app, mine.username);
    expect(ids(await get(`sites/${own.agent.id}/by-agent`, token))).toEqual([site.id]);
    expect((await get(`sites/${foreign.agent.id}/by-agent`, token)).status).toBe(404);
    expect((await get('sites/2147483647/by-agent')).status).toBe(404);
    expect((await get(`sites/${own.agent.id}/by-agent`, await login(env.app, own.username))).status).toBe(
      403,
    );
  });
});

describe('GET sites/{id}/agents', () => {
  it('lists the agents with the site enabled, scoped to the office', async () => {
    const { site } = await buildSite(env.ctx);
    const one = await buildOffice(env.ctx, { siteIds: [site.id] });
    const two = await buildOffice(env.ctx, { siteIds: [site.id] });
    const a1 = await buildAgent(env.ctx, { officeId: one.office.id, siteIds: [site.id] });
    const a2 = await buildAgent(env.ctx, { officeId: two.office.id, siteIds: [site.id] });
    const off = await buildAgent(env.ctx, { officeId: one.office.id, siteIds: [site.id] });
    await env.ctx.db.update(agentSites).set({ enable: false }).where(eq(agentSites.agentId, off.agent.id));
    const all = await get<TSiteAgentRow>(`sites/${site.id}/agents`);
    expect(all.body.items.map((r) => r.id).sort()).toEqual([a1.agent.id, a2.agent.id].sort());
    expect(all.body.items.find((r) => r.id === a1.agent.id)).toEqual({
      id: a1.agent.id,
      username: a1.username,
      firstName: 'Ag',
      lastName: a1.username,
      companyId: one.office.id,
      officeName: one.office.officeName,
      active: true,
    });
    const token = await login(env.app, one.username);
    expect(ids(await get(`sites/${site.id}/agents`, token))).toEqual([a1.agent.id]);
  });

  it("another office's site, a deleted site and an unknown one are not found", async () => {
    const mine = await buildSite(env.ctx);
    const theirs = await buildSite(env.ctx);
    const o = await buildOffice(env.ctx, { siteIds: [mine.site.id] });
    const token = await login(env.app, o.username);
    expect((await get(`sites/${mine.site.id}/agents`, token)).status).toBe(200);
    expect((await get(`sites/${theirs.site.id}/agents`, token)).status).toBe(404);
    await env.ctx.db.update(sites).set({ deletedAt: new Date() }).where(eq(sites.id, mine.site.id));
    expect((await get(`sites/${mine.site.id}/agents`, token)).status).toBe(404);
    expect((await get('sites/2147483647/agents')).status).toBe(404);
    const superToken = await login(env.app, (await buildAdmin(env.ctx, { role: Role.Superadmin })).username);
    expect((await get(`sites/${theirs.site.id}/agents`, superToken)).status).toBe(200);
  });
});
