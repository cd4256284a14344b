// Test data of the postback log tests: repeats and refusals written straight into postback_logs (the log
// writer writes them in production), accepted postbacks as sales through recordSale with a client
// address, at chosen times.
import { sql } from 'drizzle-orm';
import type { TPostbackResult } from '@salesdesk/contract';
import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import { queryRows } from '../db/client';
import { postbackLogs } from '../db/schema';
import { saleAt } from './logs-fixtures';

export interface LogRowInput {
  time: string;
  siteId: number;
  result: TPostbackResult;
  ip?: string;
  event?: string | null;
  txId?: string | null;
  clickId?: number | null;
  saleId?: number | null;
  count?: number;
}

/** Inserts the rows; answers their keys in the log (`log-{id}`) in the given order. */
export async function insertPostbackLogs(db: Queryable, rows: LogRowInput[]): Promise<string[]> {
  const inserted = await db
    .insert(postbackLogs)
    .values(
      rows.map((r) => ({
        time: new Date(r.time),
        siteId: r.siteId,
        ip: r.ip ?? '10.0.0.1',
        event: r.event === undefined ? 'sale' : r.event,
        txId: r.txId ?? null,
        clickId: r.clickId ?? null,
        result: r.result,
        saleId: r.saleId ?? null,
        count: r.count ?? 1,
      })),
    )
    .returning({ id: postbackLogs.id });
  return inserted.map((r) => `log-${r.id}`);
}

/**
 * `count` postbacks of one site, `stepMs` apart going back from `newest`, three sharing each instant so
 * the order's tie-breaker counts: every fifth a wrong token (a log row), the others accepted sales of
 * `clickId` (rows in sales), so ties fall across both sources.
 */
export async function bulkPostbackLog(
  ctx: AppContext,
  siteId: number,
  clickId: number,
  count: number,
  newest: string,
  stepMs: number,
) {
  const at = (i: number) => new Date(Date.parse(newest) - Math.floor(i / 3) * stepMs).toISOString();
  for (let i = 0; i < count; i++) {
    const ip = `10.2.${i % 250}.1`;
    if (i % 5 === 0)
      await insertPostbackLogs(ctx.db, [
        { time: at(i), siteId, ip, txId: `bulk-${i}`, result: 'WRONG_TOKEN' },
      ]);
    else await saleAt(ctx, siteId, clickId, at(i), { ip });
  }
}

/** `count` refusals and repeats of one site in postback_logs, `stepMs` apart back from `newest`, in one statement. */
export async function bulkLogRows(
  db: Queryable,
  siteId: number,
  count: number,
  newest: string,
  stepMs: number,
) {
  await db.execute(sql`
    insert into postback_logs (time, site_id, ip, event, tx_id, click_id, result, sale_id, count)
    select ${newest}::timestamptz - ((i / 3) * ${stepMs}::float8) * interval '1 millisecond', ${siteId},
           '10.2.' || (i % 250) || '.1', 'sale', 'bulk-' || i, null,
           case when i % 5 = 0 then 'WRONG_TOKEN' else 'DUPLICATE' end, null, 1
    from generate_series(0, ${count - 1}) i`);
}

/** The keys of a site's postback_logs rows, newest first. */
export const logRowKeysOf = async (db: Queryable, siteId: number) =>
  (
    await queryRows<{ key: string }>(
      db,
      sql`select 'log-' || id as key from postback_logs where site_id = ${siteId} order by time desc, id desc`,
    )
  ).map((r) => r.key);

/** The keys of a site's log, newest first, read from the raw rows of both sources. */
export const logKeysOf = async (db: Queryable, siteId: number) =>
  (
    await queryRows<{ key: string }>(
      db,
      sql`select key from (
            select 'sale-' || id as key, date as time, id * 2 as ord from sales
            where site_id = ${siteId} and postback_ip is not null
            union all
            select 'log-' || id, time, id * 2 + 1 from postback_logs where site_id = ${siteId}) k
          order by time desc, ord desc`,
    )
  ).map((r) => r.key);
