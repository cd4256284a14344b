// The postback baseline: `concurrency` loops of single-row INSERT commits into sales, on the same
// database the server used, for the same warm-up and duration as the load runs.
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { DURATION_S, WARMUP_S } from './lib/load';

type Insert = (n: number) => Promise<unknown>;

// A sale row like a postback writes, minus its rollup; site 0 keeps these rows apart from real ones.
const INSERT_SALE = `insert into sales (date, event_type, site_id, type_id, agent_id, office_id, click_id,
    customer_email, payout, earning, lpp, tx_id, referer)
  values (now(), 0, 0, 1, 1, 1, $1, 'loop@mail.example', 150, 25, 1, $2, null)`;

async function loop(insert: Insert, concurrency: number, seconds: number, counter: { n: number }) {
  const end = Date.now() + seconds * 1000;
  let done = 0;
  const worker = async () => {
    while (Date.now() < end) {
      await insert(counter.n++);
      done += 1;
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return done / ((Date.now() - started) / 1000);
}

/** Commits per second after a warm-up. */
async function measure(insert: Insert, concurrency: number): Promise<number> {
  const counter = { n: 0 };
  await loop(insert, concurrency, WARMUP_S, counter);
  return loop(insert, concurrency, DURATION_S, counter);
}

export async function insertLoopPostgres(url: string, concurrency: number): Promise<number> {
  const pool = new pg.Pool({ connectionString: url, max: concurrency });
  pool.on('error', () => undefined); // an idle client dropped while the pool ends is no failure
  try {
    return await measure((n) => pool.query(INSERT_SALE, [n, `loop-${n}`]), concurrency);
  } finally {
    await pool.end();
  }
}

/** On the server's PGlite directory, opened in this process once the server has stopped. */
export async function insertLoopPglite(dataDir: string, concurrency: number): Promise<number> {
  const db = await PGlite.create(path.join(dataDir, 'pglite'));
  try {
    return await measure((n) => db.query(INSERT_SALE, [n, `loop-${n}`]), concurrency);
  } finally {
    await db.close();
  }
}
