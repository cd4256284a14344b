// Loads an embedded-store backup into a database migrated to the file's level, in one transaction: the
// same partitions, every table's rows by COPY in batches (in the file's order, which follows the foreign
// keys), the sequences, then each table's count checked against the file's trailer. The tables' own
// triggers are off while loading (as pg_restore creates them after the data): a row comes back as it was
// (sales' pay period is not recomputed, no audit row is written); foreign keys are still checked.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGliteInterface } from '@electric-sql/pglite';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { listPartitions, listTables, quoteIdent, quoteLiteral, type RunSql } from './catalog';
import { BadBackupError, readEntries, type Header, type TableHeader } from './embedded-format';
import { silent, type Progress } from './progress';

const BATCH = 10_000;

/** A transaction on the target: its queries and a COPY FROM of rows in text format. */
export interface LoadTx {
  run: RunSql;
  copyIn(table: string, columns: string[], text: string): Promise<void>;
}

const qualify = (name: string) => {
  const dot = name.indexOf('.');
  return `${quoteIdent(name.slice(0, dot))}.${quoteIdent(name.slice(dot + 1))}`;
};
const columnList = (columns: string[]) => columns.map(quoteIdent).join(', ');

export function inPglite<T>(pglite: PGliteInterface, fn: (tx: LoadTx) => Promise<T>): Promise<T> {
  return pglite.transaction((tx) =>
    fn({
      run: async <R>(text: string) => (await tx.query<R>(text)).rows,
      copyIn: async (table, columns, text) => {
        await tx.query(`copy ${qualify(table)} (${columnList(columns)}) from '/dev/blob'`, [], {
          blob: new Blob([text]),
        });
      },
    }),
  );
}

export async function inPostgres<T>(client: pg.Client, fn: (tx: LoadTx) => Promise<T>): Promise<T> {
  await client.query('begin');
  try {
    const out = await fn({
      run: async <R>(text: string) => (await client.query(text)).rows as R[],
      copyIn: async (table, columns, text) => {
        const stream = client.query(copyFrom(`copy ${qualify(table)} (${columnList(columns)}) from stdin`));
        await pipeline(Readable.from([text]), stream);
      },
    });
    await client.query('commit');
    return out;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  }
}

export async function loadEmbedded(tx: LoadTx, file: string, header: Header, progress: Progress = silent) {
  checkHeader(header);
  const tables = await listTables(tx.run);
  // The migrations wrote their own rows (drizzle's list, defaults): the file's replace them.
  await tx.run(`truncate ${tables.map((t) => t.qualified).join(', ')} cascade`);
  await samePartitions(tx.run, header);
  const triggered = await tx.run<{ name: string }>(
    `select distinct tgrelid::regclass::text as name from pg_trigger where not tgisinternal`,
  );
  for (const t of triggered) await tx.run(`alter table ${t.name} disable trigger user`);
  const known = new Map((await listTables(tx.run)).map((t) => [t.name, t]));
  let current: TableHeader | undefined;
  let batch: string[] = [];
  let index = 0;
  const flush = async () => {
    if (current && batch.length) await tx.copyIn(current.name, current.columns, `${batch.join('\n')}\n`);
    batch = [];
  };
  let counts: Record<string, number> = {};
  for await (const e of readEntries(file)) {
    if (e.kind === 'table') {
      current = e.table;
      if (!known.has(current.name))
        throw new BadBackupError(`the file holds table ${current.name}, which its migrations do not create`);
      progress(`table ${++index} of ${known.size}: ${current.name}`);
    } else if (e.kind === 'row') {
      batch.push(e.line);
      if (batch.length >= BATCH) await flush();
    } else if (e.kind === 'end-of-table') await flush();
    else if (e.kind === 'trailer') counts = e.trailer.counts;
  }
  for (const [name, n] of Object.entries(counts)) {
    const [row] = await tx.run<{ n: number }>(`select count(*)::int as n from ${qualify(name)}`);
    if (row.n !== n)
      throw new BadBackupError(`table ${name}: ${row.n} rows loaded where the file holds ${n}`);
  }
  // Deferred foreign keys are checked now: a table with pending checks cannot be altered.
  await tx.run('set constraints all immediate');
  for (const t of triggered) await tx.run(`alter table ${t.name} enable trigger user`);
  for (const s of header.sequences)
    await tx.run(`select setval(${quoteLiteral(s.name)}, ${s.value}, ${s.called})`);
}

// The header's SQL fragments are checked before use: a file is data, never statements.
const NAME = /^("[^"]+"|[a-z_][a-z0-9_$]*)\.("[^"]+"|[a-z_][a-z0-9_$]*)$/;
const BOUND = /^(DEFAULT|FOR VALUES FROM \('[^'\\;]*'\) TO \('[^'\\;]*'\))$/;
const INTEGER = /^-?\d+$/;

function checkHeader(header: Header) {
  for (const p of header.partitions)
    if (!NAME.test(p.name) || !NAME.test(p.parent) || !BOUND.test(p.bound))
      throw new BadBackupError(`the file lists a partition it cannot hold: ${p.name}`);
  for (const s of header.sequences)
    if (!NAME.test(s.name) || !INTEGER.test(s.value) || typeof s.called !== 'boolean')
      throw new BadBackupError(`the file lists a sequence it cannot hold: ${s.name}`);
}

/** Drops the partitions the source did not have (empty here) and creates those it had. */
async function samePartitions(run: RunSql, header: Header) {
  const wanted = new Set(header.partitions.map((p) => p.name));
  for (const p of await listPartitions(run)) if (!wanted.has(p.name)) await run(`drop table ${p.name}`);
  const existing = new Set((await listPartitions(run)).map((p) => p.name));
  for (const p of header.partitions)
    if (!existing.has(p.name)) await run(`create table ${p.name} partition of ${p.parent} ${p.bound}`);
}
