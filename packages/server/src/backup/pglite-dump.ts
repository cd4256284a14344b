// The embedded store's backup: one transaction reads every table in keyset batches (never a whole table in
// memory) with COPY TO '/dev/blob', streaming the rows into a gzip file. PGlite has one connection, so the
// transaction is a consistent snapshot, and the server's queries wait until it ends.
import fs from 'node:fs';
import { once } from 'node:events';
import zlib from 'node:zlib';
import type { PGliteInterface, Transaction } from '@electric-sql/pglite';
import { MIGRATIONS_DIR } from '../db/client';
import { readMigrations } from '../db/migrate';
import {
  listPartitions,
  listSequences,
  listTables,
  quoteIdent,
  quoteLiteral,
  type RunSql,
  type TableInfo,
} from './catalog';
import { END_OF_ROWS, MAGIC, type AppliedMigration, type Header } from './embedded-format';
import { describeSize, silent, type Progress } from './progress';

const BATCH = 10_000;

export interface DumpResult {
  bytes: number;
  counts: Record<string, number>;
}

export interface DumpOptions {
  progress?: Progress;
  /** Runs inside the backup's transaction, after the rows were read (a test digests the snapshot). */
  inSnapshot?: (run: RunSql) => Promise<void>;
}

/** Writes the whole database to `file` (through `file.partial`, so a failed backup leaves no file). */
export async function dumpPglite(
  pg: PGliteInterface,
  file: string,
  opts: DumpOptions = {},
): Promise<DumpResult> {
  const progress = opts.progress ?? silent;
  const partial = `${file}.partial`;
  const out = fs.createWriteStream(partial);
  const gzip = zlib.createGzip();
  gzip.pipe(out);
  const write = async (text: string) => {
    if (!gzip.write(text)) await once(gzip, 'drain');
  };
  try {
    const counts = await pg.transaction(async (tx) => {
      const run: RunSql = async <T>(text: string) => (await tx.query<T>(text)).rows;
      await tx.exec('set transaction isolation level repeatable read');
      const tables = await listTables(run);
      await write(`${MAGIC}\n${JSON.stringify(await header(run))}\n`);
      const counts: Record<string, number> = {};
      for (const [i, t] of tables.entries()) {
        progress(`table ${i + 1} of ${tables.length}: ${t.name}`);
        await write(`TABLE ${JSON.stringify({ name: t.name, columns: t.columns })}\n`);
        counts[t.name] = await copyTable(tx, t, write);
        await write(`${END_OF_ROWS}\n`);
      }
      await write(`END ${JSON.stringify({ counts })}\n`);
      await opts.inSnapshot?.(run);
      return counts;
    });
    gzip.end();
    await once(out, 'close');
    fs.renameSync(partial, file);
    const bytes = fs.statSync(file).size;
    progress(`backup written: ${file}, ${describeSize(bytes)}`);
    return { bytes, counts };
  } catch (err) {
    gzip.destroy();
    out.destroy();
    fs.rmSync(partial, { force: true });
    throw err;
  }
}

async function header(run: RunSql): Promise<Header> {
  const tags = new Map(readMigrations(MIGRATIONS_DIR).map((m) => [String(m.when), m.tag]));
  const rows = await run<{ hash: string; created_at: string }>(
    'select hash, created_at::text from drizzle.__drizzle_migrations order by id',
  );
  const migrations: AppliedMigration[] = rows.map((r) => ({
    tag: tags.get(r.created_at),
    hash: r.hash,
    createdAt: r.created_at,
  }));
  return {
    source: 'pglite',
    takenAt: new Date().toISOString(),
    migrations,
    partitions: await listPartitions(run),
    sequences: await listSequences(run),
  };
}

/** Streams one table's rows in primary-key order, a batch at a time; answers how many. */
async function copyTable(tx: Transaction, t: TableInfo, write: (text: string) => Promise<void>) {
  const keyList = t.key.map((k) => quoteIdent(k.column)).join(', ');
  const columns = t.columns.map(quoteIdent).join(', ');
  let after: string | undefined;
  let total = 0;
  for (;;) {
    const from = after ? `where (${keyList}) > (${after})` : '';
    // The last key of this batch bounds it, so the next one starts right after.
    const [last] = (
      await tx.query<Record<string, string>>(
        `select ${t.key.map((k) => `${quoteIdent(k.column)}::text`).join(', ')} from ${t.qualified} ${from}
         order by ${keyList} offset ${BATCH - 1} limit 1`,
      )
    ).rows;
    const upTo = last ? `(${keyList}) <= (${literals(t, last)})` : '';
    const where = [from.replace(/^where /, ''), upTo].filter(Boolean).join(' and ');
    const res = await tx.query(
      `copy (select ${columns} from ${t.qualified} ${where ? `where ${where}` : ''} order by ${keyList}) to '/dev/blob'`,
    );
    const text = res.blob ? await res.blob.text() : '';
    total += countLines(text);
    if (text) await write(text);
    if (!last) return total;
    after = literals(t, last);
  }
}

const literals = (t: TableInfo, row: Record<string, string>) =>
  t.key.map((k) => `${quoteLiteral(row[k.column])}::${k.type}`).join(', ');

function countLines(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}
