// Money calls' reads: the ledger (src/ledger/) writes; this only explains a refusal.
import { sql, type SQL } from 'drizzle-orm';
import { queryOne, type Queryable } from '../db/client';

/** A sale's or bonus's status and reversal mark; undefined for any other row or an unknown id. */
export const findSaleState = (db: Queryable, id: number) =>
  queryOne<{ status: number; reversal_kind: number | null }>(
    db,
    sql`select status, reversal_kind from sales where id = ${id} and event_type in (0, 1)`,
  );

/** The ledger's condition on `sales` naming these ids. */
export const idIn = (ids: number[]): SQL =>
  sql`id in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
