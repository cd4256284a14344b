// Postbacks alone against their baseline, alternating in one run: `npx tsx bench/postback-only.ts [pglite]`
// (PostgreSQL by default, database salesdesk_pb; BENCH_ROUNDS=3 repeats each pair on PostgreSQL).
// BENCH_PIN=1 puts the server alone on CPU 1 and this process (autocannon, the INSERT loop's client) on
// CPU 0 (taskset); BENCH_APP_ROOT=<checkout> measures another commit's app.
// Prints postbacks/s, single-row INSERT commits/s, their ratio, the CPU split and what backends waited on.
// BENCH_FRAUD=off|flag|hold sets every fraud rule's mode first (System Options; unset: the defaults, flag).
// Both limits stay on: each request comes from one of many client addresses (X-Forwarded-For, the app
// trusting the loopback proxy) and, on PostgreSQL, BENCH_SITES more sites (copies of the demo sites and
// of their clicks) share the load, so neither 6,000 a minute per address nor per site is reached.
import fs from 'node:fs';
import pg from 'pg';
import { checkClickLinks } from './demo-links';
import { POSTBACK_CONNECTIONS } from './event-path';
import { insertLoopPglite, insertLoopPostgres } from './insert-loop';
import { startPostgresCpu, startCpuCount, type CpuSplit } from './lib/cpu';
import { DURATION_S, measureLoad, type LoadResult } from './lib/load';
import {
  addSites,
  EXTRA_SITES,
  fraudModeOfEnv,
  POSTBACK_APP_ENV,
  postbackHeaders,
  postbackPath,
  setFraudModes,
} from './postback-load';
import { dropDatabase, freshDatabase } from './lib/postgres';
import { LOAD_CPU, pin, SERVER_CPU } from './lib/pinning';
import { sleep, startApp, type AppServer } from './lib/processes';

const DB_NAME = process.env.BENCH_PB_DB ?? 'salesdesk_pb';
const APP_ROOT = process.env.BENCH_APP_ROOT;
const PIN = process.env.BENCH_PIN === '1';
const FRAUD = fraudModeOfEnv();

/** The app under test, pinned apart from the load when BENCH_PIN=1. */
async function startPostbackApp(databaseUrl?: string): Promise<AppServer> {
  const app = await startApp({ databaseUrl, env: POSTBACK_APP_ENV, cwd: APP_ROOT });
  if (FRAUD) {
    await setFraudModes(app.baseUrl, FRAUD);
    console.log(`-- every fraud rule: ${FRAUD}`);
  }
  if (PIN) {
    pin(app.pid!, SERVER_CPU);
    pin(process.pid, LOAD_CPU);
  }
  return app;
}
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const cpuLine = (c: CpuSplit) =>
  `CPU server ${c.serverS.toFixed(1)} s, PostgreSQL ${c.postgresS.toFixed(1)} s, bench ${c.benchS.toFixed(1)} s`;

/** Samples the wait events of the database's active backends every 20 ms until stopped. */
function sampleWaits(url: string) {
  const counts = new Map<string, number>();
  let samples = 0;
  let running = true;
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  const done = (async () => {
    await client.connect();
    while (running) {
      const { rows } = await client.query<{ w: string }>(
        `select coalesce(wait_event_type || ':' || wait_event, 'CPU') as w from pg_stat_activity
         where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
      );
      samples += 1;
      for (const { w } of rows) counts.set(w, (counts.get(w) ?? 0) + 1);
      await sleep(20);
    }
    await client.end();
  })();
  const postgresCpu = startPostgresCpu();
  return async () => {
    const cpuS = postgresCpu();
    running = false;
    await done;
    const top = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 6);
    return `PostgreSQL CPU (all processes, exited included) ${cpuS.toFixed(1)} s; waits (active backends per sample, ${samples} samples): ${top
      .map(([w, n]) => `${w} ${(n / samples).toFixed(2)}`)
      .join(', ')}`;
  };
}

function postbacks(app: AppServer, clickIds: Map<number, number[]>, tag: string): Promise<LoadResult> {
  return measureLoad({
    baseUrl: app.baseUrl,
    serverPid: app.pid,
    path: postbackPath(clickIds, `pb${Date.now().toString(36)}${tag}`),
    headers: postbackHeaders,
    connections: POSTBACK_CONNECTIONS,
    expect: '2xx',
  });
}

function report(pb: LoadResult, inserts: number, insertCpu: CpuSplit, waits?: string[]) {
  console.log(
    `postbacks ${pb.rps.toFixed(0)}/s (p50 ${pb.p50} ms, p99 ${pb.p99} ms, unexpected ${pb.unexpected}, errors ${pb.errors}); ${cpuLine(pb.cpu)}`,
  );
  if (waits?.[0]) console.log(`  postbacks ${waits[0]}`);
  console.log(`INSERT loop ${inserts.toFixed(0)}/s; ${cpuLine(insertCpu)}`);
  if (waits?.[1]) console.log(`  INSERT loop ${waits[1]}`);
  console.log(`ratio ${(pb.rps / inserts).toFixed(3)}`);
}

async function clearInsertLoop(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('delete from sales where site_id = 0');
    await client.query('vacuum sales');
  } finally {
    await client.end();
  }
}

async function runPostgres() {
  const url = await freshDatabase(DB_NAME);
  const app = await startPostbackApp(url);
  try {
    const demoClicks = await checkClickLinks(app.baseUrl);
    await sleep(500); // the click writer's last batch
    const clickIds = await addSites(url, demoClicks, EXTRA_SITES);
    for (let round = 1; round <= ROUNDS; round++) {
      console.log(`-- PostgreSQL round ${round} (${DURATION_S} s each)`);
      if (round > 1) await clearInsertLoop(url); // the loop numbers its txIds from 0 again
      let stop = sampleWaits(url);
      const pb = await postbacks(app, clickIds, `r${round}`);
      const pbWaits = await stop();
      stop = sampleWaits(url);
      const insertCpu = startCpuCount(undefined);
      const inserts = await insertLoopPostgres(url, POSTBACK_CONNECTIONS);
      report(pb, inserts, insertCpu(), [pbWaits, await stop()]);
    }
  } finally {
    await app.stop();
    fs.rmSync(app.dataDir, { recursive: true, force: true });
    await dropDatabase(DB_NAME);
  }
}

/** PGlite: the insert loop opens the server's directory, so it runs once the server has stopped. */
async function runPglite() {
  const app = await startPostbackApp();
  try {
    const clickIds = await checkClickLinks(app.baseUrl);
    await sleep(500);
    console.log(`-- PGlite (${DURATION_S} s each)`);
    const pb = await postbacks(app, clickIds, 'l');
    await app.stop();
    const insertCpu = startCpuCount(undefined);
    const inserts = await insertLoopPglite(app.dataDir, POSTBACK_CONNECTIONS);
    report(pb, inserts, insertCpu());
  } finally {
    await app.stop();
    fs.rmSync(app.dataDir, { recursive: true, force: true });
  }
}

await (process.argv[2] === 'pglite' ? runPglite() : runPostgres());
