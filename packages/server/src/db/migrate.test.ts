// The migrator: each migration in a transaction of its own (a failing one leaves the earlier ones applied
// and itself not), the refusals (a newer version's database, an edited migration) that change nothing,
// `upTo`, and a database drizzle's own migrator made carries on without running anything again.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshStore, rawSession, tempDirs } from '../test/migration-stores';
import { MIGRATIONS_DIR, openDatabase, type OpenOptions } from './client';
import { readMigrations } from './migrate';

const tempDir = tempDirs();
const KNOWN = readMigrations(MIGRATIONS_DIR);
const LAST = KNOWN[KNOWN.length - 1];

/** A migrations folder: the real ones up to `upTo`, then `extra` ones; `edit` appends to one file. */
function folderOf(opts: { upTo?: string; extra?: { tag: string; sql: string }[]; edit?: string }) {
  const dir = tempDir('salesdesk-migrations-');
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string; when: number }[];
  };
  const last = opts.upTo ? journal.entries.findIndex((e) => e.tag === opts.upTo) : journal.entries.length - 1;
  const entries = journal.entries.slice(0, last + 1);
  fs.mkdirSync(path.join(dir, 'meta'));
  for (const e of entries) {
    const text = fs.readFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), 'utf8');
    fs.writeFileSync(path.join(dir, `${e.tag}.sql`), e.tag === opts.edit ? `${text}\n-- edited\n` : text);
  }
  for (const [i, x] of (opts.extra ?? []).entries()) {
    const prev = entries[entries.length - 1];
    entries.push({ ...prev, idx: prev.idx + 1, tag: x.tag, when: prev.when + i + 1 });
    fs.writeFileSync(path.join(dir, `${x.tag}.sql`), x.sql);
  }
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  return dir;
}

const bookkeeping = (store: OpenOptions) =>
  rawSession(store, (run) =>
    run<{ id: number; hash: string; created_at: string }>(
      'select id, hash, created_at::text as created_at from drizzle.__drizzle_migrations order by id',
    ),
  );
const tableExists = (store: OpenOptions, name: string) =>
  rawSession(
    store,
    async (run) =>
      (await run<{ t: string | null }>(`select to_regclass('${name}')::text as t`))[0].t === name,
  );

async function open(store: OpenOptions, opts: Partial<OpenOptions> = {}) {
  await (await openDatabase({ ...store, ...opts })).close();
}

/** Migrates as the earlier code did, with drizzle's migrator (every pending migration in one transaction). */
async function openWithDrizzle(store: OpenOptions, folder: string) {
  if (store.url) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const client = new pg.Client({ connectionString: store.url });
    await client.connect();
    await migrate(drizzle({ client }), { migrationsFolder: folder }).finally(() => client.end());
    return;
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create(store.dataDir!);
  await migrate(drizzle({ client }), { migrationsFolder: folder }).finally(() => client.close());
}

// Each test's limit is a hang backstop, not a speed check: it runs every migration several times, on PGlite
// seconds each alone and several times that on a machine shared with the browser tests and other work.
describe.each(['pglite', 'postgres'] as const)('migrations on %s', (kind) => {
  const store = async (t: { skip(): void }) => {
    const s = await freshStore(kind, 'migrate', tempDir);
    if (!s) t.skip();
    return s!;
  };

  it('runs each migration in a transaction of its own', async (t) => {
    const s = await store(t);
    const migrationsFolder = folderOf({
      extra: [
        { tag: '9001_good', sql: 'CREATE TABLE upgrade_good (id int);' },
        {
          tag: '9002_bad',
          sql: 'CREATE TABLE upgrade_bad (id int);\n--> statement-breakpoint\nSELECT * FROM no_such_table;',
        },
      ],
    });
    await expect(open(s, { migrationsFolder })).rejects.toThrow(/9002_bad failed and was rolled back/);
    expect(await bookkeeping(s)).toHaveLength(KNOWN.length + 1);
    expect(await tableExists(s, 'upgrade_good')).toBe(true);
    expect(await tableExists(s, 'upgrade_bad')).toBe(false);
  }, 600_000);

  it('stops after `upTo`, and carries on from there', async (t) => {
    const s = await store(t);
    await open(s, { upTo: KNOWN[5].tag });
    expect((await bookkeeping(s)).map((r) => r.hash)).toEqual(KNOWN.slice(0, 6).map((m) => m.hash));
    await open(s);
    expect(await bookkeeping(s)).toHaveLength(KNOWN.length);
    await expect(open(s, { upTo: 'nope' })).rejects.toThrow(/Unknown migration nope/);
  }, 600_000);

  it("refuses a newer version's database and an edited migration, changing nothing", async (t) => {
    const s = await store(t);
    await open(s);
    await expect(open(s, { migrationsFolder: folderOf({ edit: LAST.tag }) })).rejects.toThrow(
      new RegExp(`Migration ${LAST.tag} differs`),
    );
    const newer = folderOf({ extra: [{ tag: '9001_newer', sql: 'CREATE TABLE upgrade_newer (id int);' }] });
    await open(s, { migrationsFolder: newer });
    const applied = await bookkeeping(s);
    await expect(open(s)).rejects.toThrow(/made by a newer version/);
    expect(await bookkeeping(s)).toEqual(applied);
  }, 600_000);

  it('migrates once when several nodes start at once', async (t) => {
    const s = await store(t);
    if (kind === 'pglite') return t.skip(); // one process owns a PGlite folder
    await Promise.all([open(s), open(s), open(s)]);
    expect((await bookkeeping(s)).map((r) => r.hash)).toEqual(KNOWN.map((m) => m.hash));
  }, 600_000);

  it("carries on a database drizzle's migrator made, running nothing again", async (t) => {
    const s = await store(t);
    await openWithDrizzle(s, folderOf({ upTo: KNOWN[KNOWN.length - 2].tag }));
    const byDrizzle = await bookkeeping(s);
    expect(byDrizzle.map((r) => r.created_at)).toEqual(KNOWN.slice(0, -1).map((m) => String(m.when)));
    await open(s);
    const after = await bookkeeping(s);
    expect(after.slice(0, -1)).toEqual(byDrizzle);
    expect(after.at(-1)).toMatchObject({ hash: LAST.hash, created_at: String(LAST.when) });
  }, 600_000);
});
