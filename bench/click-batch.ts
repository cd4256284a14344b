// What a click batch costs per click, on both stores, in this process: rows/s of the click batch writer
// (ClickWriter -> insertClicks, 1,000-row batches with their stats_daily increments) beside COPY of the
// same rows into the same emptied table, the CPU this node process spent per click (on PGlite that is
// the database's work too) and, on PostgreSQL, the CPU of this database's backends per click.
// PGlite lives in a temporary directory as the server's does. Rounds alternate COPY and writer, so the machine's drift spreads over both; medians are printed.
//   npx tsx bench/click-batch.ts            (BENCH_WRITER_ROWS=200000, BENCH_BATCH_ROUNDS=3)
//   npx tsx bench/click-batch.ts pglite     (one store only: pglite or postgres)
import { openDatabase, queryRows, sql, type Database } from '../packages/server/src/db/client';
import {
  makeClicks,
  measureWriter,
  openTempPglite,
  pgliteClient,
  writeWithCopy,
  writeWithCopyPglite,
  WRITER_ROWS,
} from './click-writer';
import { processCpuS } from './lib/cpu';
import { dropDatabase, freshDatabase } from './lib/postgres';

const ROUNDS = Number(process.env.BENCH_BATCH_ROUNDS ?? 3);
const DB = 'salesdesk_bench_batch';

interface Round {
  copy: number;
  writer: number;
  nodeCpuUs: number;
  postgresCpuUs?: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** CPU seconds of every backend connected to this database (PostgreSQL on this machine). */
async function backendsCpuS(database: Database): Promise<Map<number, number>> {
  const rows = await queryRows<{ pid: number }>(
    database.db,
    sql`select pid from pg_stat_activity where datname = current_database()`,
  );
  return new Map(rows.map((r) => [r.pid, processCpuS(r.pid)]));
}

async function roundOn(database: Database, url: string | undefined): Promise<Round> {
  const clicks = makeClicks(WRITER_ROWS);
  const empty = () => database.db.execute(sql`truncate clicks, stats_daily`);
  await empty();
  const copy = url
    ? await writeWithCopy(url, clicks)
    : await writeWithCopyPglite(pgliteClient(database.db), clicks);
  await empty();
  if (url) await database.db.execute(sql`checkpoint`);
  const before = url ? await backendsCpuS(database) : undefined;
  const run = await measureWriter(database.db, clicks);
  const round: Round = { copy, writer: run.rowsPerS, nodeCpuUs: run.nodeCpuUsPerClick };
  if (before) {
    const after = await backendsCpuS(database);
    let s = 0;
    for (const [pid, cpu] of after) s += cpu - (before.get(pid) ?? 0);
    round.postgresCpuUs = (s * 1e6) / clicks.length;
  }
  return round;
}

async function benchStore(store: 'pglite' | 'postgres') {
  const url = store === 'postgres' ? await freshDatabase(DB) : undefined;
  const database = url ? await openDatabase({ url }) : await openTempPglite();
  const rounds: Round[] = [];
  try {
    for (let i = 0; i < ROUNDS; i++) rounds.push(await roundOn(database, url));
  } finally {
    await database.close();
    if (url) await dropDatabase(DB);
  }
  const pick = (f: (r: Round) => number | undefined) => {
    const xs = rounds.map(f).filter((x): x is number => x !== undefined);
    return xs.length ? median(xs) : undefined;
  };
  const writer = pick((r) => r.writer)!;
  const copy = pick((r) => r.copy)!;
  // The ratio within each round, where COPY and writer met the same load on this shared machine.
  const ratio = pick((r) => r.writer / r.copy)!;
  const pgCpu = pick((r) => r.postgresCpuUs);
  const f0 = (x: number) => Math.round(x).toLocaleString('en-US');
  console.log(
    `${store}: writer ${f0(writer)} rows/s, COPY ${f0(copy)} rows/s (median ratio of the rounds ${ratio.toFixed(2)}); ` +
      `node CPU ${pick((r) => r.nodeCpuUs)!.toFixed(1)} µs/click` +
      (pgCpu === undefined ? '' : `, PostgreSQL backends ${pgCpu.toFixed(1)} µs/click`) +
      ` [rounds: ${rounds.map((r) => `${f0(r.writer)}/${f0(r.copy)}`).join(', ')}]`,
  );
}

const only = process.argv[2];
for (const store of ['pglite', 'postgres'] as const) {
  if (!only || only === store) await benchStore(store);
}
