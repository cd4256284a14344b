// Issue 7 "done when": a site with two link types, an office's custom rate, a click and its postback
// recorded at that rate; suspending stops the links at once; deleting leaves sales and rollups as they were.
import { beforeAll, expect, it } from 'vitest';
import { queryRows, sql } from '../db/client';
import { officeFees } from '../db/schema';
import { publishChange } from '../common/changes';
import { buildAgent, buildOffice } from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';
import { adminTokens, click, historyOf, postback, siteBody, typeBody } from '../test/sites-fixtures';

let env: TestEnv;
let superToken: string;
beforeAll(async () => {
  env = await testEnv();
  ({ superToken } = await adminTokens(env));
});

it('prices a sale at the office custom rate; suspend stops links; delete keeps the history', async () => {
  const created = await call<{ id: number }>(env.app, 'PUT', 'sites', {
    token: superToken,
    body: siteBody(),
  });
  const siteId = created.body.id;
  const [main, promo] = await Promise.all(
    [
      typeBody({ typename: 'Main', payout: '150.00', earning: '25.00', lpp: 1 }),
      typeBody({ typename: 'Promo', payout: '200.00', earning: '30.00', lpp: 2 }),
    ].map(async (body) => {
      const res = await call<{ id: number }>(env.app, 'PUT', 'types', {
        token: superToken,
        body: { ...body, siteId },
      });
      expect(res.status).toBe(200);
      return res.body.id;
    }),
  );
  const site = await call<{ postbackToken: string }>(env.app, 'GET', `sites/${siteId}`, {
    token: superToken,
  });
  const office = await buildOffice(env.ctx, { siteIds: [siteId] });
  const agent = await buildAgent(env.ctx, { officeId: office.office.id, siteIds: [siteId] });
  await env.ctx.db.insert(officeFees).values({
    typeId: main,
    officeId: office.office.id,
    enable: true,
    payout: '175.50',
    earning: '27.25',
    lpp: 3,
  });
  await publishChange(env.ctx, 'tracking');

  const viaMain = await click(env, siteId, main, agent.agent.id, '10.7.9.1');
  const viaPromo = await click(env, siteId, promo, agent.agent.id, '10.7.9.2');
  expect([viaMain.status, viaPromo.status]).toEqual([302, 302]);
  const token = site.body.postbackToken;
  expect((await postback(env, siteId, { token, clickId: viaMain.clickId!, txId: 'dw-1' })).status).toBe(200);
  expect((await postback(env, siteId, { token, clickId: viaPromo.clickId!, txId: 'dw-2' })).status).toBe(200);
  const sales = await queryRows<{ type_id: number; payout: string; earning: string; lpp: number }>(
    env.ctx.db,
    sql`select type_id, payout::text, earning::text, lpp from sales where site_id = ${siteId} order by id`,
  );
  expect(sales).toEqual([
    { type_id: main, payout: '175.50', earning: '27.25', lpp: 3 },
    { type_id: promo, payout: '200.00', earning: '30.00', lpp: 2 },
  ]);

  await call(env.app, 'POST', 'sites/status', { token: superToken, body: { ids: [siteId], status: false } });
  expect((await click(env, siteId, main, agent.agent.id)).status).toBe(404);
  expect((await click(env, siteId, promo, agent.agent.id)).status).toBe(404);

  const before = await historyOf(env, siteId);
  expect(before).toMatchObject({
    clicks: 2,
    sales: 2,
    payout: '375.50',
    rollupPayout: '375.50',
    rollupEarn: '57.25',
  });
  expect((await call(env.app, 'DELETE', `sites/${siteId}`, { token: superToken })).status).toBe(200);
  expect(await historyOf(env, siteId)).toEqual(before);
});
