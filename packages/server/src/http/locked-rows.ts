// A delete or a status change reads its rows inside the write's own transaction (http/audit.ts runs every
// write in one), locked until it commits: of two calls at once the second waits, then finds the row gone
// and answers 404, and its rollback leaves no audit row. Every delete and status change goes through here.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Queryable } from '../db/client';
import { notFound } from './errors';

/**
 * The rows `select` finds (a whole select without its locking clause), locked FOR UPDATE; 404 unless
 * there are `count` of them (the number of distinct ids asked for), so no part of the write happens.
 */
export async function lockedOr404<T extends object>(db: Queryable, select: SQL, count = 1): Promise<T[]> {
  const rows = await queryRows<T>(db, sql`${select} for update`);
  if (rows.length !== count) throw notFound();
  return rows;
}

/** A delete or update that locks by itself (`... returning`): 404 unless it changed `count` rows. */
export function changedOr404(changed: number, count = 1): void {
  if (changed !== count) throw notFound();
}

/**
 * Locks the caller's account row until the write commits, so two creates at once count the account's
 * live rows one after the other (the 25th and 26th API key, the 20th and 21st webhook cannot both slip in).
 */
export async function lockAccount(db: Queryable, accountId: number): Promise<void> {
  await queryRows(db, sql`select id from accounts where id = ${accountId} for update`);
}
