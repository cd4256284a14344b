// Shared steps of the sites and link types API tests: forms, a click and a postback, history figures.
import { Role } from '@salesdesk/contract';
import { queryOne, sql } from '../db/client';
import { buildAdmin, uniqueName } from './factories';
import { call, type TestEnv } from './harness';
import { flushClicks } from '../tracking/service';
import { tokenFor } from './factories';

export type ErrorAnswer = { code: string; data?: Record<string, string[]> };

export async function adminTokens(env: TestEnv) {
  const superadmin = await buildAdmin(env.ctx, { role: Role.Superadmin });
  const admin = await buildAdmin(env.ctx);
  return {
    superToken: await tokenFor(env.ctx, superadmin.accountId),
    adminToken: await tokenFor(env.ctx, admin.accountId),
  };
}

export const siteBody = (over: Record<string, unknown> = {}) => {
  const name = uniqueName('site');
  return {
    sitename: `Site ${name}`,
    shortname: name,
    abbr: name.slice(0, 10),
    url: `https://${name}.example`,
    type: 'DATING',
    ...over,
  };
};

export const typeBody = (over: Record<string, unknown> = {}) => ({
  typename: `Type ${uniqueName('t')}`,
  typealias: 'alias',
  username: 'partner',
  url: 'https://partner.example/join?src=sd',
  ...over,
});

/** Clicks the tracking link; answers the status and the click id of a redirect. */
export async function click(env: TestEnv, siteId: number, typeId: number, agentId: number, ip = '10.7.0.1') {
  const res = await call(env.app, 'GET', `links/go/${siteId}/${typeId}/${agentId}`, { ip });
  const location = res.res.headers.location as string | undefined;
  const clickId = location ? Number(new URL(location).searchParams.get('clickid')) : undefined;
  if (clickId) await flushClicks(env.ctx);
  return { status: res.status, clickId, location };
}

export function postback(
  env: TestEnv,
  siteId: number,
  params: { token: string; clickId: number; event?: 'sale' | 'bonus'; txId?: string },
) {
  const q = new URLSearchParams({
    token: params.token,
    clickId: String(params.clickId),
    event: params.event ?? 'sale',
    txId: params.txId ?? uniqueName('tx'),
  });
  return call<ErrorAnswer & { ok?: boolean; duplicate?: boolean }>(env.app, 'GET', `postback/${siteId}?${q}`);
}

export interface History {
  clicks: number;
  sales: number;
  payout: string;
  earning: string;
  lpp: number;
  rollupRaws: number;
  rollupSales: number;
  rollupPayout: string;
  rollupEarn: string;
  rollupLpp: number;
}

/** The site's raw clicks and sales and its stats_daily rows, summed (money as exact text). */
export async function historyOf(env: TestEnv, siteId: number): Promise<History> {
  const row = await queryOne<History>(
    env.ctx.db,
    sql`select
      (select count(*)::int from clicks where site_id = ${siteId}) as clicks,
      (select count(*)::int from sales where site_id = ${siteId}) as sales,
      (select coalesce(sum(payout), 0)::text from sales where site_id = ${siteId}) as payout,
      (select coalesce(sum(earning), 0)::text from sales where site_id = ${siteId}) as earning,
      (select coalesce(sum(lpp), 0)::int from sales where site_id = ${siteId}) as lpp,
      (select coalesce(sum(raws), 0)::int from stats_daily where site_id = ${siteId}) as "rollupRaws",
      (select coalesce(sum(sales + bonus_sales), 0)::int from stats_daily where site_id = ${siteId}) as "rollupSales",
      (select coalesce(sum(payout + bonus_payout), 0)::text from stats_daily where site_id = ${siteId}) as "rollupPayout",
      (select coalesce(sum(earn + bonus_earn), 0)::text from stats_daily where site_id = ${siteId}) as "rollupEarn",
      (select coalesce(sum(lpp + bonus_lpp), 0)::int from stats_daily where site_id = ${siteId}) as "rollupLpp"`,
  );
  if (!row) throw new Error('no history row');
  return row;
}
