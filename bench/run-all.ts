// `npm run bench`: every benchmark, each beside a baseline measured in the same run, into bench/RESULTS.md.
// `npm run bench -- logs` runs only the log pages at scale (see log-bench.ts), `npm run bench -- dashboard`
// only the dashboard and each role's Home on that database (dashboard-bench.ts); `npm run bench -- one-core`
// only the one-core click runs (one-core.ts), with BENCH_APP_ROOT=<checkout> for another commit's figures;
// `npm run bench -- fraud` only the fraud rules' cost on the postback path (fraud-cost.ts; BENCH_FRAUD_PAIRS
// pairs of rounds, BENCH_CLICK_AGE_S, BENCH_FRAUD_DB for its PostgreSQL database); `npm run bench -- cluster`
// only clicks and postbacks through HAProxy with one and two cluster-mode nodes (cluster.ts; needs Redis at
// BENCH_REDIS_URL, default redis://127.0.0.1:6379, and Debian's haproxy).
// Needs PostgreSQL at BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres); uses and drops
// its own databases (BENCH_DB names the main one). BENCH_DURATION_S / BENCH_WARMUP_S / BENCH_WRITER_ROWS
// shorten or lengthen the runs. The one-core runs add cluster mode (PostgreSQL + Redis) when
// BENCH_REDIS_URL is set; BENCH_ONE_CORE_STORES=pglite,postgres,cluster picks which stores they measure.
// The one-core runs end with what the invalid-traffic rules cost a click (classify-cost.ts: the rules on
// against CLICK_CLASSIFY_BENCH=off in alternating pairs, PGlite and PostgreSQL; BENCH_CLASSIFY_PAIRS=0
// skips it, and a BENCH_APP_ROOT run leaves it out); `npm run bench -- classify` runs only that.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchBundle } from './bundle-size';
import { benchClickWriter, benchClickWriterPglite } from './click-writer';
import { runLogBench } from './log-bench';
import { runDashboardBench } from './dashboard-bench';
import { measureBareRedirect, runStore, type StoreRun } from './event-path';
import { fraudCostRun, type FraudStoreRun } from './fraud-cost';
import { fraudCommand, fraudSection, spliceFraud, statementSection } from './fraud-section';
import { statementRunPostgres, type StatementRun } from './fraud-statement';
import { oneCoreRun, type OneCoreRun } from './one-core';
import { classifyRuns, keptClassifyBlocks, spliceClassify, type ClassifyRun } from './classify-cost';
import { CLASSIFY_PROFILE_BLOCK, classifyProfileRun, spliceClassifyProfile } from './classify-profile';
import { clusterRun, type ClusterRun } from './cluster';
import { CLUSTER_BLOCK, clusterSection, spliceCluster } from './cluster-section';
import { haproxyAvailable } from './lib/haproxy';
import {
  BEFORE_BLOCK,
  cpuPerRequest,
  ONE_CORE_BLOCK,
  oneCoreSection,
  spliceOneCore,
} from './one-core-section';
import { LOG_BLOCK } from './log-sections';
import { canPin } from './lib/pinning';
import { keyAuthRun, keyAuthSection, type KeyAuthRun } from './key-auth';
import { wrkAvailable } from './lib/wrk';
import { startApp } from './lib/processes';
import { dropDatabase, freshDatabase, postgresAvailable } from './lib/postgres';
import {
  DASHBOARD_BLOCK,
  KEY_AUTH_BLOCK,
  METRICS_COST_BLOCK,
  findBlock,
  renderResults,
  renderSection,
  spliceBlock,
  STATS_BLOCK,
  type Block,
  type Section,
} from './lib/report';
import {
  bundleSection,
  clickSection,
  demoSection,
  postbackSection,
  writerSection,
  type ClickRun,
  type WriterRun,
} from './sections';

const here = path.dirname(fileURLToPath(import.meta.url));
const BENCH_DB = process.env.BENCH_DB ?? 'salesdesk_bench';
const FRAUD_DB = process.env.BENCH_FRAUD_DB ?? 'salesdesk_fraud';
const CLUSTER_DB = 'salesdesk_cluster';
const RESULTS = path.join(here, 'RESULTS.md');
/** The webhook sections (bench/outbox-cost.ts, bench/webhook-delivery.ts): run on their own, kept by every run. */
const WEBHOOKS_BLOCK: Block = { start: '<!-- webhooks:start -->', end: '<!-- webhooks:end -->' };
/** BENCH_SKIP_LOGS=1: leave the log pages at scale (a 4 GB database) as they are in RESULTS.md. */
const SKIP_LOGS = process.env.BENCH_SKIP_LOGS === '1';

const step = (msg: string) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}`);

async function firstStartWithoutHistoryS(): Promise<number> {
  const app = await startApp({ demoScale: 0 });
  await app.stop();
  fs.rmSync(app.dataDir, { recursive: true, force: true });
  return app.startMs / 1000;
}

/** Bare baseline, then the app on the store: clicks, postbacks and the INSERT loop. */
async function clickAndPostbackRun(databaseUrl?: string): Promise<ClickRun> {
  step(`bare node:http 302 baseline`);
  const bare = await measureBareRedirect();
  step(`Salesdesk on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}: start, clicks, postbacks, INSERT loop`);
  const store = await runStore(databaseUrl);
  return { bare, store };
}

async function main() {
  if (!(await postgresAvailable())) throw new Error('PostgreSQL is needed: set BENCH_PG_URL');
  const date = new Date();
  const pglite = await clickAndPostbackRun();
  step('first start without demo history (PGlite)');
  const withoutHistoryS = await firstStartWithoutHistoryS();

  let postgres: ClickRun;
  let writerPostgres: WriterRun;
  try {
    postgres = await clickAndPostbackRun(await freshDatabase(BENCH_DB));
    step('click batch writer vs COPY (PostgreSQL)');
    writerPostgres = await benchClickWriter(await freshDatabase(BENCH_DB));
  } finally {
    await dropDatabase(BENCH_DB);
  }
  step('click batch writer vs COPY (PGlite)');
  const writerPglite = await benchClickWriterPglite();
  const oneCore = await oneCoreRuns();
  const classify = await classifyRuns(ONE_CORE_STORES, step);
  const fraud = await fraudRuns();
  const cluster = await clusterRuns();
  const keyAuth = await keyAuthRuns();
  step('web bundle size (npm run build)');
  const bundle = benchBundle();

  const stores: StoreRun[] = [pglite.store, postgres.store];
  const sections: Section[] = [
    clickSection([pglite, postgres]),
    postbackSection(stores),
    writerSection({ postgres: writerPostgres, pglite: writerPglite }),
    bundleSection(bundle),
    demoSection(pglite.store, withoutHistoryS),
  ];
  const analysis = fs.readFileSync(path.join(here, 'analysis.md'), 'utf8');
  const results = renderResults({ date, command: 'npm run bench', sections, analysis });
  // Blocks this run does not measure again are kept as they were, after this run's one-core block.
  const old = fs.existsSync(RESULTS) ? fs.readFileSync(RESULTS, 'utf8') : '';
  fs.writeFileSync(RESULTS, results);
  if (oneCore) spliceOneCore(RESULTS, oneCore, 'npm run bench');
  if (classify) spliceClassify(RESULTS, classify, classifyCommand('npm run bench'));
  spliceFraud(RESULTS, fraud, fraudCommand('npm run bench'), fraudAnalysis());
  if (cluster) spliceCluster(RESULTS, cluster, 'npm run bench');
  if (keyAuth) spliceBlock(RESULTS, KEY_AUTH_BLOCK, keyAuthSection(keyAuth, 'npm run bench'));
  const kept = [
    ...(cluster ? [] : [CLUSTER_BLOCK]),
    ...(oneCore ? [] : [ONE_CORE_BLOCK]),
    ...keptClassifyBlocks(!!classify),
    CLASSIFY_PROFILE_BLOCK,
    ...(keyAuth ? [] : [KEY_AUTH_BLOCK]),
    BEFORE_BLOCK,
    ...(SKIP_LOGS ? [LOG_BLOCK, DASHBOARD_BLOCK] : []),
    STATS_BLOCK,
    METRICS_COST_BLOCK,
    WEBHOOKS_BLOCK,
  ];
  for (const block of kept) {
    const text = findBlock(old, block);
    if (text)
      spliceBlock(RESULTS, block, text.slice(block.start.length, -block.end.length).trim().split('\n'));
  }
  if (!SKIP_LOGS) {
    await runLogBench('npm run bench', step);
    // The dashboard and each role's Home read the same 10-million-click database.
    await runDashboardBench('npm run bench');
  }
  console.log(fs.readFileSync(RESULTS, 'utf8'));
}

/**
 * The fraud rules' cost on the postback path (PostgreSQL on a fresh database, then PGlite), and in the
 * sale statement alone on PostgreSQL.
 */
async function fraudRuns(): Promise<{ load: FraudStoreRun[]; statements: StatementRun[] }> {
  let postgres: FraudStoreRun;
  try {
    postgres = await fraudCostRun(await freshDatabase(FRAUD_DB), step);
  } finally {
    await dropDatabase(FRAUD_DB);
  }
  const pglite = await fraudCostRun(undefined, step);
  // PGlite's statement alone is not measured here: its CPU per block swung more than the rules cost
  // (bench/fraud-analysis.md); `npx tsx bench/fraud-statement.ts pglite` runs it.
  const statements = [await statementRunPostgres(`${FRAUD_DB}_stmt`, step)];
  return { load: [postgres, pglite], statements };
}

const FRAUD_ANALYSIS = path.join(here, 'fraud-analysis.md');
const fraudAnalysis = () => (fs.existsSync(FRAUD_ANALYSIS) ? fs.readFileSync(FRAUD_ANALYSIS, 'utf8') : '');

const REDIS_URL = process.env.BENCH_REDIS_URL;
/** What the invalid-traffic rules cost a click, into its block of RESULTS.md. */
async function classifyOnly(command: string) {
  const classify: ClassifyRun[] | null = await classifyRuns(ONE_CORE_STORES, step);
  if (classify) console.log(spliceClassify(RESULTS, classify, classifyCommand(command)).join('\n'));
}

/** The command with the environment that changed what the classification cost measured. */
const classifyCommand = (command: string) =>
  [
    'BENCH_CLASSIFY_PAIRS',
    'BENCH_CLASSIFY_CLIENTS',
    'BENCH_CLASSIFY_CONTROL',
    'BENCH_ONE_CORE_S',
    'BENCH_ONE_CORE_STORES',
  ]
    .filter((name) => process.env[name])
    .map((name) => `${name}=${process.env[name]} `)
    .join('') + command;
const ONE_CORE_STORES = (
  process.env.BENCH_ONE_CORE_STORES ?? `pglite,postgres${REDIS_URL ? ',cluster' : ''}`
).split(',');

/**
 * PGlite, then PostgreSQL on a fresh database, then cluster mode (BENCH_REDIS_URL) on another; null (with
 * the reason) where taskset or wrk is missing.
 */
/** An API key against a session on one report route (bench/key-auth.ts), pinned as the one-core runs are. */
async function keyAuthRuns(): Promise<KeyAuthRun | null> {
  if (!canPin() || !wrkAvailable()) {
    step('key against session skipped: it needs taskset, two CPUs and wrk (apt-get install -y wrk)');
    return null;
  }
  step('API key against session on POST /api/stats/top10 (PostgreSQL, one core)');
  return keyAuthRun({ pairs: 3, seconds: 8 });
}

async function oneCoreRuns(): Promise<OneCoreRun[] | null> {
  if (!canPin() || !wrkAvailable()) {
    step('one-core click runs skipped: they need taskset, two CPUs and wrk (apt-get install -y wrk)');
    return null;
  }
  const runs: OneCoreRun[] = [];
  if (ONE_CORE_STORES.includes('pglite')) {
    step('one core: PGlite');
    runs.push(await oneCoreRun());
  }
  for (const store of ['postgres', 'cluster'].filter((s) => ONE_CORE_STORES.includes(s))) {
    if (store === 'cluster' && !REDIS_URL)
      throw new Error('BENCH_ONE_CORE_STORES=cluster needs BENCH_REDIS_URL');
    step(`one core: ${store === 'cluster' ? 'PostgreSQL + Redis (cluster mode)' : 'PostgreSQL'}`);
    try {
      runs.push(
        await oneCoreRun(
          await freshDatabase(BENCH_DB),
          undefined,
          store === 'cluster' ? REDIS_URL : undefined,
        ),
      );
    } finally {
      await dropDatabase(BENCH_DB);
    }
  }
  return runs;
}

/** One cluster sitting on a fresh PostgreSQL database; null (with the reason) without haproxy or wrk. */
async function clusterRuns(): Promise<ClusterRun | null> {
  if (!haproxyAvailable() || !wrkAvailable()) {
    step('cluster runs skipped: they need haproxy and wrk (apt-get install -y haproxy wrk)');
    return null;
  }
  try {
    return await clusterRun(await freshDatabase(CLUSTER_DB), step);
  } finally {
    await dropDatabase(CLUSTER_DB);
  }
}

const args = process.argv.slice(2);
if (args.includes('one-core')) {
  if (!(await postgresAvailable())) throw new Error('PostgreSQL is needed: set BENCH_PG_URL');
  const runs = await oneCoreRuns();
  const root = process.env.BENCH_APP_ROOT ? `BENCH_APP_ROOT=${process.env.BENCH_APP_ROOT} ` : '';
  if (runs) {
    // BENCH_ONE_CORE_JSON=<file>: each run's unrounded figures, one JSON line per run (for alternated pairs).
    if (process.env.BENCH_ONE_CORE_JSON) {
      const line = runs.map(({ store, bare, app }) => ({
        store,
        app: process.env.BENCH_APP_ROOT ?? 'this checkout',
        serverUs: cpuPerRequest(app).serverUs,
        bareServerUs: cpuPerRequest(bare).serverUs,
        postgresUs: cpuPerRequest(app).postgresUs,
        rps: app.max.rps,
        bareRps: bare.max.rps,
        p99Ms: app.paced.p99Ms,
        bareP99Ms: bare.paced.p99Ms,
      }));
      fs.appendFileSync(process.env.BENCH_ONE_CORE_JSON, `${JSON.stringify(line)}\n`);
    }
    spliceOneCore(RESULTS, runs, `${root}npm run bench -- one-core`, process.env.BENCH_APP_ROOT);
    console.log(renderSection(oneCoreSection(runs, `${root}npm run bench -- one-core`)).join('\n'));
  }
  // The rules' cost is this checkout's alone: older code has no CLICK_CLASSIFY_BENCH.
  if (!process.env.BENCH_APP_ROOT) await classifyOnly('npm run bench -- one-core');
} else if (args.includes('classify-profile')) {
  if (!(await postgresAvailable())) throw new Error('PostgreSQL is needed: set BENCH_PG_URL');
  const sides = await classifyProfileRun(step);
  console.log(spliceClassifyProfile(RESULTS, sides, 'npm run bench -- classify-profile').join('\n'));
} else if (args.includes('classify')) {
  if (!(await postgresAvailable())) throw new Error('PostgreSQL is needed: set BENCH_PG_URL');
  await classifyOnly('npm run bench -- classify');
} else if (args.includes('fraud')) {
  if (!(await postgresAvailable())) throw new Error('PostgreSQL is needed: set BENCH_PG_URL');
  const runs = await fraudRuns();
  spliceFraud(RESULTS, runs, fraudCommand('npm run bench -- fraud'), fraudAnalysis());
  console.log(
    [...renderSection(fraudSection(runs.load)), ...renderSection(statementSection(runs.statements))].join(
      '\n',
    ),
  );
} else if (args.includes('cluster')) {
  if (!(await postgresAvailable())) throw new Error('PostgreSQL is needed: set BENCH_PG_URL');
  const run = await clusterRuns();
  if (run) {
    spliceCluster(RESULTS, run, 'npm run bench -- cluster');
    console.log(renderSection(clusterSection(run, 'npm run bench -- cluster')).join('\n'));
  }
} else if (args.includes('logs')) {
  if (!(await postgresAvailable())) throw new Error('PostgreSQL is needed: set BENCH_PG_URL');
  await runLogBench('npm run bench -- logs', step);
} else if (args.includes('dashboard')) {
  if (!(await postgresAvailable())) throw new Error('PostgreSQL is needed: set BENCH_PG_URL');
  await runDashboardBench('npm run bench -- dashboard');
} else await main();
