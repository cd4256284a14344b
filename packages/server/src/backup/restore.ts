// `npm run restore`: a backup into an empty database (or one emptied with --overwrite), then the
// migrations the file lacks. Every check that can refuse runs before the target is touched.
import fs from 'node:fs';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, MIGRATIONS_DIR } from '../db/client';
import { MigrationRefused, pendingMigrations, readMigrations } from '../db/migrate';
import { withRawSession } from '../db/raw-session';
import { dropEverything, isEmpty, type RunSql } from './catalog';
import { checkEmbedded, fileKind, type AppliedMigration } from './embedded-format';
import { inPglite, inPostgres, loadEmbedded } from './embedded-restore';
import { pgDumpMigrations, pgRestore } from './pg-dump';
import { silent, type Progress } from './progress';

/** A refusal: the message says what to do; nothing was changed. */
export class RestoreRefused extends Error {}

export interface RestoreTarget {
  /** PostgreSQL */
  url?: string;
  /** The embedded store's directory (DATA_DIR/pglite) */
  pgliteDir?: string;
}

export interface RestoreOptions {
  overwrite?: boolean;
  progress?: Progress;
}

export async function restoreBackup(file: string, target: RestoreTarget, opts: RestoreOptions = {}) {
  const progress = opts.progress ?? silent;
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new RestoreRefused(`no backup file ${file}`);
  const kind = fileKind(file);
  if (kind === 'unknown') throw new RestoreRefused(`${file} is not a Salesdesk backup`);
  if (kind === 'pg_dump' && !target.url)
    throw new RestoreRefused(
      `${file} is a PostgreSQL backup (pg_dump): it restores into PostgreSQL only (set DATABASE_URL); ` +
        'a business moves from the embedded store to PostgreSQL, not back',
    );
  progress(`checking ${file}`);
  const header = kind === 'embedded' ? await checkEmbedded(file) : undefined;
  const level = knownLevel(header?.migrations ?? (await pgDumpMigrations(file)));
  await emptyTarget(target, opts.overwrite === true);
  try {
    if (kind === 'pg_dump') await pgRestore(target.url!, file, progress);
    else {
      const database = await openDatabase({ url: target.url, dataDir: target.pgliteDir, upTo: level.last });
      try {
        await loadInto(database.db, target, (tx) => loadEmbedded(tx, file, header!, progress));
      } finally {
        await database.close();
      }
    }
  } catch (err) {
    // The target was empty before: leave it empty, not half restored.
    await withRaw(target, (run) => dropEverything(run)).catch(() => undefined);
    throw err;
  }
  if (level.newer.length)
    progress(`applying ${level.newer.length} newer migration(s): ${level.newer.join(', ')}`);
  const database = await openDatabase({ url: target.url, dataDir: target.pgliteDir });
  await database.close();
  progress('restore finished');
}

/**
 * The newest migration the file holds and those it lacks, refusing a file of a newer version (a migration
 * this code does not have) or of an edited migration, as the server refuses such a database.
 */
function knownLevel(migrations: AppliedMigration[]): { last: string; newer: string[] } {
  if (!migrations.length)
    throw new RestoreRefused('the backup lists no migrations: not a Salesdesk database');
  const known = readMigrations(MIGRATIONS_DIR);
  try {
    const newer = pendingMigrations(
      known,
      migrations.map((m) => ({ hash: m.hash, created_at: m.createdAt })),
    ).map((m) => m.tag);
    const last = known.filter((m) => !newer.includes(m.tag)).at(-1)!.tag;
    return { last, newer };
  } catch (err) {
    if (!(err instanceof MigrationRefused)) throw err;
    throw new RestoreRefused(`the backup cannot be restored by this version: ${err.message}`);
  }
}

async function emptyTarget(target: RestoreTarget, overwrite: boolean) {
  await withRaw(target, async (run) => {
    if (await isEmpty(run)) return;
    if (!overwrite)
      throw new RestoreRefused(
        'the target database is not empty: restore into an empty one, or add --overwrite to drop everything in it first',
      );
    await dropEverything(run);
  });
}

/** Runs `fn` on a connection of its own to the target, without migrating it. */
const withRaw = <T>(target: RestoreTarget, fn: (run: RunSql) => Promise<T>) =>
  withRawSession({ url: target.url, dataDir: target.pgliteDir }, fn);

/** One transaction on the opened target: its own PGlite handle, or a pg connection of its own. */
async function loadInto(db: unknown, target: RestoreTarget, fn: Parameters<typeof inPglite>[1]) {
  if (!target.url) return inPglite((db as { $client: PGlite }).$client, fn);
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    return await inPostgres(client, fn);
  } finally {
    await client.end();
  }
}
