// A connection of its own to a database, without migrating it: a restore checks and empties its target
// with it, and the migration tests load a dump and digest tables before the migrator runs.
import fs from 'node:fs';
import path from 'node:path';
import { createPglite } from './pglite-template';

/** Runs one statement and answers its rows (a PGlite handle, a transaction or a pg client). */
export type RunSql = <T>(text: string) => Promise<T[]>;

/** Runs `fn` on PostgreSQL (`url`) or on the embedded store in `dataDir`; `exec` runs several statements. */
export async function withRawSession<T>(
  where: { url?: string; dataDir?: string },
  fn: (run: RunSql, exec: (text: string) => Promise<void>) => Promise<T>,
): Promise<T> {
  if (where.url) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: where.url });
    await client.connect();
    try {
      return await fn(
        async <R>(text: string) => (await client.query(text)).rows as R[],
        async (text) => void (await client.query(text)),
      );
    } finally {
      await client.end();
    }
  }
  fs.mkdirSync(path.dirname(where.dataDir!), { recursive: true });
  const db = await createPglite(where.dataDir!);
  try {
    return await fn(
      async <R>(text: string) => (await db.query<R>(text)).rows,
      async (text) => void (await db.exec(text)),
    );
  } finally {
    await db.close();
  }
}
