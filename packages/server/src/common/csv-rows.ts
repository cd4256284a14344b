// Every row of a list, in chunks, by keyset: each chunk starts after the last (time, id) of the one
// before, so the database walks the list's index once and never holds more than one chunk for us.
// Plain SQL, so it runs the same on PGlite and PostgreSQL.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Queryable } from '../db/client';

export const CSV_CHUNK_ROWS = 5000;

export interface KeysetList {
  /** The select list of one row. */
  select: SQL;
  /** FROM with its JOINs. */
  from: SQL;
  where: SQL;
  /** The order: a timestamptz column, then a unique bigint or integer id breaking ties. */
  time: SQL;
  id: SQL;
  /** Newest first. */
  desc: boolean;
  chunkRows?: number;
}

interface Keyed {
  keyset_time: string;
  keyset_id: string;
}

/** (time, id) after `last` in the list's direction, written so an index on time bounds the scan. */
function after(q: KeysetList, last: Keyed): SQL {
  const t = sql`${last.keyset_time}::timestamptz`;
  const id = sql`${last.keyset_id}::bigint`;
  return q.desc
    ? sql`${q.time} <= ${t} and (${q.time} < ${t} or ${q.id} < ${id})`
    : sql`${q.time} >= ${t} and (${q.time} > ${t} or ${q.id} > ${id})`;
}

/** Yields the rows of the list in chunks of `chunkRows`, until none is left. */
export async function* keysetChunks<Row>(db: Queryable, q: KeysetList): AsyncGenerator<Row[]> {
  const size = q.chunkRows ?? CSV_CHUNK_ROWS;
  const dir = q.desc ? sql`desc` : sql`asc`;
  let last: Keyed | undefined;
  for (;;) {
    // The key travels as text: a JavaScript Date would drop the microseconds and skip rows.
    const rows = await queryRows<Row & Keyed>(
      db,
      sql`select ${q.select}, ${q.time}::text as keyset_time, ${q.id}::text as keyset_id
          from ${q.from}
          where ${q.where} and ${last ? after(q, last) : sql`true`}
          order by ${q.time} ${dir}, ${q.id} ${dir}
          limit ${size}`,
    );
    if (rows.length) yield rows;
    if (rows.length < size) return;
    last = rows[rows.length - 1];
  }
}
