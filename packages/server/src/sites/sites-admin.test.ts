import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SITE_TEXTS, type TList, type TSiteDetail, type TSiteRow } from '@salesdesk/contract';
import { sites } from '../db/schema';
import { buildAgent, buildClickPath, buildOffice, buildSite, tokenFor } from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';
import { adminTokens, siteBody, type ErrorAnswer } from '../test/sites-fixtures';

let env: TestEnv;
let superToken: string;
let adminToken: string;
beforeAll(async () => {
  env = await testEnv();
  ({ superToken, adminToken } = await adminTokens(env));
});

const search = (token: string, body: object) =>
  call<TList<TSiteRow>>(env.app, 'POST', 'sites/search', { token, body });
const create = (token: string, body: object) =>
  call<{ id: number } & ErrorAnswer>(env.app, 'PUT', 'sites', { token, body });
const siteRow = async (id: number) => (await env.ctx.db.select().from(sites).where(eq(sites.id, id)))[0];

describe('POST sites/search', () => {
  it('pages and sorts by site name (default), type and status, with the link count', async () => {
    const { site } = await buildSite(env.ctx);
    await buildSite(env.ctx, { status: false, type: 'CASINO' });
    const page1 = await search(adminToken, { pageSize: 1 });
    expect(page1.status).toBe(200);
    expect(page1.body.items).toHaveLength(1);
    expect(page1.body.total).toBeGreaterThan(1);
    const all = await search(adminToken, { pageSize: 500 });
    const names = all.body.items.map((r) => r.sitename.toLowerCase());
    expect([...names].sort()).toEqual(names);
    expect(all.body.items.find((r) => r.id === site.id)).toMatchObject({
      typeCount: 1,
      status: true,
      type: 'DATING',
    });
    const byStatus = await search(adminToken, { pageSize: 500, sortField: 'status', sortAsc: true });
    const statuses = byStatus.body.items.map((r) => r.status);
    expect(statuses.indexOf(true)).toBeGreaterThanOrEqual(statuses.lastIndexOf(false));
    const byType = await search(adminToken, { pageSize: 500, sortField: 'type', sortAsc: false });
    const types = byType.body.items.map((r) => r.type);
    expect([...types].sort().reverse()).toEqual(types);
    expect((await search(adminToken, { sortField: 'url' })).status).toBe(400);
  });

  it('is for admins and above', async () => {
    const office = await buildOffice(env.ctx);
    const agent = await buildAgent(env.ctx);
    expect((await search(await tokenFor(env.ctx, office.accountId), {})).status).toBe(403);
    expect((await search(await tokenFor(env.ctx, agent.accountId), {})).status).toBe(403);
    expect((await search('', {})).status).toBe(401);
    expect((await search(superToken, {})).status).toBe(200);
  });
});

describe('GET sites/{id}', () => {
  it('shows the postback token to superadmins only', async () => {
    const { site } = await buildSite(env.ctx);
    const asSuper = await call<TSiteDetail>(env.app, 'GET', `sites/${site.id}`, { token: superToken });
    expect(asSuper.body).toMatchObject({
      sitename: site.sitename,
      postbackToken: site.postbackToken,
      typeCount: 1,
    });
    const asAdmin = await call<TSiteDetail>(env.app, 'GET', `sites/${site.id}`, { token: adminToken });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.postbackToken).toBeNull();
    const office = await buildOffice(env.ctx, { siteIds: [site.id] });
    const asOffice = await call(env.app, 'GET', `sites/${site.id}`, {
      token: await tokenFor(env.ctx, office.accountId),
    });
    expect(asOffice.status).toBe(403);
    for (const bad of ['3000000000', '0x10', '1e3', '-1'])
      expect((await call(env.app, 'GET', `sites/${bad}`, { token: adminToken })).status).toBe(400);
    expect((await call(env.app, 'GET', 'sites/2000000000', { token: adminToken })).status).toBe(404);
  });
});

describe('PUT sites (create) and POST sites/{id} (update)', () => {
  it('a superadmin creates an activated site with a fresh postback token; an admin may not', async () => {
    const body = siteBody({ clickParam: '', specialReport: true, avp: true, email: 'desk@partner.example' });
    expect((await create(adminToken, body)).status).toBe(403);
    const res = await create(superToken, body);
    expect(res.status).toBe(200);
    const row = await siteRow(res.body.id);
    expect(row).toMatchObject({ sitename: body.sitename, status: true, clickParam: 'clickid', avp: true });
    expect(row.specialReport).toBe(true);
    expect(row.useApproveSale).toBe(false);
    expect(row.postbackToken).toMatch(/^[\w-]{32}$/);
  });

  it('refuses every field past its maximum or rule, and writes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ sitename: '' }, 'sitename'],
      [{ sitename: 'x'.repeat(129) }, 'sitename'],
      [{ shortname: 'x'.repeat(17) }, 'shortname'],
      [{ shortname: ' ' }, 'shortname'],
      [{ abbr: 'x'.repeat(11) }, 'abbr'],
      [{ url: `https://${'x'.repeat(120)}.example` }, 'url'],
      [{ url: 'javascript:alert(1)' }, 'url'],
      [{ url: 'not a url' }, 'url'],
      [{ clickParam: 'x'.repeat(17) }, 'clickParam'],
      [{ clickParam: 'a&b' }, 'clickParam'],
      [{ contactName: 'x'.repeat(65) }, 'contactName'],
      [{ phoneNum: 'x'.repeat(65) }, 'phoneNum'],
      [{ email: 'not-an-email' }, 'email'],
      [{ email: `${'x'.repeat(60)}@example.com` }, 'email'],
      [{ type: 'POKER' }, 'type'],
      [{ type: undefined }, 'type'],
      [{ status: 'yes' }, 'status'],
      [{ sitename: 'a\u0000b' }, 'sitename'],
    ];
    for (const [over, field] of cases) {
      const body = siteBody(over);
      const res = await create(superToken, body);
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.data?.[field], JSON.stringify(res.body.data)).toBeDefined();
      const written = await env.ctx.db.select().from(sites).where(eq(sites.shortname, body.shortname));
      expect(written).toEqual([]);
    }
    for (const type of ['WEBCAMS', 'ADULT', 'DATING', 'CASINO'])
      expect((await create(superToken, siteBody({ type }))).status).toBe(200);
  });

  it('two creates of one name at once: one succeeds, the other gets the same field error', async () => {
    const sitename = siteBody().sitename;
    const results = await Promise.all(
      [sitename, sitename.toUpperCase()].map((n) => create(superToken, siteBody({ sitename: n }))),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)?.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      data: { sitename: [SITE_TEXTS.nameTaken] },
    });
  });

  it('updates every field; a taken name or an unknown site is refused', async () => {
    const { site } = await buildSite(env.ctx);
    const other = await buildSite(env.ctx);
    const body = siteBody({
      note: 'Pays weekly',
      useApproveSale: true,
      status: false,
      phoneNum: '+63 2 123',
    });
    const ok = await call(env.app, 'POST', `sites/${site.id}`, { token: superToken, body });
    expect(ok.status).toBe(200);
    expect(await siteRow(site.id)).toMatchObject({ ...body, postbackToken: site.postbackToken });
    const taken = await call<ErrorAnswer>(env.app, 'POST', `sites/${site.id}`, {
      token: superToken,
      body: { ...body, sitename: other.site.sitename },
    });
    expect(taken.body.data?.sitename).toEqual([SITE_TEXTS.nameTaken]);
    expect((await call(env.app, 'POST', `sites/${site.id}`, { token: adminToken, body })).status).toBe(403);
    expect((await call(env.app, 'POST', 'sites/2000000000', { token: superToken, body })).status).toBe(404);
  });
});

describe('POST sites/status', () => {
  it('suspending stops the links at once and unsets approve-sale; activating sets it', async () => {
    const p = await buildClickPath(env.ctx);
    const url = `links/go/${p.site.id}/${p.type.id}/${p.agent.id}`;
    expect((await call(env.app, 'GET', url)).status).toBe(302);
    const status = (token: string, ids: number[], value: boolean) =>
      call(env.app, 'POST', 'sites/status', { token, body: { ids, status: value } });
    expect((await status(adminToken, [p.site.id], false)).status).toBe(403);
    expect((await status(superToken, [p.site.id], false)).status).toBe(200);
    expect(await siteRow(p.site.id)).toMatchObject({ status: false, useApproveSale: false });
    expect((await call(env.app, 'GET', url)).status).toBe(404);
    expect((await status(superToken, [p.site.id], true)).status).toBe(200);
    expect(await siteRow(p.site.id)).toMatchObject({ status: true, useApproveSale: true });
    expect((await call(env.app, 'GET', url)).status).toBe(302);
  });

  it('an unknown id among the ids changes nothing', async () => {
    const { site } = await buildSite(env.ctx);
    const res = await call(env.app, 'POST', 'sites/status', {
      token: superToken,
      body: { ids: [site.id, 2_000_000_000], status: false },
    });
    expect(res.status).toBe(404);
    expect((await siteRow(site.id)).status).toBe(true);
    for (const ids of [[], [0], ['1'], [3_000_000_000]]) {
      const bad = await call(env.app, 'POST', 'sites/status', {
        token: superToken,
        body: { ids, status: false },
      });
      expect(bad.status, JSON.stringify(ids)).toBe(400);
    }
  });
});

describe('POST sites/{id}/enableForAllOffices', () => {
  it('gives the site to every office, once', async () => {
    const { site } = await buildSite(env.ctx);
    const office = await buildOffice(env.ctx);
    const enable = (token: string) =>
      call(env.app, 'POST', `sites/${site.id}/enableForAllOffices`, { token });
    expect((await enable(adminToken)).status).toBe(403);
    expect((await enable(superToken)).status).toBe(200);
    expect((await enable(superToken)).status).toBe(200);
    const officeToken = await tokenFor(env.ctx, office.accountId);
    const mine = await call<{ id: number }[]>(env.app, 'GET', 'sites', { token: officeToken });
    expect(mine.body.map((s) => s.id)).toEqual([site.id]);
  });
});
