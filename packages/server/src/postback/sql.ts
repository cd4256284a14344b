// Postback queries: the site of a postback, the lookups of the refused paths, the log writer's rows. The
// sale row itself is the ledger's (ledger/record-sale.ts).
import { sql } from 'drizzle-orm';
import { queryOne, type Queryable } from '../db/client';
import { postbackLogs } from '../db/schema';
import { param, preparedStatement, queryPrepared } from '../db/prepared';

const SITE = preparedStatement(
  'postback_site',
  sql`select id, postback_token from sites where id = ${param(1, 'int')} and deleted_at is null`,
);

export const findPostbackSite = async (db: Queryable, siteId: number) =>
  (await queryPrepared<{ id: number; postback_token: string }>(db, SITE, [siteId]))[0];

const SALE_ID = preparedStatement(
  'postback_sale_id',
  sql`select id from sales where site_id = ${param(1, 'int')} and tx_id = ${param(2, 'varchar')}
      and event_type in (0, 1)`,
);

export async function findSaleId(db: Queryable, siteId: number, txId: string): Promise<number | undefined> {
  const [row] = await queryPrepared<{ id: string | number }>(db, SALE_ID, [siteId, txId]);
  return row ? Number(row.id) : undefined;
}

/** The site of a click, on the path of a refused sale only (the click was not found on the postback's site). */
export async function findClickSite(db: Queryable, clickId: number): Promise<number | undefined> {
  const row = await queryOne<{ site_id: number }>(db, sql`select site_id from clicks where id = ${clickId}`);
  return row?.site_id;
}

export type PostbackLogRow = typeof postbackLogs.$inferInsert;

/**
 * Writes postback log rows: a batch of the log writer, or, in its transaction, the entry of an accepted
 * reversal of a held sale (which is only rejected, so no row of its own holds the entry).
 */
export async function insertPostbackLogs(db: Queryable, rows: PostbackLogRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += LOG_CHUNK)
    await db.insert(postbackLogs).values(rows.slice(i, i + LOG_CHUNK));
}
// Ten values a row: well under the 65,535 parameters of one statement.
const LOG_CHUNK = 1000;
