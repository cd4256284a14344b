import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LINK_TYPE_TEXTS, type TLinkType } from '@salesdesk/contract';
import { accounts, linkTypes } from '../db/schema';
import { buildAdmin, buildAgent, buildClickPath, buildOffice, buildSite, tokenFor } from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';
import { adminTokens, click, historyOf, postback, typeBody, type ErrorAnswer } from '../test/sites-fixtures';

let env: TestEnv;
let superToken: string;
let adminToken: string;
beforeAll(async () => {
  env = await testEnv();
  ({ superToken, adminToken } = await adminTokens(env));
});

const create = (token: string, body: object) =>
  call<{ id: number } & ErrorAnswer>(env.app, 'PUT', 'types', { token, body });
const typeRow = async (id: number) =>
  (await env.ctx.db.select().from(linkTypes).where(eq(linkTypes.id, id)))[0];
const bySite = (token: string, siteId: number, query = '') =>
  call<TLinkType[]>(env.app, 'GET', `types/${siteId}/by-site${query}`, { token });

describe('GET types/{siteId}/by-site and types/{id}', () => {
  it('lists the live types sorted (typename ascending by default)', async () => {
    const { site, type } = await buildSite(env.ctx);
    const b = await create(superToken, typeBody({ siteId: site.id, typename: 'alpha', payout: '5.50' }));
    const c = await create(superToken, typeBody({ siteId: site.id, typename: 'Zulu', payout: '300' }));
    const names = (await bySite(adminToken, site.id)).body.map((t) => t.typename);
    expect(names).toEqual(['alpha', 'Main', 'Zulu']);
    const byPayout = await bySite(adminToken, site.id, '?sortField=payout&sortAsc=false');
    expect(byPayout.body.map((t) => t.id)).toEqual([c.body.id, type.id, b.body.id]);
    expect(byPayout.body[0]).toMatchObject({
      payout: '300.00',
      lpp: 1,
      bonusLpp: 1,
      bonus: false,
      status: true,
    });
    expect((await bySite(adminToken, site.id, '?sortField=nope')).status).toBe(400);
    expect((await bySite(adminToken, 2_000_000_000)).status).toBe(404);
    const one = await call<TLinkType>(env.app, 'GET', `types/${type.id}`, { token: superToken });
    expect(one.body).toMatchObject({ id: type.id, siteId: site.id, earning: '10.00', payout: '100.00' });
  });

  it('hides earnings from an admin without the earning permission', async () => {
    const { type } = await buildSite(env.ctx);
    const plain = await call<TLinkType>(env.app, 'GET', `types/${type.id}`, { token: adminToken });
    expect(plain.body).toMatchObject({ payout: '100.00', earning: null, bonusEarning: null });
    const admin = await buildAdmin(env.ctx);
    await env.ctx.db.update(accounts).set({ earningVisible: true }).where(eq(accounts.id, admin.accountId));
    const seen = await call<TLinkType>(env.app, 'GET', `types/${type.id}`, {
      token: await tokenFor(env.ctx, admin.accountId),
    });
    expect(seen.body.earning).toBe('10.00');
  });

  it('is refused to offices and agents', async () => {
    const { site, type } = await buildSite(env.ctx);
    const office = await buildOffice(env.ctx, { siteIds: [site.id] });
    const agent = await buildAgent(env.ctx, { officeId: office.office.id, siteIds: [site.id] });
    for (const accountId of [office.accountId, agent.accountId]) {
      const token = await tokenFor(env.ctx, accountId);
      expect((await bySite(token, site.id)).status).toBe(403);
      expect((await call(env.app, 'GET', `types/${type.id}`, { token })).status).toBe(403);
      expect((await create(token, typeBody({ siteId: site.id }))).status).toBe(403);
    }
  });
});

describe('PUT types, POST types/{id}', () => {
  it('creates with the defaults: payout 0, earning 0, lpp 1, bonus values 0, bonus lpp 1, activated', async () => {
    const { site } = await buildSite(env.ctx);
    expect((await create(adminToken, typeBody({ siteId: site.id }))).status).toBe(403);
    const res = await create(superToken, typeBody({ siteId: site.id, bbrCh: 7 }));
    expect(res.status).toBe(200);
    expect(await typeRow(res.body.id)).toMatchObject({
      payout: '0.00',
      earning: '0.00',
      lpp: 1,
      bonus: false,
      bonusPayout: '0.00',
      bonusEarning: '0.00',
      bonusLpp: 1,
      status: true,
      bbrCh: 7,
      deletedAt: null,
    });
  });

  it('refuses bad fields and writes nothing', async () => {
    const { site } = await buildSite(env.ctx);
    const cases: [Record<string, unknown>, string][] = [
      [{ typename: '' }, 'typename'],
      [{ typename: 'x'.repeat(65) }, 'typename'],
      [{ typealias: '' }, 'typealias'],
      [{ username: ' ' }, 'username'],
      [{ url: '' }, 'url'],
      [{ url: 'ftp://files.example' }, 'url'],
      [{ url: 'https://x.example:99999/' }, 'url'],
      [{ url: `https://x.example/${'a'.repeat(600)}` }, 'url'],
      [{ payout: '-1' }, 'payout'],
      [{ payout: '1.005' }, 'payout'],
      [{ payout: 0.1 + 0.2 }, 'payout'],
      [{ earning: 'abc' }, 'earning'],
      [{ earning: '1e3' }, 'earning'],
      [{ lpp: -1 }, 'lpp'],
      [{ lpp: 1.5 }, 'lpp'],
      [{ lpp: '2' }, 'lpp'],
      [{ bonusPayout: '-0.01' }, 'bonusPayout'],
      [{ bonusEarning: '12345678901.00' }, 'bonusEarning'],
      [{ bonusLpp: -2 }, 'bonusLpp'],
      [{ bbrCh: 3_000_000_000 }, 'bbrCh'],
      [{ siteId: '1' }, 'siteId'],
      [{ siteId: 0x10 + 0.5 }, 'siteId'],
    ];
    for (const [over, field] of cases) {
      const body = typeBody({ siteId: site.id, ...over });
      const res = await create(superToken, body);
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.data?.[field], JSON.stringify(res.body.data)).toBeDefined();
    }
    expect((await bySite(superToken, site.id)).body).toHaveLength(1);
    expect((await create(superToken, typeBody({ siteId: 2_000_000_000 }))).status).toBe(404);
  });

  it('two creates of one name at once: one succeeds, the other gets the same field error', async () => {
    const { site } = await buildSite(env.ctx);
    const results = await Promise.all(
      ['Promo', 'PROMO'].map((typename) => create(superToken, typeBody({ siteId: site.id, typename }))),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)?.body).toMatchObject({
      code: 'VALIDATION_ERROR',
      data: { typename: [LINK_TYPE_TEXTS.nameTaken] },
    });
  });

  it('an update changes the redirect at once; suspending the type makes its link 404 at once', async () => {
    const p = await buildClickPath(env.ctx);
    const update = (over: Record<string, unknown>) =>
      call(env.app, 'POST', `types/${p.type.id}`, {
        token: superToken,
        body: typeBody({ typename: 'Main', ...over }),
      });
    expect((await update({ url: 'https://moved.example/in?x=1' })).status).toBe(200);
    const moved = await click(env, p.site.id, p.type.id, p.agent.id);
    expect(moved.location).toMatch(/^https:\/\/moved\.example\/in\?x=1&clickid=\d+$/);
    expect((await update({ status: false })).status).toBe(200);
    expect((await click(env, p.site.id, p.type.id, p.agent.id)).status).toBe(404);
    expect(
      (await call(env.app, 'POST', `types/${p.type.id}`, { token: adminToken, body: typeBody() })).status,
    ).toBe(403);
    expect(
      (await call(env.app, 'POST', 'types/2000000000', { token: superToken, body: typeBody() })).status,
    ).toBe(404);
  });

  it('an updated rate applies to sales recorded after it; recorded sales keep theirs', async () => {
    const p = await buildClickPath(env.ctx);
    const first = await click(env, p.site.id, p.type.id, p.agent.id, '10.7.3.1');
    await postback(env, p.site.id, { token: p.site.postbackToken, clickId: first.clickId! });
    const body = typeBody({ typename: 'Main', payout: '123.45', earning: '9.99', lpp: 3 });
    await call(env.app, 'POST', `types/${p.type.id}`, { token: superToken, body });
    const second = await click(env, p.site.id, p.type.id, p.agent.id, '10.7.3.2');
    await postback(env, p.site.id, { token: p.site.postbackToken, clickId: second.clickId! });
    const h = await historyOf(env, p.site.id);
    expect(h).toMatchObject({ sales: 2, payout: '223.45', earning: '19.99', lpp: 4, rollupPayout: '223.45' });
  });
});

describe('DELETE types/{id}', () => {
  it('the link answers 404 at once; clicks, sales and rollups stay', async () => {
    const p = await buildClickPath(env.ctx);
    const c = await click(env, p.site.id, p.type.id, p.agent.id);
    await postback(env, p.site.id, { token: p.site.postbackToken, clickId: c.clickId! });
    const before = await historyOf(env, p.site.id);
    expect((await call(env.app, 'DELETE', `types/${p.type.id}`, { token: adminToken })).status).toBe(403);
    expect((await call(env.app, 'DELETE', `types/${p.type.id}`, { token: superToken })).status).toBe(200);
    expect((await click(env, p.site.id, p.type.id, p.agent.id)).status).toBe(404);
    expect(await historyOf(env, p.site.id)).toEqual(before);
    expect((await bySite(superToken, p.site.id)).body).toEqual([]);
    expect((await call(env.app, 'GET', `types/${p.type.id}`, { token: superToken })).status).toBe(404);
    const agentToken = await tokenFor(env.ctx, p.agentAccountId);
    const links = await call<unknown[]>(env.app, 'POST', 'links/list', {
      token: agentToken,
      body: { siteId: p.site.id, agentId: p.agent.id },
    });
    expect(links.body).toEqual([]);
    const late = await postback(env, p.site.id, {
      token: p.site.postbackToken,
      clickId: c.clickId!,
      txId: 'late',
    });
    expect(late.status).toBe(404);
    expect((await call(env.app, 'DELETE', `types/${p.type.id}`, { token: superToken })).status).toBe(404);
    // The name is free again for a new type of the site.
    expect((await create(superToken, typeBody({ siteId: p.site.id, typename: 'Main' }))).status).toBe(200);
  });
});
