// Test data of the postback log tests: log rows written straight into postback_logs (the postback
// writes them in production), at chosen times.
import { sql } from 'drizzle-orm';
import type { TPostbackResult } from '@salesdesk/contract';
import type { Queryable } from '../db/client';
import { queryRows } from '../db/client';
import { postbackLogs } from '../db/schema';

export interface LogRowInput {
  time: string;
  siteId: number;
  result?: TPostbackResult;
  ip?: string;
  event?: string | null;
  txId?: string | null;
  clickId?: number | null;
  saleId?: number | null;
  count?: number;
}

/** Inserts the rows; answers their ids in the given order. */
export async function insertPostbackLogs(db: Queryable, rows: LogRowInput[]): Promise<number[]> {
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
        result: r.result ?? 'ACCEPTED',
        saleId: r.saleId ?? null,
        count: r.count ?? 1,
      })),
    )
    .returning({ id: postbackLogs.id });
  return inserted.map((r) => r.id);
}

/**
 * `count` rows of one site, `stepMs` apart going back from `newest`, several sharing each instant so
 * the id must break ties; in one statement.
 */
export async function bulkPostbackLogs(
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
           case when i % 5 = 0 then 'WRONG_TOKEN' else 'ACCEPTED' end, null, 1
    from generate_series(0, ${count - 1}) i`);
}

export const logIdsOf = (db: Queryable, siteId: number) =>
  queryRows<{ id: string }>(
    db,
    sql`select id::text as id from postback_logs where site_id = ${siteId} order by time desc, id desc`,
  );
