// Backups restored into a fresh database equal their source row for row, every table of every schema
// (drizzle's migrations and each partition too): the embedded store into itself and into PostgreSQL, and
// PostgreSQL into itself. A restored sequence goes on after the last id; a non-empty target is refused
// unless --overwrite; bad files change nothing; a file of an older level gets the newer migrations.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../demo/data';
import { readMigrations } from '../db/migrate';
import { MIGRATIONS_DIR, queryOne, queryRows, sql, type Database } from '../db/client';
import {
  freshStore,
  removeTempDirs,
  runOn,
  tableDigests,
  tempDir,
  type StoreKind,
} from '../test/backup-fixtures';
import { testContext } from '../test/harness';
import { closeTracking } from '../tracking/runtime';
import { pgDump } from './pg-dump';
import { dumpPglite } from './pglite-dump';
import { restoreBackup } from './restore';
import type { PGlite } from '@electric-sql/pglite';

afterAll(removeTempDirs);

/** Writes a backup of `database` the way the CLI does for its kind. */
async function backUp(database: Database, url: string | undefined, file: string) {
  if (database.kind === 'postgres') return pgDump(url!, file);
  return dumpPglite((database.db as unknown as { $client: PGlite }).$client, file);
}

const PAIRS: [StoreKind, StoreKind][] = [
  ['pglite', 'pglite'],
  ['postgres', 'postgres'],
  ['pglite', 'postgres'],
];

type Digests = Awaited<ReturnType<typeof tableDigests>>;
const seeded = new Map<StoreKind, Promise<{ file: string; before: Digests } | undefined>>();

/**
 * A store of `kind` with the demo data, backed up, and the digest of its every table: made once for the
 * pairs that restore it (the embedded store's into itself and into PostgreSQL), its seeding being most
 * of a pair's time. Undefined for PostgreSQL when TEST_DATABASE_URL is not set.
 */
function seededBackup(kind: StoreKind) {
  let made = seeded.get(kind);
  if (made) return made;
  made = (async () => {
    const source = await freshStore(kind, 'bk_src');
    if (!source) return undefined;
    const db = await source.open();
    const file = path.join(tempDir(), 'demo.backup');
    try {
      await seedDemo(testContext(db), { scale: 0.05 });
      await closeTracking(testContext(db));
      const before = await tableDigests(runOn(db));
      await backUp(db, source.target.url, file);
      return { file, before };
    } finally {
      await db.close();
    }
  })();
  seeded.set(kind, made);
  return made;
}

describe.each(PAIRS)('a backup from %s restored into %s', (from, to) => {
  it('equals its source, refuses a non-empty target unless told, and ids go on', async (t) => {
    const source = await seededBackup(from);
    const target = await freshStore(to, 'bk_dst');
    if (!source || !target) return t.skip();
    const { file, before } = source;
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining(['drizzle.__drizzle_migrations', 'public.clicks_default']),
    );
    expect(Object.values(before).some((d) => d.rows > 1000)).toBe(true);

    const lines: string[] = [];
    await restoreBackup(file, target.target, { progress: (l) => lines.push(l) });
    expect(lines.some((l) => /^table \d+ of \d+: /.test(l))).toBe(true);
    const restored = await target.open();
    try {
      expect(await tableDigests(runOn(restored))).toEqual(before);
      const [last] = await queryRows<{ id: string }>(
        restored.db,
        sql`select max(id)::text as id from postback_logs`,
      );
      const [row] = await queryRows<{ id: string }>(
        restored.db,
        sql`insert into postback_logs (site_id, ip, result) values (1, '10.0.0.1', 'WRONG_TOKEN') returning id::text`,
      );
      expect(BigInt(row.id)).toBeGreaterThan(BigInt(last.id ?? 0));
    } finally {
      await restored.close();
    }

    await expect(restoreBackup(file, target.target)).rejects.toThrow(/not empty.*--overwrite/);
    await restoreBackup(file, target.target, { overwrite: true });
    const again = await target.open();
    try {
      expect(await tableDigests(runOn(again))).toEqual(before);
    } finally {
      await again.close();
    }
  }, 300_000);
});

describe.each(['pglite', 'postgres'] as const)('restore into %s', (kind) => {
  it('refuses a missing, foreign, truncated or newer file and changes nothing', async (t) => {
    const target = await freshStore(kind, 'bk_bad');
    if (!target) return t.skip();
    const dir = tempDir();
    const refuse = (file: string, why: RegExp) =>
      expect(restoreBackup(file, target.target)).rejects.toThrow(why);
    await refuse(path.join(dir, 'missing.backup'), /no backup file/);
    fs.writeFileSync(path.join(dir, 'foreign.backup'), 'hello');
    await refuse(path.join(dir, 'foreign.backup'), /not a Salesdesk backup/);

    // A small real backup, then cut short and one claiming a migration this code lacks.
    const source = await freshStore('pglite', 'bk_unused');
    const db = await source!.open();
    const good = path.join(dir, 'good.backup');
    await dumpPglite((db.db as unknown as { $client: PGlite }).$client, good);
    const newer = path.join(dir, 'newer.backup');
    await db.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('x', 9999999999999)`,
    );
    await dumpPglite((db.db as unknown as { $client: PGlite }).$client, newer);
    await db.close();
    const bytes = fs.readFileSync(good);
    fs.writeFileSync(path.join(dir, 'cut.backup'), bytes.subarray(0, Math.floor(bytes.length / 2)));
    await refuse(path.join(dir, 'cut.backup'), /cut short|cannot be read/);
    await refuse(newer, /newer version/);
    expect(await tablesIn(target)).toBe(0);
  }, 120_000);

  it('applies the migrations a backup of an older level lacks', async (t) => {
    const source = await freshStore('pglite', 'bk_old');
    const target = await freshStore(kind, 'bk_old_dst');
    if (!source || !target) return t.skip();
    const entries = readMigrations(MIGRATIONS_DIR);
    const file = path.join(tempDir(), 'old.backup');
    const db = await source.open({ upTo: entries.at(-2)!.tag });
    await dumpPglite((db.db as unknown as { $client: PGlite }).$client, file);
    await db.close();
    const lines: string[] = [];
    await restoreBackup(file, target.target, { progress: (l) => lines.push(l) });
    expect(lines).toContain(`applying 1 newer migration(s): ${entries.at(-1)!.tag}`);
    const restored = await target.open();
    try {
      expect(
        await queryOne(restored.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
      ).toEqual({ n: entries.length });
    } finally {
      await restored.close();
    }
  }, 120_000);
});

/** How many tables the target holds (0: untouched by a refused restore; an embedded one not created). */
async function tablesIn(store: NonNullable<Awaited<ReturnType<typeof freshStore>>>): Promise<number> {
  if (store.target.url) {
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: store.target.url });
    await c.connect();
    const r = await c.query(
      `select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog','information_schema')`,
    );
    await c.end();
    return r.rows[0].n as number;
  }
  return fs.existsSync(store.target.pgliteDir!) ? 1 : 0;
}

describe('a PostgreSQL backup', () => {
  it('from a newer Salesdesk is refused before anything is restored', async (t) => {
    const source = await freshStore('postgres', 'bk_newer');
    const target = await freshStore('postgres', 'bk_newer_dst');
    if (!source || !target) return t.skip();
    const db = await source.open();
    await db.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('x', 9999999999999)`,
    );
    await db.close();
    const file = path.join(tempDir(), 'newer.dump');
    await pgDump(source.target.url!, file);
    await expect(restoreBackup(file, target.target)).rejects.toThrow(/newer version/);
    expect(await tablesIn(target)).toBe(0);
  }, 60_000);
});
