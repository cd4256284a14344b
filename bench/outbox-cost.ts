// What the outbox costs a postback (issue 34): postbacks per second with one webhook endpoint subscribed
// to sale.created (each sale also writes its event and one delivery, in its own statement) against none,
// alternating in one run on one database: `BENCH_PIN=1 npx tsx bench/outbox-cost.ts` on PostgreSQL,
// `BENCH_STORE=pglite BENCH_PIN=1 npx tsx bench/outbox-cost.ts` on PGlite (BENCH_ROUNDS pairs, 3 by
// default). The endpoint is a row put in the database: the postback path reads only the table. On
// PostgreSQL it is written through a connection while the app runs; PGlite's directory has one owner, so
// there the app stops, the row is written, and the app starts again before each measurement (each of
// them, with or without the endpoint, on a new process).
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { checkClickLinks } from './demo-links';
import { POSTBACK_CONNECTIONS } from './event-path';
import { DURATION_S, measureLoad } from './lib/load';
import { LOAD_CPU, pin, SERVER_CPU } from './lib/pinning';
import { dropDatabase, freshDatabase } from './lib/postgres';
import { sleep, startApp } from './lib/processes';
import {
  addSites,
  copySites,
  EXTRA_SITES,
  POSTBACK_APP_ENV,
  postbackHeaders,
  postbackPath,
  type SqlQuery,
} from './postback-load';

const DB_NAME = process.env.BENCH_PB_DB ?? 'salesdesk_outbox';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PGLITE = process.env.BENCH_STORE === 'pglite';
const PIN = process.env.BENCH_PIN === '1';
/**
 * The endpoint is disabled, so each sale still writes its event and a delivery (held) in its statement,
 * and the app's delivery loop has nothing due: the cost measured is the outbox's alone.
 * BENCH_OUTBOX_ENABLED=1 enables it: the loop then also takes each delivery and refuses it (127.0.0.1 is
 * a private address, which the option leaves off), in the server's process.
 */
const ENABLED = process.env.BENCH_OUTBOX_ENABLED === '1';

const url = PGLITE ? undefined : await freshDatabase(DB_NAME);
let app = await startApp({ databaseUrl: url, env: POSTBACK_APP_ENV });
if (PIN) {
  pin(app.pid!, SERVER_CPU);
  pin(process.pid, LOAD_CPU);
}
const db = url ? new pg.Client({ connectionString: url }) : undefined;
await db?.connect();

/** Runs `fn` on the data: through the connection (PostgreSQL), or with the app stopped and then started again (PGlite). */
async function onData<T>(fn: (query: SqlQuery) => Promise<T>): Promise<T> {
  if (db) return fn((text, params) => db.query(text, params));
  await app.stop();
  const lite = await PGlite.create(path.join(app.dataDir, 'pglite'));
  try {
    return await fn((text, params) => lite.query(text, params));
  } finally {
    await lite.close();
    app = await startApp({ env: POSTBACK_APP_ENV, dataDir: app.dataDir });
    if (PIN) pin(app.pid!, SERVER_CPU);
  }
}

try {
  const demoClicks = await checkClickLinks(app.baseUrl);
  await sleep(500);
  // 40 more sites (copies of the demo sites and their clicks), so no site reaches 6,000 postbacks a minute.
  const clickIds = url
    ? await addSites(url, demoClicks, EXTRA_SITES)
    : await onData((query) => copySites(query, demoClicks, EXTRA_SITES));
  const ratios: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const rates: Record<string, number> = {};
    for (const subscribed of [false, true]) {
      await onData(async (query) => {
        await query('delete from webhook_endpoints', []);
        if (subscribed)
          await query(
            `insert into webhook_endpoints (owner_id, kind, name, url, event_types, enabled)
             select id, 1, 'bench', 'http://127.0.0.1:9/hook', '{sale.created}', $1
             from accounts where role = 0 order by id limit 1`,
            [ENABLED],
          );
      });
      const load = await measureLoad({
        baseUrl: app.baseUrl,
        serverPid: app.pid,
        path: postbackPath(clickIds, `ob${Date.now().toString(36)}${round}${subscribed ? 's' : 'n'}`),
        headers: postbackHeaders,
        connections: POSTBACK_CONNECTIONS,
        expect: '2xx',
      });
      const label = subscribed ? 'one endpoint' : 'none';
      rates[label] = load.rps;
      console.log(
        `round ${round}, ${label}: ${load.rps.toFixed(0)} postbacks/s (p50 ${load.p50} ms, p99 ${load.p99} ms, unexpected ${load.unexpected}, errors ${load.errors})`,
      );
    }
    ratios.push(rates['one endpoint'] / rates.none);
    console.log(`round ${round}: ratio ${ratios.at(-1)!.toFixed(3)}`);
  }
  // The deliveries written: held (3) while the endpoint is disabled; else what the delivery loop made of them.
  const written = await onData(async (query) => {
    const events = await query(`select count(*)::int as n from webhook_events`, []);
    const deliveries = await query(
      `select status, count(*)::int as n from webhook_deliveries group by status order by status`,
      [],
    );
    return {
      events: (events.rows[0] as { n: number }).n,
      deliveries: (deliveries.rows as { status: number; n: number }[]).map(
        (r) => `${r.n} in status ${r.status}`,
      ),
    };
  });
  console.log(
    `${PGLITE ? 'PGlite' : 'PostgreSQL'}, endpoint ${ENABLED ? 'enabled' : 'disabled'}, ${DURATION_S} s each; ratios ${ratios.map((r) => r.toFixed(3)).join(', ')}; ` +
      `events written ${written.events}; deliveries ${written.deliveries.join(', ')}`,
  );
} finally {
  await db?.end();
  await app.stop();
  fs.rmSync(app.dataDir, { recursive: true, force: true });
  if (url) await dropDatabase(DB_NAME);
}
