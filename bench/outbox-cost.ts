// What the outbox costs a postback (issue 34): postbacks per second with one webhook endpoint subscribed
// to sale.created (each sale also writes its event and one delivery, in its own statement) against none,
// alternating in one run on one PostgreSQL database: `BENCH_PIN=1 npx tsx bench/outbox-cost.ts`
// (BENCH_ROUNDS pairs, 3 by default). The endpoint is a row put in the database: the endpoint screens
// come later in the issue; the postback path reads only the table.
import fs from 'node:fs';
import pg from 'pg';
import { checkClickLinks } from './demo-links';
import { POSTBACK_CONNECTIONS } from './event-path';
import { DURATION_S, measureLoad } from './lib/load';
import { LOAD_CPU, pin, SERVER_CPU } from './lib/pinning';
import { dropDatabase, freshDatabase } from './lib/postgres';
import { sleep, startApp } from './lib/processes';
import { addSites, EXTRA_SITES, POSTBACK_APP_ENV, postbackHeaders, postbackPath } from './postback-load';

const DB_NAME = process.env.BENCH_PB_DB ?? 'salesdesk_outbox';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const url = await freshDatabase(DB_NAME);
const app = await startApp({ databaseUrl: url, env: POSTBACK_APP_ENV });
if (process.env.BENCH_PIN === '1') {
  pin(app.pid!, SERVER_CPU);
  pin(process.pid, LOAD_CPU);
}
const db = new pg.Client({ connectionString: url });
await db.connect();
try {
  const clickIds = await addSites(url, await checkClickLinks(app.baseUrl), EXTRA_SITES);
  await sleep(500);
  const { rows } = await db.query<{ id: number }>(
    `select id from accounts where role = 0 order by id limit 1`,
  );
  const ratios: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const rates: Record<string, number> = {};
    for (const subscribed of [false, true]) {
      await db.query('delete from webhook_endpoints');
      if (subscribed)
        await db.query(
          `insert into webhook_endpoints (owner_id, kind, name, url, event_types)
           values ($1, 1, 'bench', 'http://127.0.0.1:9/hook', '{sale.created}')`,
          [rows[0].id],
        );
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
  const { rows: written } = await db.query<{ events: number }>(
    `select count(*)::int as events from webhook_events`,
  );
  console.log(
    `${DURATION_S} s each; ratios ${ratios.map((r) => r.toFixed(3)).join(', ')}; events written ${written[0].events}`,
  );
} finally {
  await db.end();
  await app.stop();
  fs.rmSync(app.dataDir, { recursive: true, force: true });
  await dropDatabase(DB_NAME);
}
