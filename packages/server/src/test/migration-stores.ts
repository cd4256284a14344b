// Databases of their own for the migration tests: a PGlite folder, or a fresh PostgreSQL database next
// to TEST_DATABASE_URL; and the temporary folders they use, removed after the file's tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import type { OpenOptions } from '../db/client';
import { withRawSession } from '../db/raw-session';
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
export const rawSession = withRawSession;
