// What the outbox costs a postback (issue 34): postbacks per second with one webhook endpoint subscribed
// to sale.created against none, in pairs on one running app and one database:
// `BENCH_PIN=1 npx tsx bench/outbox-cost.ts` on PostgreSQL, `BENCH_STORE=pglite BENCH_PIN=1 npx tsx
// bench/outbox-cost.ts` on PGlite (BENCH_ROUNDS pairs, 6 by default, in the order none-one, one-none, ...
// so a drift of the machine falls on both sides alike).
//
// The endpoint is made and deleted through the API as a business would (the demo superadmin's PUT and
// DELETE /api/webhooks), with the server running. It is enabled, and the System Options switch for
// private addresses is on, so the server's delivery loop signs and POSTs each sale's event to a loopback
// receiver (bench/webhook-receiver.ts) while the postbacks flow: the cost measured is the outbox's write
// in each sale's statement (the event) and the loop's work in the same process (fanning out, sending).
// BENCH_OUTBOX_DISABLED=1 disables the endpoint instead (each sale still writes its event, which the loop
// fans out as a held delivery; nothing is sent).
import fs from 'node:fs';
import pg from 'pg';
import { OPTION_NAMES } from '@salesdesk/contract';
import { spawnServer } from '@salesdesk/server/src/test/server-process';
import { POSTBACK_CONNECTIONS } from './event-path';
import { DURATION_S, measureLoad } from './lib/load';
import { LOAD_CPU, pin, SERVER_CPU } from './lib/pinning';
import { dropDatabase, freshDatabase } from './lib/postgres';
import { sleep, startApp } from './lib/processes';
import { POSTBACK_APP_ENV, postbackHeaders, postbackPath, superToken, withSiteCopies } from './postback-load';

const DB_NAME = process.env.BENCH_PB_DB ?? 'salesdesk_outbox';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const PGLITE = process.env.BENCH_STORE === 'pglite';
const PIN = process.env.BENCH_PIN === '1';
const DISABLED = process.env.BENCH_OUTBOX_DISABLED === '1';
/** After a round with the endpoint, how long its deliveries may take to arrive. */
const DRAIN_LIMIT_MS = 180_000;

const url = PGLITE ? undefined : await freshDatabase(DB_NAME);
let app = await startApp({ databaseUrl: url, env: POSTBACK_APP_ENV });
const receiver = await spawnServer({
  args: ['--import', 'tsx', 'bench/webhook-receiver.ts'],
  readyPath: '/count',
});
/** Autovacuum and autoanalyze runs so far, by table (PostgreSQL): what ran inside a measurement is told with it. */
async function maintenanceRuns(): Promise<Map<string, number>> {
  const runs = new Map<string, number>();
  if (!url) return runs;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ relname: string; n: string }>(
      'select relname, autovacuum_count + autoanalyze_count as n from pg_stat_user_tables',
    );
    for (const r of rows) runs.set(r.relname, Number(r.n));
  } finally {
    await client.end();
  }
  return runs;
}
const ranSince = (before: Map<string, number>, after: Map<string, number>) =>
  [...after]
    .filter(([t, n]) => n > (before.get(t) ?? 0))
    .map(([t, n]) => `${t} ${n - (before.get(t) ?? 0)}`)
    .join(', ') || 'none';
const posted = async () => Number(await (await fetch(`${receiver.baseUrl}/count`)).text());

async function api(token: string, method: string, route: string, body?: unknown) {
  const res = await fetch(`${app.baseUrl}/api/${route}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : res.json();
}

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
  // One counter for every round: each postback a new sale, each client address its own 2,000.
  const counter = { n: 0 };
  const ratios: number[] = [];
  const totals = { none: 0, one: 0 };
  for (let round = 1; round <= ROUNDS; round++) {
    const rates: Record<string, number> = {};
    for (const subscribed of round % 2 ? [false, true] : [true, false]) {
      const hook = subscribed
        ? ((await api(token, 'PUT', 'webhooks', {
            kind: 'webhook',
            name: `bench ${round}`,
            url: `${receiver.baseUrl}/hook`,
            eventTypes: ['sale.created'],
          })) as { id: number })
        : null;
      if (hook && DISABLED) await api(token, 'POST', `webhooks/${hook.id}/disable`, {});
      const before = await posted();
      const runs0 = await maintenanceRuns();
      const sent0 = counter.n;
      const load = await measureLoad(
        {
          baseUrl: app.baseUrl,
          serverPid: app.pid,
          path: postbackPath(clickIds, `ob${Date.now().toString(36)}${round}${subscribed ? 's' : 'n'}`),
          headers: postbackHeaders,
          connections: POSTBACK_CONNECTIONS,
          expect: '2xx',
        },
        counter,
      );
      const maintenance = url ? `; autovacuum/analyze runs: ${ranSince(runs0, await maintenanceRuns())}` : '';
      const label = subscribed ? 'one endpoint' : 'none';
      rates[label] = load.rps;
      let delivery = '';
      if (hook && !DISABLED) {
        // What arrived while the load ran, and how long the rest took once it stopped.
        const during = (await posted()) - before;
        const t0 = Date.now();
        let last = -1;
        let now = await posted();
        while (now !== last && Date.now() - t0 < DRAIN_LIMIT_MS) {
          await sleep(3000);
          [last, now] = [now, await posted()];
        }
        delivery = `; delivered ${during} while the load ran, ${now - before} of ${counter.n - sent0} sales in all after ${((Date.now() - t0) / 1000).toFixed(0)} s more`;
      }
      if (hook) await api(token, 'DELETE', `webhooks/${hook.id}`);
      console.log(
        `round ${round}, ${label}: ${load.rps.toFixed(0)} postbacks/s (p50 ${load.p50} ms, p99 ${load.p99} ms, ` +
          `server CPU ${load.cpu.serverS.toFixed(1)} s, PostgreSQL CPU ${load.cpu.postgresS.toFixed(1)} s ` +
          `(${((load.cpu.postgresS * 1e6) / (load.rps * DURATION_S)).toFixed(0)} µs a postback), ` +
          `CPUs busy ${load.cpu.busy.map((b) => `${(b * 100).toFixed(0)} %`).join(' / ')}, unexpected ${load.unexpected}, errors ${load.errors})${delivery}${maintenance}`,
      );
    }
    ratios.push(rates['one endpoint'] / rates.none);
    totals.none += rates.none;
    totals.one += rates['one endpoint'];
    console.log(`round ${round}: ratio ${ratios.at(-1)!.toFixed(3)}`);
  }
  const sorted = [...ratios].sort((a, b) => a - b);
  const median = (sorted[(sorted.length - 1) >> 1] + sorted[sorted.length >> 1]) / 2;
  console.log(
    `${PGLITE ? 'PGlite' : 'PostgreSQL'}, endpoint ${DISABLED ? 'disabled' : 'enabled, delivering'}, ${DURATION_S} s each; ` +
      `ratios ${ratios.map((r) => r.toFixed(3)).join(', ')}; median ${median.toFixed(3)}; ` +
      `mean postbacks/s ${(totals.one / ROUNDS).toFixed(0)} with the endpoint, ${(totals.none / ROUNDS).toFixed(0)} without ` +
      `(ratio ${(totals.one / totals.none).toFixed(3)})`,
  );
} finally {
  await app.stop();
  await receiver.stop();
  fs.rmSync(app.dataDir, { recursive: true, force: true });
  if (url) await dropDatabase(DB_NAME);
}
