// The migrations, forward only, each in a transaction of its own: a migration that fails leaves the ones
// before it applied (drizzle's migrator runs every pending one in one transaction). It reads drizzle-kit's
// journal and files and keeps drizzle's bookkeeping table (same hash, created_at = the journal's `when`),
// so a database migrated by drizzle's migrator carries on.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PoolClient } from 'pg';

/** One connection: statements run in order on it (PGlite, or a client checked out of the pool). */
export interface MigrationConnection {
  /** Runs one or more statements without parameters. */
  exec(text: string): Promise<void>;
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
}

export const pgConnection = (client: PoolClient): MigrationConnection => ({
  exec: async (text) => void (await client.query(text)),
  query: async (text, params) => (await client.query(text, params)).rows,
});

export const pgliteConnection = (client: PGlite): MigrationConnection => ({
  exec: async (text) => void (await client.exec(text)),
  query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
});

export interface Migration {
  tag: string;
  when: number;
  hash: string;
  statements: string[];
}

export class MigrationRefused extends Error {}

/** The journal's migrations in order, as drizzle reads them (hash: sha256 of the whole file). */
export function readMigrations(folder: string): Migration[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map(({ tag, when }) => {
    const text = fs.readFileSync(path.join(folder, `${tag}.sql`), 'utf8');
    return {
      tag,
      when,
      hash: crypto.createHash('sha256').update(text).digest('hex'),
      statements: text.split('--> statement-breakpoint').filter((s) => s.trim() !== ''),
    };
  });
}

/** The migrations up to and including `upTo` (all without it). */
export function migrationsUpTo(all: Migration[], upTo?: string): Migration[] {
  if (upTo === undefined) return all;
  const last = all.findIndex((m) => m.tag === upTo);
  if (last < 0) throw new Error(`Unknown migration ${upTo}`);
  return all.slice(0, last + 1);
}

interface Applied {
  hash: string;
  created_at: string;
}

/**
 * What is still to run, or a refusal: a database holding a migration this code does not know (a newer
 * version made it), an applied migration whose file changed, or a gap (a known migration missing before
 * applied ones).
 */
export function pendingMigrations(known: Migration[], applied: Applied[]): Migration[] {
  const byWhen = new Map(known.map((m) => [m.when, m]));
  for (const a of applied) {
    const m = byWhen.get(Number(a.created_at));
    if (!m)
      throw new MigrationRefused(
        `The database has a migration this version does not know (created_at ${a.created_at}): it was made by a newer version; start that version instead`,
      );
    if (m.hash !== a.hash)
      throw new MigrationRefused(
        `Migration ${m.tag} differs from the one applied to this database: a merged migration is never edited, add a new one`,
      );
  }
  const done = new Set(applied.map((a) => Number(a.created_at)));
  const lastDone = Math.max(-Infinity, ...done);
  const pending = known.filter((m) => !done.has(m.when));
  const gap = pending.find((m) => m.when < lastDone);
  if (gap)
    throw new MigrationRefused(
      `Migration ${gap.tag} was never applied but later ones were: refusing to run it out of order`,
    );
  return pending;
}

/**
 * Applies the pending migrations of `folder` (up to and including `upTo`), each with its bookkeeping row
 * in one transaction; answers their tags. Applied ones are checked against every file of the folder.
 */
export async function migrate(
  conn: MigrationConnection,
  opts: { folder: string; upTo?: string },
): Promise<string[]> {
  const all = readMigrations(opts.folder);
  const wanted = new Set(migrationsUpTo(all, opts.upTo).map((m) => m.tag));
  await conn.exec(`create schema if not exists drizzle;
    create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`);
  const applied = await conn.query<Applied>(
    'select hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at',
  );
  const pending = pendingMigrations(all, applied).filter((m) => wanted.has(m.tag));
  for (const m of pending) {
    await conn.exec('begin');
    try {
      for (const statement of m.statements) await conn.exec(statement);
      await conn.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
        m.hash,
        m.when,
      ]);
      await conn.exec('commit');
    } catch (err) {
      await conn.exec('rollback').catch(() => undefined);
      throw new Error(`Migration ${m.tag} failed and was rolled back: ${(err as Error).message}`, {
        cause: err,
      });
    }
  }
  return pending.map((m) => m.tag);
}
