// One Drizzle database over either embedded PGlite (default) or a real PostgreSQL (DATABASE_URL).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Queryable } from './handle';
import { migrate, pgConnection, pgliteConnection } from './migrate';
import { createPglite } from './pglite-template';
import { usePglitePrepared, usePostgresPrepared } from './prepared';
import { requestScopedDb } from './request-scope';
import * as schema from './schema';
import type { Config } from '../config';

export type { Db, Tx, Queryable } from './handle';

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * Runs `fn` holding session advisory lock `key` on a connection of its own: processes that start at
   * once on PostgreSQL take turns (PGlite serves one process, so there it just runs).
   */
  exclusive<T>(key: number, fn: () => Promise<T>): Promise<T>;
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenOptions {
  url?: string;
  dataDir?: string;
  /** The folder of migrations; MIGRATIONS_DIR by default (a test writes its own). */
  migrationsFolder?: string;
  /** The last migration applied (its tag); every one by default (a test or a restore stops at an older one). */
  upTo?: string;
  /** PostgreSQL: the most connections the pool opens (20 by default). */
  poolMax?: number;
  /** PostgreSQL: how long a connection may sit idle in the pool before it is closed (10 s by default). */
  poolIdleMs?: number;
}

type Migrations = { folder: string; upTo?: string };

/** The app's database as the config names it: PostgreSQL at DATABASE_URL, else PGlite in DATA_DIR. */
export const openConfiguredDatabase = (config: Config) =>
  openDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
    poolMax: config.databasePoolMax,
  });

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const migrations = { folder: opts.migrationsFolder ?? MIGRATIONS_DIR, upTo: opts.upTo };
  if (opts.url) return openPostgres(opts.url, migrations, opts);
  return openPglite(migrations, opts.dataDir);
}

async function openPostgres(
  url: string,
  migrations: Migrations,
  { poolMax = 20, poolIdleMs = 10_000 }: OpenOptions,
): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // numeric and bigint stay strings (money is never a float); count(*) is cast ::int in SQL.
  const pool = new pg.Pool({ connectionString: url, max: poolMax, idleTimeoutMillis: poolIdleMs });
  const db = requestScopedDb(drizzle({ client: pool, schema }) as unknown as Db);
  const client = await pool.connect();
  try {
    // Several processes may start at once (cluster mode): one migrates, the others wait.
    await client.query('select pg_advisory_lock(727001)');
    await migrate(pgConnection(client), migrations);
  } catch (err) {
    await client.query('select pg_advisory_unlock(727001)').catch(() => undefined);
    client.release();
    await pool.end();
    throw err;
  }
  await client.query('select pg_advisory_unlock(727001)');
  client.release();
  usePostgresPrepared(db, pool);
  const exclusive = async <T>(key: number, fn: () => Promise<T>): Promise<T> => {
    const held = await pool.connect();
    try {
      await held.query('select pg_advisory_lock($1)', [key]);
      return await fn();
    } finally {
      await held.query('select pg_advisory_unlock($1)', [key]).catch(() => undefined);
      held.release();
    }
  };
  return { db, kind: 'postgres', close: () => pool.end(), exclusive };
}

async function openPglite(migrations: Migrations, dataDir?: string): Promise<Database> {
  const { drizzle } = await import('drizzle-orm/pglite');
  if (dataDir) fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const client = await createPglite(dataDir);
  const db = requestScopedDb(drizzle({ client, schema }) as unknown as Db);
  await migrate(pgliteConnection(client), migrations).catch(async (err: unknown) => {
    await client.close();
    throw err;
  });
  usePglitePrepared(db, client);
  return { db, kind: 'pglite', close: () => client.close(), exclusive: (_key, fn) => fn() };
}

/** Runs raw SQL and returns its rows (both drivers answer `{ rows }`). */
export async function queryRows<T>(db: Queryable, query: SQL): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

export async function queryOne<T>(db: Queryable, query: SQL): Promise<T | undefined> {
  return (await queryRows<T>(db, query))[0];
}

export { sql };
