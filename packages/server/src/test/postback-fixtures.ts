// What the postback tests share: a clicked site, the postback sent through the lane (a node:http server
// holding only the lane, as app.ts puts it in front of Fastify) or through the Fastify route, and the
// rows it left (sales, stats_daily, the postback log).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { TPostbackLogSearch } from '@salesdesk/contract';
import type { AppContext } from '../context';
import { queryOne, queryRows, sql } from '../db/client';
import { linkTypes, sites } from '../db/schema';
import { runningPostbackLog } from '../postback/log-writer';
import { postbackLane } from '../postback/lane';
import { postbackLogChunks } from '../postback-logs/sql';
import { recordSale } from '../postback/service';
import { buildClickPath } from './factories';
import { call, type TestEnv } from './harness';

export type ClickedPath = Awaited<ReturnType<typeof buildClickPath>> & { clickId: number };

/** A site (with `siteOpts`, e.g. holdDays) whose type pays 150.25 / 25.10 / lpp 2, and one click on it. */
export async function clickedPath(
  env: TestEnv,
  siteOpts: Partial<typeof sites.$inferInsert> = {},
): Promise<ClickedPath> {
  const p = await buildClickPath(env.ctx, siteOpts);
  await env.ctx.db
    .update(linkTypes)
    .set({ payout: '150.25', earning: '25.10', lpp: 2 })
    .where(eq(linkTypes.id, p.type.id));
  const res = await call(env.app, 'GET', `links/go/${p.site.id}/${p.type.id}/${p.agent.id}`, {
    ip: '10.9.0.1',
  });
  return { ...p, clickId: Number(new URL(res.res.headers.location as string).searchParams.get('clickid')) };
}

/** A sale of the path's click recorded at `date` (an earlier day than its reversal). */
export const saleAt = (ctx: AppContext, p: ClickedPath, txId: string, date: Date) =>
  recordSale(ctx, { siteId: p.site.id, clickId: p.clickId, event: 'sale', txId, date });

export const queryOf = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();

export interface Answer {
  status: number;
  body: { ok?: true; duplicate?: boolean; saleId?: number; code?: string; data?: Record<string, string[]> };
}

/** A node:http server holding only the postback lane; what the lane leaves answers 599. */
export async function startLane(ctx: AppContext) {
  const lane = postbackLane(ctx, ['127.0.0.1'], { closing: false });
  const server = http.createServer((req, res) => {
    if (!lane(req, res)) res.writeHead(599).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    /** GET through the lane, from `ip` (X-Forwarded-For: the lane trusts the loopback proxy). */
    get: async (path: string, ip: string): Promise<Answer> => {
      const res = await fetch(`${base}${path}`, { headers: { 'x-forwarded-for': ip } });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : {} };
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** POST to the Fastify route as a form or as JSON, from `ip`. */
export async function postRoute(
  env: TestEnv,
  path: string,
  params: Record<string, string | number>,
  as: 'form' | 'json',
  ip: string,
): Promise<Answer> {
  const res = await env.app.inject({
    method: 'POST',
    url: path,
    remoteAddress: ip,
    headers: { 'content-type': as === 'form' ? 'application/x-www-form-urlencoded' : 'application/json' },
    payload: as === 'form' ? queryOf(params) : JSON.stringify(params),
  });
  return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : {} };
}

/** Writes what the postback log writer holds. */
export async function flushPostbackLog(ctx: AppContext) {
  await runningPostbackLog(ctx)?.flush();
}

export interface LogRow {
  site_id: number;
  ip: string;
  event: string | null;
  tx_id: string | null;
  click_id: string | null;
  result: string;
  sale_id: string | null;
  count: number;
}

/**
 * The postback_logs rows (repeats and refusals, no accepted sale) of a site (0: a path id that was no id)
 * from `ip`, in the order written, flushed first.
 */
export async function logRowsOf(ctx: AppContext, siteId: number, ip?: string): Promise<LogRow[]> {
  await flushPostbackLog(ctx);
  return queryRows<LogRow>(
    ctx.db,
    sql`select site_id, ip, event, tx_id, click_id::text, result, sale_id::text, count from postback_logs
        where site_id = ${siteId} ${ip ? sql`and ip = ${ip}` : sql``} order by id`,
  );
}

/** The postback log of a site from `ip` as the screen reads it (accepted sales included), oldest first. */
export async function postbackLogOf(ctx: AppContext, siteId: number, ip?: string): Promise<LogRow[]> {
  await flushPostbackLog(ctx);
  // Site 0 (a path id that was no id) is no id the schema takes: the query is built, not parsed.
  const q: TPostbackLogSearch = {
    siteId,
    page: 1,
    pageSize: 50,
    sortField: 'time',
    sortAsc: true,
    criteria: [],
  };
  const rows: LogRow[] = [];
  for await (const chunk of postbackLogChunks(ctx.db, q))
    for (const r of chunk) {
      if (ip && r.ip !== ip) continue;
      const text = (v: string | number | null) => (v === null ? null : String(v));
      const { site_id, event, tx_id, result, count } = r;
      rows.push({
        site_id,
        ip: r.ip,
        event,
        tx_id,
        click_id: text(r.click_id),
        result,
        sale_id: text(r.sale_id),
        count,
      });
    }
  return rows;
}

/** One sale row by id, as the reversal tests read it. */
export const saleRow = (ctx: AppContext, id: number) =>
  queryOne<{
    event_type: number;
    status: number;
    payout: string;
    earning: string;
    lpp: number;
    reversal_kind: number | null;
    reverses_id: string | null;
    /** Epoch milliseconds. */
    hold_until: number | null;
    date: number;
    day: string;
  }>(
    ctx.db,
    sql`select event_type, status, payout::text, earning::text, lpp, reversal_kind, reverses_id::text,
               (extract(epoch from hold_until) * 1000)::float8 as hold_until,
               (extract(epoch from date) * 1000)::float8 as date, (date at time zone 'America/New_York')::date::text as day
        from sales where id = ${id}`,
  );

/** stats_daily of a site summed per day. */
export const rollupDays = (ctx: AppContext, siteId: number) =>
  queryRows<Record<string, string | number>>(
    ctx.db,
    sql`select day::text, sum(sales)::int as sales, sum(payout)::text as payout, sum(earn)::text as earn,
               sum(lpp)::int as lpp, sum(reversals)::int as reversals, sum(reversal_payout)::text as reversal_payout,
               sum(reversal_earn)::text as reversal_earn, sum(held)::int as held, sum(held_payout)::text as held_payout,
               sum(held_earn)::text as held_earn
        from stats_daily where site_id = ${siteId} group by day order by day`,
  );
