// What the fraud rules cost the sale postback (issue 22's bar: at most 10 %): one server and one database
// per store, the postback load of the benchmarks in rounds that alternate every rule "off" and every rule
// "flag" (System Options' POST /api/options before each round), pair by pair in turn (off, flag; flag, off;
// ...), so the machine's load and the tables' growth fall on both modes alike.
// Both modes do the same writes: the load starts once its clicks are older than the fast-sale window
// (BENCH_CLICK_AGE_S) and each round's customer e-mails are its own, so a flag round does not flag every
// sale (which would add the review index's entries) and measures the rules' lookups. A probe sale on a
// fresh click before each round proves the mode in force: a fast sale flagged in a flag round, none when off.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { FRAUD_DEFAULTS, FRAUD_RULE_KEYS, type TFraudRuleKey } from '@salesdesk/contract';
import { checkClickLinks, CLICK_HEADERS } from './demo-links';
import { POSTBACK_CONNECTIONS } from './event-path';
import { onCpuS } from './lib/cpu';
import { DURATION_S, measureLoad, type LoadResult } from './lib/load';
import { ALL_CPUS, canPin, LOAD_CPU, pin, SERVER_CPU } from './lib/pinning';
import { sleep, startApp, type AppServer } from './lib/processes';
import {
  addSites,
  copySites,
  EXTRA_SITES,
  POSTBACK_APP_ENV,
  postbackHeaders,
  postbackPath,
  setFraudModes,
  superToken,
} from './postback-load';

/** Pairs of rounds (one off, one flag) per store. */
export const FRAUD_PAIRS = Number(process.env.BENCH_FRAUD_PAIRS ?? 6);
/** How old the load's clicks are at least when the first round starts: past the fast-sale window. */
export const CLICK_AGE_S = Number(process.env.BENCH_CLICK_AGE_S ?? FRAUD_DEFAULTS.fastSaleSeconds + 5);
const PIN = process.env.BENCH_PIN !== '0';

export type FraudBenchMode = 'off' | 'flag';
type RuleCounts = Record<TFraudRuleKey, number>;

export interface FraudRound {
  pair: number;
  mode: FraudBenchMode;
  load: LoadResult;
  /** CPU µs per answered postback: the server process (PGlite's database included) and its backends. */
  serverUs: number;
  backendUs?: number;
  /** Backends that closed during the round, whose CPU the figure lacks. */
  closedBackends: number;
  /** The 1-minute load average as the round started. */
  load1: number;
  /** Postbacks the round sent, warm-up included. */
  sent: number;
  /** Sales of the round's load that tripped each rule (review queue, per rule). */
  flagged: RuleCounts;
  /** The probe sale's rules: ['fastSale'] in a flag round, none when off. */
  probe: TFraudRuleKey[];
}

export interface FraudStoreRun {
  store: 'PGlite' | 'PostgreSQL';
  pinned: boolean;
  /** `uptime` as the rounds started and ended. */
  uptime: [string, string];
  /** Seconds since the load's clicks were made, as the first round started. */
  clickAgeS: number;
  rounds: FraudRound[];
}

const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();

/** The review queue's count of sales with each rule (whatever their status), over the whole history. */
async function ruleCounts(baseUrl: string, token: string): Promise<RuleCounts> {
  const counts = {} as RuleCounts;
  for (const rule of FRAUD_RULE_KEYS) {
    const res = await fetch(`${baseUrl}/api/review/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ rule, pageSize: 1 }),
    });
    if (!res.ok) throw new Error(`review/search: ${res.status} ${await res.text()}`);
    counts[rule] = ((await res.json()) as { total: number }).total;
  }
  return counts;
}

const minus = (a: RuleCounts, b: RuleCounts) =>
  Object.fromEntries(FRAUD_RULE_KEYS.map((k) => [k, a[k] - b[k]])) as RuleCounts;

/** A click made now on the first demo link and its sale at once (a fast sale, by the rule's default). */
async function probeSale(baseUrl: string, tag: string) {
  const click = await fetch(`${baseUrl}/api/links/go/1/1/1`, { redirect: 'manual', headers: CLICK_HEADERS });
  const clickId = new URL(click.headers.get('location') ?? '').searchParams.get('clickid');
  const res = await fetch(
    `${baseUrl}/api/postback/1?token=demo-1&clickId=${clickId}&event=sale&txId=probe-${tag}`,
  );
  if (!res.ok) throw new Error(`probe postback: ${res.status} ${await res.text()}`);
}

/** The PostgreSQL backends of the app's pool (not this process's), for their CPU time. */
async function appBackends(url: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
         and backend_type = 'client backend'`,
    );
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

interface RoundCtx {
  app: AppServer;
  token: string;
  clickIds: Map<number, number[]>;
  databaseUrl?: string;
  step: (msg: string) => void;
}

const ROUND_BLOCK = 10_000_000;
let roundsStarted = 0;

async function round(c: RoundCtx, pair: number, mode: FraudBenchMode): Promise<FraudRound> {
  const tag = `fr${Date.now().toString(36)}${pair}${mode}`;
  await setFraudModes(c.app.baseUrl, mode, c.token);
  await sleep(300); // the options notice drops the settings the postbacks read
  const beforeProbe = await ruleCounts(c.app.baseUrl, c.token);
  await probeSale(c.app.baseUrl, tag);
  const beforeLoad = await ruleCounts(c.app.baseUrl, c.token);
  const probeRules = minus(beforeLoad, beforeProbe);
  const probe = FRAUD_RULE_KEYS.filter((k) => probeRules[k] > 0);
  const expected = mode === 'flag' ? 'fastSale' : '';
  if (probe.join() !== expected)
    throw new Error(`${mode} round: the probe sale tripped [${probe.join()}], not [${expected}]`);

  const backend0 = new Map<number, number>();
  if (c.databaseUrl) for (const pid of await appBackends(c.databaseUrl)) backend0.set(pid, onCpuS(pid));
  const load1 = os.loadavg()[0];
  // Each round numbers its postbacks from its own block, so no client address (2,000 postbacks each)
  // comes back in a later round within the limit's minute.
  const first = roundsStarted++ * ROUND_BLOCK;
  const sent = { n: first };
  const load = await measureLoad(
    {
      baseUrl: c.app.baseUrl,
      serverPid: c.app.pid,
      path: postbackPath(c.clickIds, tag),
      headers: postbackHeaders,
      connections: POSTBACK_CONNECTIONS,
      expect: '2xx',
    },
    sent,
  );
  // A backend the pool opened meanwhile counts whole; one that closed meanwhile is lost (counted apart).
  let backendS = 0;
  const after = c.databaseUrl ? await appBackends(c.databaseUrl) : [];
  for (const pid of after) backendS += onCpuS(pid) - (backend0.get(pid) ?? 0);
  const closedBackends = [...backend0.keys()].filter((pid) => !after.includes(pid)).length;
  const answered = load.rps * DURATION_S;
  const flagged = minus(await ruleCounts(c.app.baseUrl, c.token), beforeLoad);
  const r: FraudRound = {
    pair,
    mode,
    load,
    serverUs: (load.cpu.serverS * 1e6) / answered,
    backendUs: c.databaseUrl ? (backendS * 1e6) / answered : undefined,
    load1,
    sent: sent.n - first,
    closedBackends,
    flagged,
    probe,
  };
  c.step(
    `pair ${pair} ${mode}: ${load.rps.toFixed(0)}/s (${load.unexpected} other answers), p50 ${load.p50} ms, server ${r.serverUs.toFixed(0)} µs` +
      `${r.backendUs === undefined ? '' : `, backends ${r.backendUs.toFixed(0)} µs`} a postback, load ${load1.toFixed(1)}, ` +
      `flagged ${FRAUD_RULE_KEYS.map((k) => `${k} ${flagged[k]}`).join(' ')}`,
  );
  return r;
}

/**
 * The app on a fresh store with the demo data and 40 more sites (copies of the demo sites and their
 * clicks: at 2,000+ postbacks/s, 5 sites would reach the limit of 6,000 a minute per site). PGlite's
 * copies are written with the app stopped (the directory has one owner), then it starts again.
 */
async function preparedApp(databaseUrl: string | undefined) {
  let app = await startApp({ databaseUrl, env: POSTBACK_APP_ENV });
  try {
    const demoClicks = await checkClickLinks(app.baseUrl);
    const clicksAt = Date.now();
    await sleep(500); // the click writer's last batch
    let clickIds: Map<number, number[]>;
    if (databaseUrl) clickIds = await addSites(databaseUrl, demoClicks, EXTRA_SITES);
    else {
      await app.stop();
      const db = await PGlite.create(path.join(app.dataDir, 'pglite'));
      try {
        clickIds = await copySites((text, params) => db.query(text, params), demoClicks, EXTRA_SITES);
      } finally {
        await db.close();
      }
      app = await startApp({ env: POSTBACK_APP_ENV, dataDir: app.dataDir });
    }
    return { app, clickIds, clicksAt };
  } catch (err) {
    await app.stop();
    throw err;
  }
}

/** One store: alternated rounds, every rule off against every rule flag. */
export async function fraudCostRun(
  databaseUrl: string | undefined,
  step: (msg: string) => void,
): Promise<FraudStoreRun> {
  const store = databaseUrl ? 'PostgreSQL' : 'PGlite';
  step(`fraud rules, ${store}: start with the demo data, clicks, ${EXTRA_SITES} more sites`);
  const { app, clickIds, clicksAt } = await preparedApp(databaseUrl);
  const pinned = PIN && canPin();
  try {
    if (pinned) {
      pin(app.pid!, SERVER_CPU);
      pin(process.pid, LOAD_CPU);
    }
    const token = await superToken(app.baseUrl);
    const wait = clicksAt + CLICK_AGE_S * 1000 - Date.now();
    if (wait > 0) await sleep(wait);
    const clickAgeS = (Date.now() - clicksAt) / 1000;
    const ctx: RoundCtx = { app, token, clickIds, databaseUrl, step };
    const start = uptime();
    const rounds: FraudRound[] = [];
    for (let pair = 1; pair <= FRAUD_PAIRS; pair++) {
      const order: FraudBenchMode[] = pair % 2 ? ['off', 'flag'] : ['flag', 'off'];
      for (const mode of order) rounds.push(await round(ctx, pair, mode));
    }
    return { store, pinned, uptime: [start, uptime()], clickAgeS, rounds };
  } finally {
    if (pinned) pin(process.pid, ALL_CPUS); // the next store's server starts as this process's child
    await app.stop();
    fs.rmSync(app.dataDir, { recursive: true, force: true });
  }
}
