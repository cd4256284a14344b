// Backup tests' stores and comparisons: a fresh embedded data directory or PostgreSQL database to restore
// into, and every table of a database (every schema that is not a system one, each partition, drizzle's
// migrations) as a row count and a digest of its rows in primary-key order (backup/digest.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RunSql } from '../backup/catalog';
export { tableDigests } from '../backup/digest';
import type { RestoreTarget } from '../backup/restore';
import { openDatabase, queryRows, sql, type Database } from '../db/client';
import { freshStore as freshLocation } from './migration-stores';

export type StoreKind = 'pglite' | 'postgres';

export interface Store {
  kind: StoreKind;
  target: RestoreTarget;
  /** Opens it (migrating it to the newest level, as the server does). */
  open(opts?: { upTo?: string }): Promise<Database>;
}

const dirs: string[] = [];
export const removeTempDirs = () =>
  dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true }));

export function tempDir(prefix = 'salesdesk-backup-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/** A new empty store; undefined for PostgreSQL when TEST_DATABASE_URL is not set. */
export async function freshStore(kind: StoreKind, tag: string): Promise<Store | undefined> {
  const where = await freshLocation(kind, tag, tempDir);
  if (!where) return undefined;
  return {
    kind,
    target: where.url ? { url: where.url } : { pgliteDir: where.dataDir! },
    open: (opts = {}) => openDatabase({ ...where, ...opts }),
  };
}

export const runOn =
  (database: Database): RunSql =>
  <T>(text: string) =>
    queryRows<T>(database.db, sql.raw(text));
