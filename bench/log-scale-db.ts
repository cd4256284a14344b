// The database of the log benchmark: the demo data at DEMO_SCALE (165 by default: about 10 million
// clicks) on PostgreSQL, loaded once by `npm run seed` and kept between runs (it takes minutes to load).
import { spawn } from 'node:child_process';
import pg from 'pg';
import { databaseUrl, dropDatabase, freshDatabase, ADMIN_URL } from './lib/postgres';
import { REPO_ROOT } from './lib/processes';

export const LOGS_SCALE = Number(process.env.BENCH_LOGS_SCALE ?? 165);
export const LOGS_DB = process.env.BENCH_LOGS_DB ?? 'salesdesk_logs';
const MARK = `salesdesk bench: DEMO_SCALE=${LOGS_SCALE}`;

async function adminQuery<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** True when the database exists and was fully loaded at this scale by an earlier run. */
async function loadedAlready(): Promise<boolean> {
  const rows = await adminQuery<{ mark: string | null }>(
    `select shobj_description(oid, 'pg_database') as mark from pg_database where datname = $1`,
    [LOGS_DB],
  );
  return rows[0]?.mark === MARK;
}

function seed(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/demo/seed-cli.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: url, DEMO_SCALE: String(LOGS_SCALE), LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seed exited with ${code}`))));
  });
}

/**
 * The loaded database's URL, loading it first when needed (BENCH_LOGS_RELOAD=1 forces it); answers
 * the seconds the load took, or null when an earlier run's database was reused.
 */
export async function scaleDatabase(): Promise<{ url: string; loadS: number | null }> {
  const url = databaseUrl(LOGS_DB);
  if (process.env.BENCH_LOGS_RELOAD !== '1' && (await loadedAlready())) return { url, loadS: null };
  await freshDatabase(LOGS_DB);
  const started = Date.now();
  try {
    await seed(url);
  } catch (err) {
    await dropDatabase(LOGS_DB);
    throw err;
  }
  const loadS = (Date.now() - started) / 1000;
  await adminQuery(`comment on database ${LOGS_DB} is '${MARK}'`);
  return { url, loadS };
}

/** Fresh statistics and visibility maps, so the planner and index-only scans see the loaded rows. */
export async function vacuumAnalyze(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const table of ['clicks', 'sales', 'stats_daily']) await client.query(`vacuum analyze ${table}`);
  } finally {
    await client.end();
  }
}
