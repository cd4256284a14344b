// Deleting keeps history: a deleted site leaves every list, selector and link; its clicks, sales and
// rollups stay exactly as they were. Also the postback token a superadmin regenerates.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TLinkRow, TList, TSiteOption, TSiteRow } from '@salesdesk/contract';
import { agentSites, officeSites, sites } from '../db/schema';
import { buildClickPath, tokenFor } from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';
import { runningTracking } from '../tracking/runtime';
import { adminTokens, click, historyOf, postback } from '../test/sites-fixtures';

let env: TestEnv;
let superToken: string;
let adminToken: string;
beforeAll(async () => {
  env = await testEnv();
  ({ superToken, adminToken } = await adminTokens(env));
});

/** A site with one agent, two recorded clicks and a sale and a bonus on them. */
async function siteWithHistory() {
  const p = await buildClickPath(env.ctx);
  const first = await click(env, p.site.id, p.type.id, p.agent.id, '10.7.1.1');
  const second = await click(env, p.site.id, p.type.id, p.agent.id, '10.7.1.2');
  const token = p.site.postbackToken;
  expect((await postback(env, p.site.id, { token, clickId: first.clickId! })).status).toBe(200);
  expect((await postback(env, p.site.id, { token, clickId: second.clickId!, event: 'bonus' })).status).toBe(
    200,
  );
  return { ...p, clickIds: [first.clickId!, second.clickId!] };
}

describe('DELETE sites/{id}', () => {
  it('keeps the clicks, sales and rollups, which still agree with the raw rows', async () => {
    const p = await siteWithHistory();
    const before = await historyOf(env, p.site.id);
    expect(before).toMatchObject({ clicks: 2, sales: 2, rollupRaws: 2, rollupSales: 2 });
    expect(before.rollupPayout).toBe(before.payout);
    expect(before.rollupEarn).toBe(before.earning);
    expect(before.rollupLpp).toBe(before.lpp);

    expect((await call(env.app, 'DELETE', `sites/${p.site.id}`, { token: adminToken })).status).toBe(403);
    expect((await call(env.app, 'DELETE', `sites/${p.site.id}`, { token: superToken })).status).toBe(200);
    expect(await historyOf(env, p.site.id)).toEqual(before);
    const [row] = await env.ctx.db.select().from(sites).where(eq(sites.id, p.site.id));
    expect(row.deletedAt).toBeInstanceOf(Date);
  });

  it('its links answer 404 at once, and it leaves every list, selector and link list', async () => {
    const p = await siteWithHistory();
    const agentToken = await tokenFor(env.ctx, p.agentAccountId);
    await call(env.app, 'DELETE', `sites/${p.site.id}`, { token: superToken });

    expect((await click(env, p.site.id, p.type.id, p.agent.id)).status).toBe(404);
    expect(runningTracking(env.ctx)?.cache.siteToken(p.site.id)).toBeUndefined();
    const late = await postback(env, p.site.id, {
      token: p.site.postbackToken,
      clickId: p.clickIds[0],
      txId: 'late',
    });
    expect(late.status).toBe(404);

    const list = await call<TList<TSiteRow>>(env.app, 'POST', 'sites/search', {
      token: adminToken,
      body: { pageSize: 500 },
    });
    expect(list.body.items.some((s) => s.id === p.site.id)).toBe(false);
    for (const query of ['', '?withSuspended=1']) {
      const options = await call<TSiteOption[]>(env.app, 'GET', `sites${query}`, { token: adminToken });
      expect(options.body.some((s) => s.id === p.site.id)).toBe(false);
    }
    expect((await call<TSiteOption[]>(env.app, 'GET', 'sites', { token: agentToken })).body).toEqual([]);
    const links = await call<TLinkRow[]>(env.app, 'POST', 'links/list', {
      token: agentToken,
      body: { siteId: p.site.id, agentId: p.agent.id },
    });
    expect(links.status).toBe(404);
    expect((await call(env.app, 'GET', `sites/${p.site.id}`, { token: adminToken })).status).toBe(404);
    expect((await call(env.app, 'GET', `types/${p.site.id}/by-site`, { token: adminToken })).status).toBe(
      404,
    );
    expect((await call(env.app, 'GET', `types/${p.type.id}`, { token: adminToken })).status).toBe(404);
    expect(await env.ctx.db.select().from(officeSites).where(eq(officeSites.siteId, p.site.id))).toEqual([]);
    expect(await env.ctx.db.select().from(agentSites).where(eq(agentSites.siteId, p.site.id))).toEqual([]);
  });

  it('a deleted site cannot be changed, deleted again or given to offices', async () => {
    const p = await buildClickPath(env.ctx);
    await call(env.app, 'DELETE', `sites/${p.site.id}`, { token: superToken });
    expect((await call(env.app, 'DELETE', `sites/${p.site.id}`, { token: superToken })).status).toBe(404);
    const writes = [
      call(env.app, 'POST', `sites/${p.site.id}/enableForAllOffices`, { token: superToken }),
      call(env.app, 'POST', `sites/${p.site.id}/postbackToken`, { token: superToken }),
      call(env.app, 'POST', 'sites/status', { token: superToken, body: { ids: [p.site.id], status: true } }),
    ];
    for (const res of await Promise.all(writes)) expect(res.status).toBe(404);
    const [row] = await env.ctx.db.select().from(sites).where(eq(sites.id, p.site.id));
    expect(row.status).toBe(false);
  });

  it('two deletes at once: one succeeds, the other answers 404', async () => {
    const p = await buildClickPath(env.ctx);
    const results = await Promise.all(
      [1, 2].map(() => call(env.app, 'DELETE', `sites/${p.site.id}`, { token: superToken })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 404]);
  });
});

describe('POST sites/{id}/postbackToken', () => {
  it('answers a new token that works at once; the old one is refused at once', async () => {
    const p = await siteWithHistory();
    const oldToken = p.site.postbackToken;
    expect(
      (await call(env.app, 'POST', `sites/${p.site.id}/postbackToken`, { token: adminToken })).status,
    ).toBe(403);
    const res = await call<{ postbackToken: string }>(env.app, 'POST', `sites/${p.site.id}/postbackToken`, {
      token: superToken,
    });
    expect(res.status).toBe(200);
    expect(res.body.postbackToken).not.toBe(oldToken);
    const fresh = await click(env, p.site.id, p.type.id, p.agent.id, '10.7.2.1');
    const withOld = await postback(env, p.site.id, { token: oldToken, clickId: fresh.clickId! });
    expect([withOld.status, withOld.body.code]).toEqual([403, 'WRONG_TOKEN']);
    const withNew = await postback(env, p.site.id, {
      token: res.body.postbackToken,
      clickId: fresh.clickId!,
    });
    expect(withNew.status).toBe(200);
    const detail = await call<{ postbackToken: string }>(env.app, 'GET', `sites/${p.site.id}`, {
      token: superToken,
    });
    expect(detail.body.postbackToken).toBe(res.body.postbackToken);
  });
});
