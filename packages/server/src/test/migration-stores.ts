// Databases of their own for the migration tests: a PGlite folder, or a fresh PostgreSQL database next
// to TEST_DATABASE_URL; and the temporary folders they use, removed after the file's tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import type { RunSql } from '../backup/catalog';
import type { OpenOptions } from '../db/client';
import { recreateDatabase } from './harness';

/** A temporary folder maker whose folders go once the test file is done. */
export function tempDirs(): (prefix: string) => string {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
  return (prefix) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
}

/** Where a fresh database lives: a PGlite folder, or a new `{name}_w{worker}_{tag}` (none without TEST_DATABASE_URL). */
export async function freshStore(
  kind: 'pglite' | 'postgres',
  tag: string,
  tempDir: (prefix: string) => string,
): Promise<OpenOptions | undefined> {
  // The server's layout (DATA_DIR/pglite), so a command given DATA_DIR finds it.
  if (kind === 'pglite') return { dataDir: path.join(tempDir('salesdesk-pglite-'), 'pglite') };
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return undefined;
  const name = `${new URL(base).pathname.slice(1) || 'postgres'}_w${Number(process.env.VITEST_POOL_ID ?? 1)}_${tag}`;
  return { url: await recreateDatabase(base, name) };
}

/** Runs statements on the store without migrating it (loading a dump, digesting it). */
export async function rawSession<T>(
  store: OpenOptions,
  fn: (run: RunSql, exec: (text: string) => Promise<void>) => Promise<T>,
): Promise<T> {
  if (store.url) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: store.url });
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
  const { PGlite } = await import('@electric-sql/pglite');
  fs.mkdirSync(path.dirname(store.dataDir!), { recursive: true });
  const db = await PGlite.create(store.dataDir!);
  try {
    return await fn(
      async <R>(text: string) => (await db.query<R>(text)).rows,
      async (text) => void (await db.exec(text)),
    );
  } finally {
    await db.close();
  }
}
