// What the invalid-traffic rules (issue 35) cost the click redirect on one core, the rules on against off
// in the same run and the same process: on each store (PGlite, then PostgreSQL) one app with the demo data
// and CLICK_CLASSIFY_BENCH=toggle, alone on CPU 1 with wrk (and PostgreSQL) on CPU 0, as bench/one-core.ts
// measures. One wrk load runs throughout; each SIGUSR2 the bench sends turns the rules off or on (the app
// says so on its output, and the bench waits for it). The phases come in pairs, the first of a pair
// alternating (on-off, off-on, ...: ABBA, so a drift of the machine favours neither). Each phase's clicks
// are counted from the app's database by their click_time, its server CPU read to the nanosecond from
// /proc at its bounds. The figure is the server's CPU per click, on over off, over all clicks of each side
// (the goal: at most 1.03), with the median of the pairs beside it.
//
// Why one process and many short phases: two processes with the same code differed here by 8 to 11 % at
// the median (an A/A run with new processes every pair), and phases of 5 s with a new wrk run each by up
// to 20 % one from the next (PGlite's checkpoints, garbage collection, the virtual machine's neighbours):
// both more than the goal. One process keeps its JIT, heap and database on both sides; many phases let
// the noise average out. Off, the app drops its repeat windows (a process without the rules holds none),
// but their garbage may be collected in the next phase. BENCH_CLASSIFY_CONTROL=1 sends no signal (both
// sides classify: an A/A run of this method, into a block of its own).
//
// The clicks are people's: a browser's User-Agent (four browsers in turn; a click without one is a bot's,
// decided before the repeat window is even counted) and each (link, address) new: the app trusts the
// loopback proxy (TRUST_PROXY=127.0.0.1, as behind HAProxy) and every 250 clicks (the demo links in turn)
// come from the next X-Forwarded-For address, so no click reaches the 10-in-10-minutes REPEAT limit and
// each is valid and unique, the path that does the most (unique tracking, a new repeat window).
// BENCH_CLASSIFY_CLIENTS=loopback sends every click from 127.0.0.1 with one user agent instead, without
// TRUST_PROXY (the one-core load's set-up): past 10 a link, repeats.
//
// Part of `npm run bench -- one-core` (and `npm run bench`); `npm run bench -- classify` runs only this.
// BENCH_CLASSIFY_PAIRS pairs (200; 0 skips it), BENCH_CLASSIFY_PHASE_S seconds a phase (0.5, after a
// warm-up of 4 s on each side), BENCH_ONE_CORE_STORES picks the stores, BENCH_CLASSIFY_DB names the PostgreSQL
// database (dropped afterwards).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { invalidReasonOf } from '@salesdesk/contract';
import { classify, DEFAULT_RULES } from '@salesdesk/server/src/tracking/traffic-rules';
import { UniqueTracker } from '@salesdesk/server/src/tracking/uniques';
import { BROWSER_USER_AGENT, BROWSER_USER_AGENTS, checkClickLinks, clickPaths } from './demo-links';
import { median } from './lib/median';
import { canPin, LOAD_CPU, pin, pinPostgres, SERVER_CPU } from './lib/pinning';
import { dropDatabase, freshDatabase } from './lib/postgres';
import { sleep, startApp, type AppServer } from './lib/processes';
import { machine, spliceBlock, type Block } from './lib/report';
import { runWrk, wrkAvailable } from './lib/wrk';
import { processCpuNsS, startPostgresCpu } from './lib/cpu';
import { ONE_CORE_CONNECTIONS } from './one-core';

// Why many half-second phases: a pair's ratio spreads as widely at 0.5 s as at 2 s (a standard deviation
// of about 0.16 on PGlite, 200 pairs of 0.5 s against 100 of 2 s), so the noise is not a slow drift that
// longer phases would average out but something each phase meets afresh (a collection, a checkpoint);
// four times the pairs in the same time halve the error of their median. 30 pairs of 2 s could not tell
// 1.03 from 1.06.
export const CLASSIFY_PAIRS = Number(process.env.BENCH_CLASSIFY_PAIRS ?? 200);
const PHASE_S = Number(process.env.BENCH_CLASSIFY_PHASE_S ?? 0.5);
const CLIENTS: Clients = process.env.BENCH_CLASSIFY_CLIENTS === 'loopback' ? 'loopback' : 'people';
const CONTROL = process.env.BENCH_CLASSIFY_CONTROL === '1';
const DB = process.env.BENCH_CLASSIFY_DB ?? 'salesdesk_bench_classify';
const WARMUP_S = 4;
/** The bar: server CPU per click with the rules at most 3 % above without. */
export const CLASSIFY_GOAL = 1.03;

type Clients = 'people' | 'loopback';
/** Which block a run writes: its load's, or the control's. */
type Variant = Clients | 'control';
type Side = 'on' | 'off';

/** One phase: its clicks (from the database) and the CPU spent in it. */
export interface ClassifyMeasure {
  rps: number;
  requests: number;
  /** Server CPU microseconds per click. */
  serverUs: number;
  /** PostgreSQL's (every postgres process's) CPU microseconds per click; 0 on PGlite. */
  postgresUs: number;
}

export interface ClassifyPair {
  first: Side;
  on: ClassifyMeasure;
  off: ClassifyMeasure;
}

export interface ReasonCount {
  /** `valid`, or the invalid reason (contract INVALID_REASONS). */
  reason: string;
  unique: boolean;
  clicks: number;
}

export interface ClassifyRun {
  store: 'PGlite' | 'PostgreSQL';
  clients: Clients;
  /** No signal sent (BENCH_CLASSIFY_CONTROL=1): "off" is a second "on". */
  control: boolean;
  seconds: number;
  pairs: ClassifyPair[];
  /** The clicks of each side's measured phases, by reason. */
  reasons: Record<Side, ReasonCount[]>;
  load: string;
}

/** A measured phase: its side, its bounds, the CPU seconds spent in it; its clicks are counted afterwards. */
interface Window {
  side: Side;
  from: Date;
  to: Date;
  serverS: number;
  postgresS: number;
}

/** A moment of the run: the time and the CPU spent so far. */
interface Mark {
  at: Date;
  serverS: number;
  postgresS: number;
}

/**
 * The wrk script: the demo links in turn, each request with a browser's User-Agent; with `people`, every
 * round of the links from the next address (10.a.b.c from `base` on) in X-Forwarded-For, and the next of
 * the four browsers. A request is two strings joined; the address part is built once a round.
 */
export function clickScript(clients: Clients, base: number): string {
  const agents = clients === 'people' ? BROWSER_USER_AGENTS : [BROWSER_USER_AGENT];
  const address =
    clients === 'people'
      ? `"\\r\\nX-Forwarded-For: 10." .. (math.floor(k / 65536) % 256) .. "." .. (math.floor(k / 256) % 256) .. "." .. (k % 256)`
      : '""';
  return `local paths = {\n  ${clickPaths.map((p) => JSON.stringify(p)).join(',\n  ')}\n}
local agents = {\n  ${agents.map((a) => JSON.stringify(a)).join(',\n  ')}\n}
local base = ${base}
local heads = {}
local n = 0
local round = -1
local tail = ""
unexpected = 0
local threads = {}
setup = function(thread) table.insert(threads, thread) end
init = function()
  for i, p in ipairs(paths) do heads[i] = "GET " .. p .. " HTTP/1.1\\r\\nHost: " .. wrk.headers["Host"] .. "\\r\\n" end
end
request = function()
  local k = base + math.floor(n / #heads)
  if k ~= round then
    round = k
    tail = "User-Agent: " .. agents[k % #agents + 1] .. ${address} .. "\\r\\n\\r\\n"
  end
  local r = heads[n % #heads + 1] .. tail
  n = n + 1
  return r
end
response = function(status) if status ~= 302 then unexpected = unexpected + 1 end end
done = function()
  local total = 0
  for _, t in ipairs(threads) do total = total + t:get("unexpected") end
  io.write(string.format("Unexpected answers: %d\\n", total))
end
`;
}

/** The app under measure: the side its rules are on, told by its own output. */
class Subject {
  side: Side = 'on';
  private readonly said: Side[] = [];
  private heard: () => void = () => undefined;

  constructor(readonly server: AppServer) {
    const listen = (b: Buffer) => {
      for (const m of b.toString().matchAll(/click classification (on|off) \(CLICK_CLASSIFY_BENCH=toggle\)/g))
        this.said.push(m[1] as Side);
      this.heard();
    };
    server.child.stdout?.on('data', listen);
    server.child.stderr?.on('data', listen);
  }

  /** Turns the rules to `side` (one SIGUSR2), once the app says it has. */
  async turn(side: Side) {
    if (CONTROL || side === this.side) {
      this.side = side;
      return;
    }
    const want = this.said.length + 1;
    const told = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the app did not turn its rules ${side}`)), 5000);
      this.heard = () => {
        if (this.said.length < want) return;
        clearTimeout(timer);
        if (this.said.at(-1) === side) resolve();
        else reject(new Error(`the app turned its rules ${this.said.at(-1)}, not ${side}`));
      };
    });
    process.kill(this.server.pid!, 'SIGUSR2');
    await told;
    this.side = side;
  }
}

/** One wrk load over the whole run, from client address `base` on; throws on any answer but a 302. */
async function clickLoad(server: AppServer, seconds: number, base: number) {
  const r = await runWrk(clickScript(CLIENTS, base), {
    baseUrl: server.baseUrl,
    connections: ONE_CORE_CONNECTIONS,
    seconds,
  });
  if (r.unexpected || r.errors)
    throw new Error(`classification load: ${r.unexpected} unexpected answers, ${r.errors} socket errors`);
  return r;
}

const COUNT_SQL = `select count(*)::int as clicks from clicks where click_time >= $1 and click_time < $2`;
const REASONS_SQL = `select invalid_reason as reason, is_unique as "unique", count(*)::int as clicks from clicks
  where click_time >= $1 and click_time < $2 group by 1, 2 order by 1, 2`;

interface ReasonRow {
  reason: number;
  unique: boolean;
  clicks: number;
}

type Query = <T>(sql: string, from: Date, to: Date) => Promise<T[]>;

/** Runs `use` with a query on the app's database (the app stopped): PostgreSQL, or its PGlite directory. */
async function withDatabase<T>(url: string | undefined, dataDir: string, use: (q: Query) => Promise<T>) {
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await use(async (sql, from, to) => (await client.query(sql, [from, to])).rows);
    } finally {
      await client.end();
    }
  }
  const db = await PGlite.create(path.join(dataDir, 'pglite'));
  try {
    return await use(
      async <R>(sql: string, from: Date, to: Date) =>
        (await db.query<R>(sql, [from.toISOString(), to.toISOString()])).rows,
    );
  } finally {
    await db.close();
  }
}

/** Each window's clicks, and each side's clicks by reason. */
async function countClicks(windows: Window[], query: Query) {
  const perWindow: number[] = [];
  const counts: Record<Side, Map<string, ReasonCount>> = { on: new Map(), off: new Map() };
  for (const w of windows) {
    perWindow.push((await query<{ clicks: number }>(COUNT_SQL, w.from, w.to))[0].clicks);
    for (const row of await query<ReasonRow>(REASONS_SQL, w.from, w.to)) {
      const reason = invalidReasonOf(row.reason) ?? 'valid';
      const key = `${reason}:${row.unique}`;
      const seen = counts[w.side].get(key) ?? { reason, unique: row.unique, clicks: 0 };
      seen.clicks += Number(row.clicks);
      counts[w.side].set(key, seen);
    }
  }
  return { perWindow, reasons: { on: [...counts.on.values()], off: [...counts.off.values()] } };
}

/** The pairs on the store (PostgreSQL at `url`, else PGlite), in one app under one load. */
async function classifyRun(url: string | undefined, step: (msg: string) => void): Promise<ClassifyRun> {
  const store = url ? 'PostgreSQL' : 'PGlite';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salesdesk-bench-'));
  const unpin = url ? pinPostgres(LOAD_CPU, (msg) => console.error(`[bench] ${msg}`)) : () => undefined;
  step(`classification on/off, ${store}: starting the app with the demo data`);
  const server = await startApp({
    databaseUrl: url,
    dataDir,
    env: {
      // The switch is refused in production; nothing on the click path reads NODE_ENV.
      NODE_ENV: 'development',
      CLICK_CLASSIFY_BENCH: CONTROL ? 'on' : 'toggle',
      ...(CLIENTS === 'people' ? { TRUST_PROXY: '127.0.0.1' } : {}),
    },
  });
  const windows: Window[] = [];
  let load0 = NaN;
  try {
    const app = new Subject(server);
    await checkClickLinks(server.baseUrl);
    pin(server.pid!, SERVER_CPU);
    load0 = os.loadavg()[0];
    const postgresCpu = startPostgresCpu();
    const mark = (): Mark => ({
      at: new Date(),
      serverS: processCpuNsS(server.pid!),
      postgresS: url ? postgresCpu() : 0,
    });
    // The load outlasts the phases by a few seconds: toggles take a moment each.
    const seconds = Math.ceil(2 * WARMUP_S + 2 * CLASSIFY_PAIRS * PHASE_S + CLASSIFY_PAIRS / 5 + 5);
    const load = clickLoad(server, seconds, 1);
    const started = Date.now();
    for (const side of ['on', 'off'] as const) {
      await app.turn(side);
      await sleep(WARMUP_S * 1000);
    }
    for (let i = 0; i < CLASSIFY_PAIRS; i++)
      for (const side of (i % 2 ? ['on', 'off'] : ['off', 'on']) as Side[]) {
        // After the warm-up's off, the first pair starts off: off-on, on-off, ... (ABBA).
        await app.turn(side);
        const from = mark();
        await sleep(PHASE_S * 1000);
        const to = mark();
        windows.push({
          side,
          from: from.at,
          to: to.at,
          serverS: to.serverS - from.serverS,
          postgresS: to.postgresS - from.postgresS,
        });
      }
    if ((Date.now() - started) / 1000 > seconds - 1)
      throw new Error('the phases outlasted the load: lengthen it (toggles took longer than allowed for)');
    await load;
  } finally {
    await server.stop();
    unpin();
  }
  try {
    const { perWindow, reasons } = await withDatabase(url, dataDir, (q) => countClicks(windows, q));
    const measure = (i: number): ClassifyMeasure => {
      const w = windows[i];
      const clicks = Math.max(1, perWindow[i]);
      return {
        rps: perWindow[i] / ((w.to.getTime() - w.from.getTime()) / 1000),
        requests: perWindow[i],
        serverUs: (w.serverS * 1e6) / clicks,
        postgresUs: (w.postgresS * 1e6) / clicks,
      };
    };
    const pairs: ClassifyPair[] = [];
    for (let i = 0; i + 1 < windows.length; i += 2) {
      const [a, b] = [measure(i), measure(i + 1)];
      const first = windows[i].side;
      pairs.push({ first, on: first === 'on' ? a : b, off: first === 'on' ? b : a });
    }
    const r = ratios({ pairs } as ClassifyRun);
    step(
      `classification ${store}: ${pairs.length} pairs, server CPU per click off ${r.offUs.toFixed(2)} µs, ` +
        `on ${r.onUs.toFixed(2)} µs: ${r.cpuPooled.toFixed(3)} over all clicks, median of pairs ${r.cpuMedian.toFixed(3)}`,
    );
    return {
      store,
      clients: CLIENTS,
      control: CONTROL,
      seconds: PHASE_S,
      pairs,
      reasons,
      load: `${load0.toFixed(1)} at the start, ${os.loadavg()[0].toFixed(1)} at the end`,
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * PGlite, then PostgreSQL (each as BENCH_ONE_CORE_STORES lists it); null (with the reason) where taskset,
 * a second CPU or wrk is missing, or BENCH_CLASSIFY_PAIRS=0.
 */
export async function classifyRuns(
  stores: string[],
  step: (msg: string) => void,
): Promise<ClassifyRun[] | null> {
  if (CLASSIFY_PAIRS < 1) return null;
  if (!canPin() || !wrkAvailable()) {
    step('classification cost skipped: it needs taskset, two CPUs and wrk (apt-get install -y wrk)');
    return null;
  }
  const runs: ClassifyRun[] = [];
  if (stores.includes('pglite')) runs.push(await classifyRun(undefined, step));
  if (stores.includes('postgres')) {
    try {
      runs.push(await classifyRun(await freshDatabase(DB), step));
    } finally {
      await dropDatabase(DB);
    }
  }
  return runs.length ? runs : null;
}

/**
 * classify() alone in this process, nanoseconds per call (best of 5 over a million clicks): the default
 * rules, the four browsers, each (link, address) new as in the people load, a fresh repeat counter each
 * round, less the same loop without it (each click's unique test in both). Each click's address and user agent are new strings, as a request's headers are (a string
 * hashed once keeps its hash: the same string objects every call would hide what hashing costs).
 */
export function classifyNs(): number {
  const n = 1_000_000;
  const agents = BROWSER_USER_AGENTS.map((a) => Buffer.from(a));
  const ips = Array.from({ length: n / 250 }, (_, k) => Buffer.from(`10.0.${k >> 8}.${k & 255}`));
  const time = new Date();
  /**
   * The loop's nanoseconds per click: the rules and the unique test as a click with them has it, or the
   * unique test alone as a click without them (the rules' REPEAT test takes its lookup over).
   */
  const loop = (classifying: boolean) => {
    const uniques = new UniqueTracker();
    let valid = 0;
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < n; i++) {
      const k = Math.floor(i / 250);
      const click = {
        typeId: (i % 10) + 1,
        agentId: ((i / 10) | 0) % 25,
        ip: ips[k].toString('latin1'),
        userAgent: agents[k % 4].toString('latin1'),
        request: {},
        time,
      };
      const t = time.getTime();
      if (
        classifying
          ? classify(DEFAULT_RULES, click, false, uniques) === 0 && uniques.firstInDayOf(click, t)
          : uniques.firstInDay(click.typeId, click.agentId, click.ip, t)
      )
        valid++;
    }
    if (valid !== n)
      throw new Error(`classify(): ${n - valid} of the people's clicks were not valid and unique`);
    return Number(process.hrtime.bigint() - t0) / n;
  };
  let best = Infinity;
  for (let round = 0; round < 5; round++) best = Math.min(best, loop(true) - loop(false));
  return best;
}

/** The block of each variant: people's clicks (the default), loopback's, the A/A control's. */
export const CLASSIFY_BLOCKS: Record<Variant, Block> = {
  people: {
    start: '<!-- click classification cost -->',
    end: '<!-- end of click classification cost -->',
  },
  loopback: {
    start: '<!-- click classification cost, loopback -->',
    end: '<!-- end of click classification cost, loopback -->',
  },
  control: {
    start: '<!-- click classification cost, A/A control -->',
    end: '<!-- end of click classification cost, A/A control -->',
  },
};
const variantOf = (run: Pick<ClassifyRun, 'clients' | 'control'>): Variant =>
  run.control ? 'control' : run.clients;
/** The blocks this run's classification (if any) does not rewrite. */
export const keptClassifyBlocks = (measured: boolean): Block[] =>
  (['people', 'loopback', 'control'] as const)
    .filter((v) => !measured || v !== variantOf({ clients: CLIENTS, control: CONTROL }))
    .map((v) => CLASSIFY_BLOCKS[v]);

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** The on/off ratios of CPU per click (median and mean of the pairs, and of all clicks) and of requests/s. */
export function ratios(run: ClassifyRun) {
  const cpu = run.pairs.map((p) => p.on.serverUs / p.off.serverUs);
  const rps = run.pairs.map((p) => p.on.rps / p.off.rps);
  // CPU over all of a side's clicks: each phase's per-click figure weighed by its clicks.
  const pooled = (side: Side) =>
    sum(run.pairs.map((p) => p[side].serverUs * p[side].requests)) /
    sum(run.pairs.map((p) => p[side].requests));
  return {
    cpuMedian: median(cpu),
    cpuMean: mean(cpu),
    cpuPooled: pooled('on') / pooled('off'),
    cpuMin: Math.min(...cpu),
    cpuMax: Math.max(...cpu),
    rpsMedian: median(rps),
    onUs: pooled('on'),
    offUs: pooled('off'),
    onRps: mean(run.pairs.map((p) => p.on.rps)),
    offRps: mean(run.pairs.map((p) => p.off.rps)),
  };
}

function reasonsText(rows: ReasonCount[]): string {
  const total = rows.reduce((a, r) => a + r.clicks, 0);
  const byReason = new Map<string, { clicks: number; unique: number }>();
  for (const r of rows) {
    const seen = byReason.get(r.reason) ?? { clicks: 0, unique: 0 };
    seen.clicks += r.clicks;
    if (r.unique) seen.unique += r.clicks;
    byReason.set(r.reason, seen);
  }
  const n = (x: number) => x.toLocaleString('en-US');
  const parts = [...byReason].map(
    ([reason, c]) =>
      `${reason} ${n(c.clicks)} (${n(c.unique)} unique, ${((100 * c.clicks) / Math.max(1, total)).toFixed(1)} %)`,
  );
  return `${n(total)} clicks: ${parts.join(', ')}`;
}

/** The block's lines: the set-up, each store's pairs, the ratios against the goal, the clicks' reasons. */
export function classifySection(runs: ClassifyRun[], command: string, ns = classifyNs()): string[] {
  const n = (x: number) => Math.round(x).toLocaleString('en-US');
  const us = (x: number) => `${x.toFixed(2)} µs`;
  const people = runs[0].clients === 'people';
  const control = runs[0].control;
  // In the A/A control no signal is sent: "off" is a second "on".
  const [off, on] = control ? ['A', 'B'] : ['off', 'on'];
  const title = [people ? '' : ', clicks from 127.0.0.1', control ? ', A/A control' : ''].join('');
  const lines = [
    `## Invalid traffic classification on the click path (issue 35, one core${title})`,
    '',
    `Written by \`${command}\` (bench/classify-cost.ts) on ` +
      `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. Machine: ${machine()}; load average ` +
      runs.map((r) => `${r.load} (${r.store})`).join(', ') +
      '.',
    '',
    (control
      ? 'The A/A control of the measure below (`BENCH_CLASSIFY_CONTROL=1`): the same phases, but no signal is ' +
        'sent, so both sides classify every click (A and B); their ratio B/A shows how far two phases of one ' +
        'process differ here. '
      : 'On each store one app with the demo data and `CLICK_CLASSIFY_BENCH=toggle` (`NODE_ENV=development`: ' +
        'the switch is refused in production): each SIGUSR2 turns its invalid-traffic rules off or on, and ' +
        'the bench waits for the app to say so; off, the app records every click as valid. ') +
      `The app alone on CPU ${SERVER_CPU}; one \`wrk -t1 -c${ONE_CORE_CONNECTIONS}\` load throughout (and PostgreSQL) on ` +
      `CPU ${LOAD_CPU}. After ${WARMUP_S} s of warm-up on each side, ${runs[0].pairs.length} pairs of phases of ` +
      `${runs[0].seconds} s, the first of a pair alternating (${off}-${on}, ${on}-${off}, ...). A phase's clicks are ` +
      "counted from the app's database by click_time, its server CPU read at its bounds from " +
      '/proc/<pid>/task/*/schedstat (every thread, to the nanosecond). One process and many short phases: two ' +
      'processes with the same code differed here by 8 to 11 % at the median (new processes every pair), and ' +
      'phases of 5 s with a wrk run each by up to 20 % one from the next, both more than the goal. Every click ' +
      (people
        ? 'carries one of four browsers’ User-Agents and, the app trusting the loopback proxy (`TRUST_PROXY=127.0.0.1`, ' +
          'as behind HAProxy), comes from a new X-Forwarded-For address every 250 clicks (the demo links in turn): each ' +
          '(link, address) is new, so the clicks take the person path in full (user agent, a new repeat window, unique ' +
          'tracking) and none reaches the 10-in-10-minutes REPEAT limit.'
        : 'carries one browser’s User-Agent and comes from 127.0.0.1 (`BENCH_CLASSIFY_CLIENTS=loopback`, no ' +
          'TRUST_PROXY, as the one-core load): past the first 10 clicks of a link in 10 minutes, repeats (REPEAT: ' +
          'classified in full, flagged, still redirected, never unique; such a click is also a row of the partial ' +
          'index of invalid clicks, clicks_invalid_time_idx).') +
      (control ? '' : ` The bar: server CPU per click on/off at most ${CLASSIFY_GOAL.toFixed(2)}.`),
    '',
  ];
  for (const run of runs) {
    const pgStore = run.store === 'PostgreSQL';
    const pgHead = pgStore ? ` PostgreSQL CPU per click ${off} | ${on} |` : '';
    lines.push(
      `### ${run.store}`,
      '',
      `| pair | first | req/s ${off} | server CPU per click ${off} | req/s ${on} | server CPU per click ${on} | req/s ${on}/${off} | CPU ${on}/${off} |${pgHead}`,
      `| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |${pgStore ? ' ---: | ---: |' : ''}`,
      ...run.pairs.map(
        (p, i) =>
          `| ${i + 1} | ${p.first === 'on' ? on : off} | ${n(p.off.rps)} | ${us(p.off.serverUs)} | ${n(p.on.rps)} | ` +
          `${us(p.on.serverUs)} | ${(p.on.rps / p.off.rps).toFixed(3)} | ${(p.on.serverUs / p.off.serverUs).toFixed(3)} |` +
          (pgStore ? ` ${us(p.off.postgresUs)} | ${us(p.on.postgresUs)} |` : ''),
      ),
      '',
      `- Clicks of the ${on} phases: ${reasonsText(run.reasons.on)}.`,
      `- Clicks of the ${off} phases: ${reasonsText(run.reasons.off)}.`,
      '',
    );
  }
  lines.push(
    '### Summary',
    '',
    `| store | server CPU per click ${off} | ${on} | CPU ${on}/${off}, median of pairs | all clicks | ` +
      `pairs from – to | req/s ${off} (mean) | ${on} (mean) | req/s ${on}/${off}, median |${control ? '' : ' within 1.03 |'}`,
    `| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |${control ? '' : ' --- |'}`,
    ...runs.map((run) => {
      const r = ratios(run);
      return (
        `| ${run.store} | ${us(r.offUs)} | ${us(r.onUs)} | **${r.cpuMedian.toFixed(3)}** | ${r.cpuPooled.toFixed(3)} | ` +
        `${r.cpuMin.toFixed(3)} – ${r.cpuMax.toFixed(3)} | ${n(r.offRps)} | ${n(r.onRps)} | ${r.rpsMedian.toFixed(3)} |` +
        (control ? '' : ` ${r.cpuMedian <= CLASSIFY_GOAL ? 'yes' : '**no**'} |`)
      );
    }),
    '',
    `classify() alone, timed in the bench process (default rules, the four browsers, each (link, address) new, ` +
      `each address and user agent a new string as a request's are, a million calls, best of 5, less the unique test ` +
      `a click has without the rules): ` +
      `${ns.toFixed(0)} ns per click.`,
  );
  return lines;
}

/** Writes the block into `file`; answers its lines. */
export function spliceClassify(file: string, runs: ClassifyRun[], command: string): string[] {
  const lines = classifySection(runs, command);
  spliceBlock(file, CLASSIFY_BLOCKS[variantOf(runs[0])], lines);
  return lines;
}
