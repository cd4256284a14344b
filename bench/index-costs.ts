// What each click log index costs the click writer: rows/s of the batch writer (as in click-writer.ts)
// into an emptied clicks table with no log index, with each one alone, and with all four, on a fresh
// database. Runs alternate round by round so the machine's drift spreads over every variant.
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows, type Db } from '../packages/server/src/db/client';
import { makeClicks, writeWithWriter } from './click-writer';
import { dropDatabase, freshDatabase } from './lib/postgres';

const DB = 'salesdesk_bench_indexes';
const ROWS = Number(process.env.BENCH_INDEX_ROWS ?? 200_000);
const ROUNDS = Number(process.env.BENCH_INDEX_ROUNDS ?? 5);

export interface IndexCost {
  /** 'none', 'all', 'all without id' or the index name. */
  variant: string;
  definition: string;
  rowsPerS: number;
  /** WAL the run wrote per click (median): the work the database did, which the machine's load leaves alone. */
  walPerRow: number;
  /** Size of the variant's log indexes per click after the run. */
  indexBytesPerRow: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function walLsn(db: Db): Promise<string> {
  const [row] = await queryRows<{ lsn: string }>(db, sql`select pg_current_wal_lsn()::text as lsn`);
  return row.lsn;
}

async function walSince(db: Db, lsn: string): Promise<number> {
  const [row] = await queryRows<{ bytes: string }>(
    db,
    sql`select pg_wal_lsn_diff(pg_current_wal_lsn(), ${lsn}::pg_lsn)::text as bytes`,
  );
  return Number(row.bytes);
}

async function indexBytes(db: Db, keep: Index[]): Promise<number> {
  if (!keep.length) return 0;
  const [row] = await queryRows<{ bytes: string }>(
    db,
    // clicks is partitioned by month: an index's bytes are those of its partitions' indexes.
    sql`select sum(pg_relation_size(t.relid))::text as bytes
        from unnest(${sql.param(keep.map((i) => i.name))}::text[]) n, pg_partition_tree(n::regclass) t`,
  );
  return Number(row.bytes);
}

async function logIndexes(db: Db) {
  return queryRows<{ name: string; definition: string }>(
    db,
    sql`select indexname as name, indexdef as definition from pg_indexes
        where tablename = 'clicks' and indexname <> 'clicks_pkey' order by indexname`,
  );
}

type Index = { name: string; definition: string };

/** The definition as it was before migration 0003, without the trailing id column. */
const withoutId = (i: Index): Index => ({ ...i, definition: i.definition.replace(/, id\)$/, ')') });

async function keepOnly(db: Db, all: Index[], keep: Index[]) {
  for (const i of all) await db.execute(sql.raw(`drop index if exists ${i.name}`));
  for (const i of keep) await db.execute(sql.raw(i.definition));
}

export async function benchIndexCosts(onStep: (msg: string) => void): Promise<IndexCost[]> {
  const url = await freshDatabase(DB);
  const database = await openDatabase({ url });
  try {
    const db = database.db;
    const all = await logIndexes(db);
    const variants = [
      { variant: 'none', keep: [] as Index[], definition: 'primary key only' },
      ...all.map((i) => ({ variant: i.name, keep: [i], definition: i.definition })),
      { variant: 'all', keep: all, definition: 'every log index' },
      {
        variant: 'all without id',
        keep: all.map(withoutId),
        definition: 'every log index without its id column (before 0003)',
      },
    ];
    const clicks = makeClicks(ROWS);
    const runs = new Map(
      variants.map((v) => [v.variant, { rps: [] as number[], wal: [] as number[], size: 0 }]),
    );
    for (let round = 1; round <= ROUNDS; round++) {
      for (const v of variants) {
        onStep(`index cost round ${round}/${ROUNDS}: ${v.variant}`);
        await db.execute(sql`truncate clicks, stats_daily`);
        await keepOnly(db, all, v.keep);
        await db.execute(sql`checkpoint`);
        const run = runs.get(v.variant)!;
        const lsn = await walLsn(db);
        run.rps.push(await writeWithWriter(db, clicks));
        run.wal.push(await walSince(db, lsn));
        run.size = await indexBytes(db, v.keep);
      }
    }
    // Rows/s: the best of the rounds, the run the rest of the machine disturbed least.
    return variants.map((v) => {
      const run = runs.get(v.variant)!;
      return {
        variant: v.variant,
        definition: v.definition,
        rowsPerS: Math.max(...run.rps),
        walPerRow: median(run.wal) / ROWS,
        indexBytesPerRow: run.size / ROWS,
      };
    });
  } finally {
    await database.close();
    await dropDatabase(DB);
  }
}
