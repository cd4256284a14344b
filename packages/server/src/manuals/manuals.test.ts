import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  MANUAL_SITE_TAKEN,
  Role,
  type TList,
  type TManualSiteOption,
  type TSiteManual,
  type TSiteManualRow,
} from '@salesdesk/contract';
import { siteManuals, sites } from '../db/schema';
import { buildAdmin, buildAgent, buildOffice, buildSite, login, tokenFor } from '../test/factories';
import { call, testEnv, testEnvWith, type TestEnv } from '../test/harness';

let env: TestEnv;
let superToken: string;
let adminToken: string;
beforeAll(async () => {
  env = await testEnv();
  superToken = await login(env.app, (await buildAdmin(env.ctx, { role: Role.Superadmin })).username);
  adminToken = await login(env.app, (await buildAdmin(env.ctx)).username);
});

type Err = { code: string; data: Record<string, string[]> };
const create = (token: string, body: object) =>
  call<{ id: number } & Err>(env.app, 'PUT', 'site-manuals', { token, body });
const list = (token: string, query = '') =>
  call<TList<TSiteManualRow>>(env.app, 'GET', `site-manuals?pageSize=500${query}`, { token });
const readOne = (token: string, id: number) =>
  call<TSiteManual>(env.app, 'GET', `site-manuals/${id}`, { token });

/** A site with a manual titled after it. */
async function manualOf(siteOpts: Parameters<typeof buildSite>[1] = {}) {
  const { site } = await buildSite(env.ctx, siteOpts);
  const res = await create(superToken, {
    siteId: site.id,
    title: `Guide ${site.sitename}`,
    html: '<p>Hi</p>',
  });
  expect(res.status).toBe(200);
  return { site, id: res.body.id };
}

async function rowsOf(siteId: number) {
  return env.ctx.db.select().from(siteManuals).where(eq(siteManuals.siteId, siteId));
}

describe('PUT site-manuals (create) and GET site-manuals/available-sites', () => {
  it('offers only live sites without a manual, and creates one with sanitised html', async () => {
    const { site } = await buildSite(env.ctx);
    const before = await call<TManualSiteOption[]>(env.app, 'GET', 'site-manuals/available-sites', {
      token: superToken,
    });
    expect(before.body).toContainEqual({ id: site.id, sitename: site.sitename });
    const res = await create(superToken, {
      siteId: site.id,
      title: '  How to sell  ',
      html: '<p onclick="x()">Tips<script>alert(1)</script></p>',
    });
    expect(res.status).toBe(200);
    const manual = await readOne(superToken, res.body.id);
    expect(manual.body).toEqual({
      id: res.body.id,
      siteId: site.id,
      sitename: site.sitename,
      title: 'How to sell',
      html: '<p>Tips</p>',
    });
    const after = await call<TManualSiteOption[]>(env.app, 'GET', 'site-manuals/available-sites', {
      token: superToken,
    });
    expect(after.body.map((s) => s.id)).not.toContain(site.id);
  });

  it('refuses a second manual for a site, also when two creates race; one row stays', async () => {
    const { site } = await buildSite(env.ctx);
    const body = { siteId: site.id, title: 'T', html: '<p>x</p>' };
    const [a, b] = await Promise.all([create(superToken, body), create(superToken, body)]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    const loser = a.status === 400 ? a : b;
    expect(loser.body).toMatchObject({ code: 'VALIDATION_ERROR', data: { siteId: [MANUAL_SITE_TAKEN] } });
    const again = await create(superToken, body);
    expect(again.body.data).toEqual({ siteId: [MANUAL_SITE_TAKEN] });
    expect(await rowsOf(site.id)).toHaveLength(1);
  });

  it('refuses bad input and writes nothing', async () => {
    const { site } = await buildSite(env.ctx);
    const deleted = await buildSite(env.ctx, { deletedAt: new Date() });
    const cases: [object, string][] = [
      [{ siteId: site.id, title: ' ', html: '<p>x</p>' }, 'title'],
      [{ siteId: site.id, title: 'x'.repeat(129), html: '<p>x</p>' }, 'title'],
      [{ siteId: site.id, title: 'T', html: '' }, 'html'],
      [{ siteId: site.id, title: 'T', html: '<script>alert(1)</script>' }, 'html'],
      [{ siteId: null, title: 'T', html: '<p>x</p>' }, 'siteId'],
      [{ siteId: '1', title: 'T', html: '<p>x</p>' }, 'siteId'],
      [{ siteId: 3_000_000_000, title: 'T', html: '<p>x</p>' }, 'siteId'],
      [{ siteId: 999_999_999, title: 'T', html: '<p>x</p>' }, 'siteId'],
      [{ siteId: deleted.site.id, title: 'T', html: '<p>x</p>' }, 'siteId'],
    ];
    for (const [body, field] of cases) {
      const res = await create(superToken, body);
      expect([res.status, Object.keys(res.body.data ?? {})], JSON.stringify(body)).toEqual([400, [field]]);
    }
    expect(await rowsOf(site.id)).toHaveLength(0);
    expect(await rowsOf(deleted.site.id)).toHaveLength(0);
  });

  it('is the superadmin’s only', async () => {
    const { site } = await buildSite(env.ctx);
    const body = { siteId: site.id, title: 'T', html: '<p>x</p>' };
    expect((await create(adminToken, body)).status).toBe(403);
    const o = await buildOffice(env.ctx, { siteIds: [site.id] });
    expect((await create(await tokenFor(env.ctx, o.accountId), body)).status).toBe(403);
    expect((await create('', body)).status).toBe(401);
    const options = await call(env.app, 'GET', 'site-manuals/available-sites', { token: adminToken });
    expect(options.status).toBe(403);
    expect(await rowsOf(site.id)).toHaveLength(0);
  });
});

describe('POST and DELETE site-manuals/{id}', () => {
  it('updates title and html (the site stays), then removes the manual', async () => {
    const { site, id } = await manualOf();
    const res = await call(env.app, 'POST', `site-manuals/${id}`, {
      token: superToken,
      body: { title: 'New title', html: '<h2>New</h2><img src="javascript:alert(1)">', siteId: 12345 },
    });
    expect(res.status).toBe(200);
    const [row] = await rowsOf(site.id);
    expect(row).toMatchObject({ id, siteId: site.id, title: 'New title', html: '<h2>New</h2><img />' });
    expect((await call(env.app, 'DELETE', `site-manuals/${id}`, { token: superToken })).status).toBe(200);
    expect(await rowsOf(site.id)).toHaveLength(0);
    expect((await call(env.app, 'DELETE', `site-manuals/${id}`, { token: superToken })).status).toBe(404);
  });

  it('answers 404 for an unknown manual or one of a deleted site, 400 for a bad id', async () => {
    const { site, id } = await manualOf();
    await env.ctx.db.update(sites).set({ deletedAt: new Date() }).where(eq(sites.id, site.id));
    const body = { title: 'T', html: '<p>x</p>' };
    for (const path of [`site-manuals/${id}`, 'site-manuals/999999999']) {
      expect((await call(env.app, 'POST', path, { token: superToken, body })).status).toBe(404);
      expect((await call(env.app, 'DELETE', path, { token: superToken })).status).toBe(404);
      expect((await readOne(superToken, Number(path.split('/')[1]))).status).toBe(404);
    }
    expect((await list(superToken)).body.items.map((m) => m.id)).not.toContain(id);
    for (const bad of ['3000000000', '0x10', '1e3', 'abc'])
      expect((await call(env.app, 'DELETE', `site-manuals/${bad}`, { token: superToken })).status).toBe(400);
    const [row] = await rowsOf(site.id);
    expect(row.title).toBe(`Guide ${site.sitename}`);
  });

  it('refuses admins, offices and agents, and bad input, changing nothing', async () => {
    const { site, id } = await manualOf();
    const agent = await buildAgent(env.ctx, { siteIds: [site.id] });
    const body = { title: 'Hacked', html: '<p>x</p>' };
    for (const token of [adminToken, await tokenFor(env.ctx, agent.accountId)]) {
      expect((await call(env.app, 'POST', `site-manuals/${id}`, { token, body })).status).toBe(403);
      expect((await call(env.app, 'DELETE', `site-manuals/${id}`, { token })).status).toBe(403);
    }
    const blank = await call(env.app, 'POST', `site-manuals/${id}`, {
      token: superToken,
      body: { title: '', html: '' },
    });
    expect(blank.status).toBe(400);
    const [row] = await rowsOf(site.id);
    expect(row.title).toBe(`Guide ${site.sitename}`);
  });
});

describe('GET site-manuals and GET site-manuals/{id} (How to sell)', () => {
  it('sorts the superadmin list by site name or title, paged, with suspended sites', async () => {
    const a = await manualOf({ status: false });
    await manualOf();
    const all = await list(superToken, '&sortField=title&sortAsc=false');
    expect(all.status).toBe(200);
    const titles = all.body.items.map((m) => m.title.toLowerCase());
    expect([...titles].sort().reverse()).toEqual(titles);
    expect(all.body.items.map((m) => m.id)).toContain(a.id);
    const paged = await call<TList<TSiteManualRow>>(env.app, 'GET', 'site-manuals?pageSize=1', {
      token: superToken,
    });
    expect(paged.body.items).toHaveLength(1);
    expect(paged.body.total).toBeGreaterThanOrEqual(2);
    expect((await list(superToken, '&sortField=html')).status).toBe(400);
  });

  it('shows an agent the manuals of its enabled active sites, an office those of its sites', async () => {
    const mine = await manualOf();
    const disabled = await manualOf();
    const suspended = await manualOf({ status: false });
    const other = await manualOf();
    const o = await buildOffice(env.ctx, {
      siteIds: [mine.site.id, disabled.site.id, suspended.site.id],
    });
    const agent = await buildAgent(env.ctx, {
      officeId: o.office.id,
      siteIds: [mine.site.id, suspended.site.id],
    });
    const agentToken = await tokenFor(env.ctx, agent.accountId);
    const officeToken = await tokenFor(env.ctx, o.accountId);
    const ids = async (token: string) => (await list(token)).body.items.map((m) => m.id).sort();
    expect(await ids(agentToken)).toEqual([mine.id]);
    expect(await ids(officeToken)).toEqual([mine.id, disabled.id].sort());
    expect(await ids(adminToken)).toEqual(expect.arrayContaining([mine.id, other.id]));
    expect(await ids(adminToken)).not.toContain(suspended.id);

    const read = await readOne(agentToken, mine.id);
    expect(read.body).toMatchObject({ id: mine.id, sitename: mine.site.sitename, html: '<p>Hi</p>' });
    for (const id of [disabled.id, suspended.id, other.id])
      expect((await readOne(agentToken, id)).status).toBe(404);
    expect((await readOne(officeToken, other.id)).status).toBe(404);
    expect((await readOne(adminToken, other.id)).status).toBe(200);
    expect((await call(env.app, 'GET', 'site-manuals')).status).toBe(401);
  });

  it('is not there for anyone but the superadmin when the brand hides How to sell', async () => {
    const { id } = await manualOf();
    const hidden = await testEnvWith({ BRAND: 'salesdesk' });
    expect(hidden.ctx.brand.showHowToSell).toBe(false);
    const superadmin = await call(hidden.app, 'GET', `site-manuals/${id}`, { token: superToken });
    expect(superadmin.status).toBe(200);
    for (const path of ['site-manuals', `site-manuals/${id}`])
      expect((await call(hidden.app, 'GET', path, { token: adminToken })).status).toBe(404);
    await hidden.app.close();
  });
});
