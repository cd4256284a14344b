// The health check's one query.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** A round trip to the database that reads no table and writes nothing. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
