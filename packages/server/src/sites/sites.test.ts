import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentSites, sites } from '../db/schema';
import { buildAdmin, buildAgent, buildOffice, buildSite, login } from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';

let env: TestEnv;
beforeAll(async () => {
  env = await testEnv();
});

type Option = { id: number; sitename: string; status: boolean };

describe('GET sites', () => {
  it('an office sees its own sites, an agent its enabled ones, an admin all active ones', async () => {
    const a = await buildSite(env.ctx);
    const b = await buildSite(env.ctx);
    const suspended = await buildSite(env.ctx, { status: false });
    const office = await buildOffice(env.ctx, { siteIds: [a.site.id] });
    const agent = await buildAgent(env.ctx, { officeId: office.office.id, siteIds: [a.site.id, b.site.id] });
    await env.ctx.db.update(agentSites).set({ enable: false }).where(eq(agentSites.siteId, b.site.id));

    const officeToken = await login(env.app, office.username);
    const mine = await call<Option[]>(env.app, 'GET', 'sites', { token: officeToken });
    expect(mine.body.map((s) => s.id)).toEqual([a.site.id]);

    const agentToken = await login(env.app, agent.username);
    expect(
      (await call<Option[]>(env.app, 'GET', 'sites', { token: agentToken })).body.map((s) => s.id),
    ).toEqual([a.site.id]);

    const adminToken = await login(env.app, (await buildAdmin(env.ctx)).username);
    const all = await call<Option[]>(env.app, 'GET', 'sites', { token: adminToken });
    expect(all.body.map((s) => s.id)).toEqual(expect.arrayContaining([a.site.id, b.site.id]));
    expect(all.body.some((s) => s.id === suspended.site.id)).toBe(false);
    const withSuspended = await call<Option[]>(env.app, 'GET', 'sites?withSuspended=1', {
      token: adminToken,
    });
    expect(withSuspended.body.some((s) => s.id === suspended.site.id)).toBe(true);
    const [row] = await env.ctx.db.select().from(sites).where(eq(sites.id, suspended.site.id));
    expect(row.status).toBe(false);
  });

  it('needs a session', async () => {
    expect((await call(env.app, 'GET', 'sites')).status).toBe(401);
  });
});

describe('GET preferredDomains/list', () => {
  it('is for admins only', async () => {
    const adminToken = await login(env.app, (await buildAdmin(env.ctx)).username);
    expect((await call(env.app, 'GET', 'preferredDomains/list', { token: adminToken })).status).toBe(200);
    const officeToken = await login(env.app, (await buildOffice(env.ctx)).username);
    expect((await call(env.app, 'GET', 'preferredDomains/list', { token: officeToken })).status).toBe(403);
  });
});
