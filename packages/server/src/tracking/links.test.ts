import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Role, type TLinkRow } from '@salesdesk/contract';
import { agentSites, linkTypes, officeSites, offices, preferredDomains, sites } from '../db/schema';
import { publishChange } from '../common/changes';
import { buildAdmin, buildAgent, buildClickPath, buildOffice, login } from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';
import { isPlaceholderDomain, linkBase } from './service';

let env: TestEnv;
let adminToken: string;
beforeAll(async () => {
  env = await testEnv();
  adminToken = await login(env.app, (await buildAdmin(env.ctx, { role: Role.Admin })).username);
});

const list = (token: string, body: object) =>
  call<TLinkRow[]>(env.app, 'POST', 'links/list', { token, body });

describe('POST links/list', () => {
  it('answers one row per active link type, on PUBLIC_URL when the office has no preferred domain', async () => {
    const p = await buildClickPath(env.ctx);
    const [second] = await env.ctx.db
      .insert(linkTypes)
      .values({
        siteId: p.site.id,
        typename: 'Promo',
        typealias: 'p',
        username: 'u',
        url: 'https://x.example/',
      })
      .returning();
    await env.ctx.db.insert(linkTypes).values({
      siteId: p.site.id,
      typename: 'Off',
      typealias: 'o',
      username: 'u',
      url: 'https://x.example/',
      status: false,
    });
    const res = await list(await login(env.app, p.agentUsername), { siteId: p.site.id, agentId: p.agent.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        sitename: p.site.sitename,
        typename: 'Main',
        link: `http://localhost:3000/api/links/go/${p.site.id}/${p.type.id}/${p.agent.id}`,
      },
      {
        sitename: p.site.sitename,
        typename: 'Promo',
        link: `http://localhost:3000/api/links/go/${p.site.id}/${second.id}/${p.agent.id}`,
      },
    ]);
  });

  it("uses the preferred domain of the agent's office", async () => {
    const p = await buildClickPath(env.ctx);
    const [domain] = await env.ctx.db
      .insert(preferredDomains)
      .values({ domain: 'https://go.brand.example/' })
      .returning();
    await env.ctx.db.update(offices).set({ preferredDomainId: domain.id }).where(eq(offices.id, p.office.id));
    const res = await list(adminToken, { siteId: p.site.id, agentId: p.agent.id });
    expect(res.body[0].link).toBe(
      `https://go.brand.example/api/links/go/${p.site.id}/${p.type.id}/${p.agent.id}`,
    );
  });

  it('an agent gets only its own links; another agent is not found', async () => {
    const p = await buildClickPath(env.ctx);
    const colleague = await buildAgent(env.ctx, { officeId: p.office.id, siteIds: [p.site.id] });
    const token = await login(env.app, p.agentUsername);
    expect((await list(token, { siteId: p.site.id, agentId: p.agent.id })).status).toBe(200);
    expect((await list(token, { siteId: p.site.id, agentId: colleague.agent.id })).status).toBe(404);
  });

  it('answers only for a site the agent has enabled', async () => {
    const p = await buildClickPath(env.ctx);
    const body = { siteId: p.site.id, agentId: p.agent.id };
    expect((await list(adminToken, body)).status).toBe(200);
    await env.ctx.db
      .update(agentSites)
      .set({ enable: false })
      .where(and(eq(agentSites.agentId, p.agent.id), eq(agentSites.siteId, p.site.id)));
    expect((await list(adminToken, body)).status).toBe(404);
    const other = await buildClickPath(env.ctx);
    expect((await list(adminToken, { siteId: other.site.id, agentId: p.agent.id })).status).toBe(404);
  });

  it('answers 404 for a suspended site and for a site the office no longer has', async () => {
    const p = await buildClickPath(env.ctx);
    const body = { siteId: p.site.id, agentId: p.agent.id };
    await env.ctx.db.update(sites).set({ status: false }).where(eq(sites.id, p.site.id));
    expect((await list(adminToken, body)).status).toBe(404);
    const q = await buildClickPath(env.ctx);
    await env.ctx.db.delete(officeSites).where(eq(officeSites.officeId, q.office.id));
    await publishChange(env.ctx, 'tracking');
    expect((await list(adminToken, { siteId: q.site.id, agentId: q.agent.id })).status).toBe(404);
    const click = await call(env.app, 'GET', `links/go/${q.site.id}/${q.type.id}/${q.agent.id}`);
    expect(click.status).toBe(404);
  });

  it("a company gets its agents' links; another office's agent is not found", async () => {
    const p = await buildClickPath(env.ctx);
    const other = await buildAgent(env.ctx, { siteIds: [p.site.id] });
    const token = await login(env.app, p.officeUsername);
    expect((await list(token, { siteId: p.site.id, agentId: p.agent.id })).body).toHaveLength(1);
    const foreign = await list(token, { siteId: p.site.id, agentId: other.agent.id });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('an admin gets any agent; unknown agent or site is not found; bad input is a validation error', async () => {
    const p = await buildClickPath(env.ctx);
    const o = await buildOffice(env.ctx, { siteIds: [p.site.id] });
    const other = await buildAgent(env.ctx, { officeId: o.office.id, siteIds: [p.site.id] });
    expect((await list(adminToken, { siteId: p.site.id, agentId: other.agent.id })).body).toHaveLength(1);
    expect((await list(adminToken, { siteId: p.site.id, agentId: 99_999_999 })).status).toBe(404);
    expect((await list(adminToken, { siteId: 99_999_999, agentId: p.agent.id })).status).toBe(404);
    expect((await list(adminToken, { siteId: 'x', agentId: p.agent.id })).status).toBe(400);
    expect((await list('', { siteId: p.site.id, agentId: p.agent.id })).status).toBe(401);
  });
});

describe('linkBase', () => {
  it('keeps a scheme, adds https:// to a bare host, drops trailing slashes, falls back to PUBLIC_URL', () => {
    expect(linkBase('http://a.example//', 'http://pub')).toBe('http://a.example');
    expect(linkBase('go.example', 'http://pub')).toBe('https://go.example');
    expect(linkBase(null, 'http://pub')).toBe('http://pub');
    expect(linkBase('  ', 'http://pub')).toBe('http://pub');
  });

  it('falls back to PUBLIC_URL for a placeholder domain under .test or .invalid', () => {
    expect(linkBase('https://go.emarket-demo.test', 'http://pub')).toBe('http://pub');
    expect(linkBase('track.demo.INVALID/', 'http://pub')).toBe('http://pub');
    expect(linkBase('https://go.test.example.com', 'http://pub')).toBe('https://go.test.example.com');
    expect(isPlaceholderDomain('http://old.emarket-demo.test:8080')).toBe(true);
    expect(isPlaceholderDomain('https://contest.com')).toBe(false);
  });
});
