// Postbacks alone against their baseline, alternating in one run: `npx tsx bench/postback-only.ts [pglite]`
// (PostgreSQL by default, database salesdesk_pb; BENCH_ROUNDS=3 repeats each pair on PostgreSQL).
// Prints postbacks/s, single-row INSERT commits/s, their ratio, the CPU split and what backends waited on.
// Both limits stay on: each request comes from one of many client addresses (X-Forwarded-For, the app
// trusting the loopback proxy) and, on PostgreSQL, BENCH_SITES more sites (copies of the demo sites and
// of their clicks) share the load, so neither 6,000 a minute per address nor per site is reached.
import fs from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { checkClickLinks, DEMO_SITES } from './demo-links';
import { POSTBACK_CONNECTIONS } from './event-path';
import { insertLoopPglite, insertLoopPostgres } from './insert-loop';
import { startCpuCount, type CpuSplit } from './lib/cpu';
import { DURATION_S, WARMUP_S, type LoadResult } from './lib/load';
import { dropDatabase, freshDatabase } from './lib/postgres';
import { sleep, startApp, type AppServer } from './lib/processes';

const DB_NAME = 'salesdesk_pb';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const EXTRA_SITES = Number(process.env.BENCH_SITES ?? 40);
const REQUESTS_PER_ADDRESS = 2000;
process.env.TRUST_PROXY = '127.0.0.1'; // inherited by the app process (startApp keeps this environment)
const cpuLine = (c: CpuSplit) =>
  `CPU server ${c.serverS.toFixed(1)} s, PostgreSQL ${c.postgresS.toFixed(1)} s, bench ${c.benchS.toFixed(1)} s`;

/** CPU seconds of every PostgreSQL process, backends that have exited included (the postmaster's cutime). */
function postgresCpuS(): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const f = stat
        .slice(stat.lastIndexOf(')') + 2)
        .split(' ')
        .map(Number);
      const parentIsPostgres = fs.readFileSync(`/proc/${f[1]}/comm`, 'utf8').trim() === 'postgres';
      total += f[11] + f[12] + (parentIsPostgres ? 0 : f[13] + f[14]);
    } catch {
      /* exited meanwhile */
    }
  }
  return total / 100;
}

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
  const cpu0 = postgresCpuS();
  return async () => {
    const cpuS = postgresCpuS() - cpu0;
    running = false;
    await done;
    const top = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 6);
    return `PostgreSQL CPU (all processes, exited included) ${cpuS.toFixed(1)} s; waits (active backends per sample, ${samples} samples): ${top
      .map(([w, n]) => `${w} ${(n / samples).toFixed(2)}`)
      .join(', ')}`;
  };
}

/** The n-th postback: sites in turn, a known click of that site, a new txId, a client address. */
function postbackRequest(clicks: Map<number, number[]>, run: string) {
  const sites = [...clicks.keys()];
  return (n: number) => {
    const site = sites[n % sites.length];
    const ids = clicks.get(site)!;
    const clickId = ids[Math.floor(n / sites.length) % ids.length];
    const a = Math.floor(n / REQUESTS_PER_ADDRESS);
    return {
      path: `/api/postback/${site}?token=demo-${site}&clickId=${clickId}&event=sale&txId=${run}-${n}&email=c${n}%40mail.example`,
      headers: { 'x-forwarded-for': `10.${(a >> 16) & 255}.${(a >> 8) & 255}.${a & 255}` },
    };
  };
}

function load(
  app: AppServer,
  request: ReturnType<typeof postbackRequest>,
  seconds: number,
  counter: { n: number },
) {
  return autocannon({
    url: app.baseUrl,
    connections: POSTBACK_CONNECTIONS,
    duration: seconds,
    pipelining: 1,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, ...request(counter.n++) }) }],
  });
}

/** Like lib/load.ts measureLoad: a warm-up, then the measured run with its CPU split. */
async function postbacks(app: AppServer, clickIds: Map<number, number[]>, tag: string): Promise<LoadResult> {
  const request = postbackRequest(clickIds, `pb${Date.now().toString(36)}${tag}`);
  const counter = { n: 0 };
  if (WARMUP_S > 0) await load(app, request, WARMUP_S, counter);
  const cpu = startCpuCount(app.pid);
  const r = await load(app, request, DURATION_S, counter);
  const answered = r['1xx'] + r['2xx'] + r['3xx'] + r['4xx'] + r['5xx'];
  return {
    rps: r['2xx'] / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    unexpected: answered - r['2xx'],
    errors: r.errors,
    cpu: cpu(),
  };
}

/** Copies of the demo sites (token demo-{id}) with copies of their clicks; the app reloads its cache. */
async function addSites(url: string, clickIds: Map<number, number[]>): Promise<Map<number, number[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const all = new Map(clickIds);
    for (let i = 0; i < EXTRA_SITES; i++) {
      const from = DEMO_SITES[i % DEMO_SITES.length];
      const { rows } = await client.query<{ id: number }>(
        `insert into sites (sitename, shortname, abbr, url, click_param, type, status, hidden, special_report,
           use_approve_sale, avp, postback_token)
         select sitename || ' bench ${i}', shortname, abbr, url, click_param, type, status, hidden, special_report,
           use_approve_sale, avp, 'pending' from sites where id = $1 returning id`,
        [from],
      );
      const site = rows[0].id;
      await client.query(`update sites set postback_token = 'demo-' || id where id = $1`, [site]);
      const clicks = await client.query<{ id: string }>(
        `insert into clicks (id, click_time, site_id, type_id, agent_id, office_id, ip, is_unique, referer, user_agent)
         select nextval('click_id_seq'), click_time, $1, type_id, agent_id, office_id, ip, is_unique, referer, user_agent
         from clicks where id = any($2::bigint[]) returning id`,
        [site, clickIds.get(from)],
      );
      all.set(
        site,
        clicks.rows.map((r) => Number(r.id)),
      );
    }
    await client.query(`select pg_notify('salesdesk_changes', 'bench tracking')`);
    await sleep(1000); // the app reloads its cache with the new tokens
    return all;
  } finally {
    await client.end();
  }
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
  const app = await startApp({ databaseUrl: url });
  try {
    const demoClicks = await checkClickLinks(app.baseUrl);
    await sleep(500); // the click writer's last batch
    const clickIds = await addSites(url, demoClicks);
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
  const app = await startApp({});
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
