// What the outbox costs a postback (issue 34), measured as bench/classify-cost.ts measures the click
// rules: one app, one postback load throughout, and one webhook endpoint whose subscription the bench
// switches between sale.created and none (`POST /api/webhooks/{id}`, as its owner would) every half
// second. Each phase's postbacks are counted from the database by the sales' time, its CPU (the server's
// to the nanosecond, PostgreSQL's in ticks) read at its bounds. The phases come in pairs, the first of a
// pair alternating (ABBA), so a drift of the machine favours neither side.
//
// `BENCH_PIN=1 npx tsx bench/outbox-toggle.ts` on PostgreSQL, `BENCH_STORE=pglite BENCH_PIN=1 npx tsx
// bench/outbox-toggle.ts` on PGlite; BENCH_TOGGLE_PAIRS pairs (100), BENCH_TOGGLE_PHASE_S seconds a
// phase (0.5), after a warm-up of 4 s on each side. BENCH_TOGGLE_CONTROL=1 is the A/A run of this method:
// the same switches, to pay_period.paid (which no postback makes) instead of sale.created.
//
// Why: bench/outbox-cost.ts measures pairs of 10 s runs, one with an endpoint and one without, 30-45 s a
// pair with the drain; 14 pairs placed the ratio between 0.84 and 0.96 (95 %), too wide to tell 0.90 from
// 0.95. Here both sides share one process, its JIT, heap and connections, and the noise of each phase
// averages out over many.
//
// What each side holds: subscribed, every sale writes its event in its own statement; unsubscribed, none
// does. The endpoint stays enabled and the private-address option on, so the server's delivery loop
// fans out and sends the events to a loopback receiver (bench/webhook-receiver.ts) while the load runs:
// the loop works on the backlog in both sides (it takes a bounded share of the process, webhooks/
// runtime.ts), so this measures the write in the postback path; bench/outbox-cost.ts measures the whole,
// delivery included, against a run with no endpoint at all.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { OPTION_NAMES } from '@salesdesk/contract';
import { spawnServer } from '@salesdesk/server/src/test/server-process';
import { POSTBACK_CONNECTIONS } from './event-path';
import { processCpuNsS, startPostgresCpu } from './lib/cpu';
import { runLoad } from './lib/load';
import { median } from './lib/median';
import { LOAD_CPU, pin, SERVER_CPU } from './lib/pinning';
import { dropDatabase, freshDatabase } from './lib/postgres';
import { sleep, startApp } from './lib/processes';
import {
  POSTBACK_APP_ENV,
  postbackHeaders,
  postbackPath,
  superToken,
  withSiteCopies,
  type SqlQuery,
} from './postback-load';

const DB_NAME = process.env.BENCH_PB_DB ?? 'salesdesk_outbox_toggle';
const PAIRS = Number(process.env.BENCH_TOGGLE_PAIRS ?? 100);
const PHASE_S = Number(process.env.BENCH_TOGGLE_PHASE_S ?? 0.5);
const CONTROL = process.env.BENCH_TOGGLE_CONTROL === '1';
const PGLITE = process.env.BENCH_STORE === 'pglite';
const PIN = process.env.BENCH_PIN === '1';
const WARMUP_S = 4;

type Side = 'one' | 'none';
interface Window {
  side: Side;
  from: Date;
  to: Date;
  serverS: number;
  postgresS: number;
}
interface Measure {
  postbacks: number;
  events: number;
  seconds: number;
  serverS: number;
  postgresS: number;
}

const url = PGLITE ? undefined : await freshDatabase(DB_NAME);
let app = await startApp({ databaseUrl: url, env: POSTBACK_APP_ENV });
const receiver = await spawnServer({
  args: ['--import', 'tsx', 'bench/webhook-receiver.ts'],
  readyPath: '/count',
});
const posted = async () => Number(await (await fetch(`${receiver.baseUrl}/count`)).text());

async function api(token: string, method: string, route: string, body?: unknown) {
  const res = await fetch(`${app.baseUrl}/api/${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Runs `use` with a query on the app's database: PostgreSQL, or its PGlite directory (the app stopped). */
async function withDatabase<T>(use: (q: SqlQuery) => Promise<T>): Promise<T> {
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await use((text, params) => client.query(text, params));
    } finally {
      await client.end();
    }
  }
  const lite = await PGlite.create(path.join(app.dataDir, 'pglite'));
  try {
    return await use((text, params) => lite.query(text, params) as ReturnType<SqlQuery>);
  } finally {
    await lite.close();
  }
}

const windows: Window[] = [];
const sent = { before: 0, after: 0 };
let loadEnd = '';
try {
  const copied = await withSiteCopies(app, url);
  app = copied.app;
  const clickIds = copied.clickIds;
  if (PIN) {
    pin(app.pid!, SERVER_CPU);
    pin(process.pid, LOAD_CPU);
    pin(receiver.pid!, LOAD_CPU);
  }
  const token = await superToken(app.baseUrl);
  await api(token, 'POST', 'options', [{ name: OPTION_NAMES.webhooksPrivateAddresses, value: '1' }]);
  const hook = (await api(token, 'PUT', 'webhooks', {
    kind: 'webhook',
    name: 'bench toggle',
    url: `${receiver.baseUrl}/hook`,
    eventTypes: [],
  })) as { id: number };
  let side: Side = 'none';
  const turn = async (to: Side) => {
    if (to !== side)
      await api(token, 'POST', `webhooks/${hook.id}`, {
        name: 'bench toggle',
        url: `${receiver.baseUrl}/hook`,
        eventTypes: to === 'none' ? [] : [CONTROL ? 'pay_period.paid' : 'sale.created'],
      });
    side = to;
  };
  const postgresCpu = startPostgresCpu();
  const mark = () => ({
    at: new Date(),
    serverS: processCpuNsS(app.pid!),
    postgresS: url ? postgresCpu() : 0,
  });
  // The load outlasts the phases: each switch is a request answered between them.
  const seconds = Math.ceil(2 * WARMUP_S + 2 * PAIRS * PHASE_S + PAIRS / 2 + 10);
  const counter = { n: 0 };
  sent.before = await posted();
  const load = runLoad(
    {
      baseUrl: app.baseUrl,
      path: postbackPath(clickIds, `tg${Date.now().toString(36)}`),
      headers: postbackHeaders,
      connections: POSTBACK_CONNECTIONS,
      expect: '2xx',
    },
    seconds,
    counter,
  );
  const started = Date.now();
  for (const s of ['one', 'none'] as const) {
    await turn(s);
    await sleep(WARMUP_S * 1000);
  }
  for (let i = 0; i < PAIRS; i++)
    for (const s of (i % 2 ? ['none', 'one'] : ['one', 'none']) as Side[]) {
      await turn(s);
      const from = mark();
      await sleep(PHASE_S * 1000);
      const to = mark();
      windows.push({
        side: s,
        from: from.at,
        to: to.at,
        serverS: to.serverS - from.serverS,
        postgresS: to.postgresS - from.postgresS,
      });
    }
  if ((Date.now() - started) / 1000 > seconds - 1)
    throw new Error('the phases outlasted the load: lengthen it');
  const r = await load;
  const answered = r['1xx'] + r['2xx'] + r['3xx'] + r['4xx'] + r['5xx'];
  if (answered !== r['2xx'] || r.errors)
    throw new Error(`${answered - r['2xx']} unexpected answers, ${r.errors} errors`);
  sent.after = await posted();
  loadEnd = `${r['2xx']} postbacks in ${seconds} s`;
} finally {
  await app.stop();
  await receiver.stop();
}

try {
  const measures = await withDatabase(async (q) => {
    const out: Measure[] = [];
    for (const w of windows) {
      const params = [w.from, w.to];
      const [{ n }] = (await q(`select count(*)::int as n from sales where date >= $1 and date < $2`, params))
        .rows as { n: number }[];
      const [{ e }] = (
        await q(
          `select count(*)::int as e from webhook_events where type = 'sale.created' and created_at >= $1 and created_at < $2`,
          params,
        )
      ).rows as { e: number }[];
      const seconds = (w.to.getTime() - w.from.getTime()) / 1000;
      out.push({ postbacks: n, events: e, seconds, serverS: w.serverS, postgresS: w.postgresS });
    }
    return out;
  });
  const sum = (s: Side, f: (m: Measure) => number) =>
    windows.reduce((a, w, i) => a + (w.side === s ? f(measures[i]) : 0), 0);
  const side = (s: Side) => {
    const postbacks = sum(s, (m) => m.postbacks);
    return {
      rate: postbacks / sum(s, (m) => m.seconds),
      events: sum(s, (m) => m.events),
      postbacks,
      serverUs: (sum(s, (m) => m.serverS) * 1e6) / postbacks,
      postgresUs: (sum(s, (m) => m.postgresS) * 1e6) / postbacks,
    };
  };
  const [one, none] = [side('one'), side('none')];
  const pairRatios: number[] = [];
  for (let i = 0; i + 1 < windows.length; i += 2) {
    const [a, b] = [measures[i], measures[i + 1]];
    const [m1, m0] = windows[i].side === 'one' ? [a, b] : [b, a];
    pairRatios.push(m1.postbacks / m1.seconds / (m0.postbacks / m0.seconds));
  }
  // The 95 % interval of the pairs' geometric mean (t, n - 1 degrees of freedom, n >= 30: 2.0 or less).
  const logs = pairRatios.map(Math.log);
  const mean = logs.reduce((a, b) => a + b, 0) / logs.length;
  const sd = Math.sqrt(logs.reduce((a, b) => a + (b - mean) ** 2, 0) / (logs.length - 1));
  const half = (2.0 * sd) / Math.sqrt(logs.length);
  const f = (x: number) => x.toFixed(3);
  console.log(
    `${PGLITE ? 'PGlite' : 'PostgreSQL'}${CONTROL ? ' (control: switched to pay_period.paid)' : ''}, ${PAIRS} pairs of ${PHASE_S} s; ${loadEnd}; ` +
      `delivered to the receiver meanwhile ${sent.after - sent.before}\n` +
      `  subscribed: ${one.rate.toFixed(0)} postbacks/s, ${one.events} events for ${one.postbacks} postbacks, ` +
      `server ${one.serverUs.toFixed(0)} µs and PostgreSQL ${one.postgresUs.toFixed(0)} µs of CPU a postback\n` +
      `  none:       ${none.rate.toFixed(0)} postbacks/s, ${none.events} events for ${none.postbacks} postbacks, ` +
      `server ${none.serverUs.toFixed(0)} µs and PostgreSQL ${none.postgresUs.toFixed(0)} µs of CPU a postback\n` +
      `  postbacks/s subscribed over none: ${f(one.rate / none.rate)} over all phases, median of pairs ${f(median(pairRatios))}, ` +
      `geometric mean ${f(Math.exp(mean))} (95 %: ${f(Math.exp(mean - half))}-${f(Math.exp(mean + half))}); ` +
      `CPU a postback (server and PostgreSQL) ${f((one.serverUs + one.postgresUs) / (none.serverUs + none.postgresUs))}`,
  );
} finally {
  fs.rmSync(app.dataDir, { recursive: true, force: true });
  if (url) await dropDatabase(DB_NAME);
}
