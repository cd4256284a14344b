// What metrics cost the click path: the app with METRICS_PORT set and the app without it, measured in
// alternating pairs in one run, each alone on CPU 1 with wrk (and PostgreSQL) on CPU 0, as the one-core
// runs measure it (bench/one-core.ts). Prints each pair and the ratio with / without of requests/s and of
// the server's CPU per click, then scrapes /metrics once to show the clicks were counted.
// `npx tsx bench/metrics-cost.ts` (BENCH_PAIRS, default 3; BENCH_ONE_CORE_S, default 8); needs PostgreSQL
// at BENCH_PG_URL, taskset, two CPUs and wrk.
import { checkClickLinks, clickPaths } from './demo-links';
import { LOAD_CPU, pin, pinPostgres, SERVER_CPU } from './lib/pinning';
import { dropDatabase, freshDatabase } from './lib/postgres';
import { freePort, sleep, startApp, type AppServer } from './lib/processes';
import { wrk } from './lib/wrk';
import fs from 'node:fs';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 3);
const SECONDS = Number(process.env.BENCH_ONE_CORE_S ?? 8);
const DB = 'salesdesk_bench_metrics';

interface Measured {
  rps: number;
  serverUs: number;
}

async function measure(app: AppServer): Promise<Measured> {
  const load = { baseUrl: app.baseUrl, paths: clickPaths, connections: 50 };
  await wrk({ ...load, seconds: 2 });
  const r = await wrk({ ...load, seconds: SECONDS, serverPid: app.pid });
  if (r.unexpected || r.errors) throw new Error(`${r.unexpected} unexpected answers, ${r.errors} errors`);
  await sleep(500); // the click writer's last batches
  return { rps: r.rps, serverUs: (r.cpu.serverS * 1e6) / Math.max(1, r.requests) };
}

const url = await freshDatabase(DB);
const metricsPort = await freePort();
const apps: AppServer[] = [];
const unpin = pinPostgres(LOAD_CPU, (msg) => console.error(`[bench] ${msg}`));
try {
  // Seeded by the first; the second finds the demo data.
  const off = await startApp({ databaseUrl: url });
  apps.push(off);
  const on = await startApp({ databaseUrl: url, env: { METRICS_PORT: String(metricsPort) } });
  apps.push(on);
  for (const app of apps) {
    await checkClickLinks(app.baseUrl);
    pin(app.pid!, SERVER_CPU);
  }
  const ratios: { rps: number; cpu: number }[] = [];
  for (let i = 0; i < PAIRS; i++) {
    // Alternate which goes first, so a drift of the machine does not favour one side.
    const [a, b] = i % 2 ? [on, off] : [off, on];
    const first = await measure(a);
    const second = await measure(b);
    const [mOff, mOn] = a === off ? [first, second] : [second, first];
    const pair = { rps: mOn.rps / mOff.rps, cpu: mOn.serverUs / mOff.serverUs };
    ratios.push(pair);
    console.log(
      `pair ${i + 1}: without metrics ${Math.round(mOff.rps)} req/s, ${mOff.serverUs.toFixed(2)} µs/click; ` +
        `with ${Math.round(mOn.rps)} req/s, ${mOn.serverUs.toFixed(2)} µs/click; ` +
        `ratio req/s ${pair.rps.toFixed(3)}, CPU per click ${pair.cpu.toFixed(3)}`,
    );
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  console.log(
    `median ratio with/without: req/s ${median(ratios.map((r) => r.rps)).toFixed(3)}, ` +
      `server CPU per click ${median(ratios.map((r) => r.cpu)).toFixed(3)}`,
  );
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  console.log(
    text
      .split('\n')
      .filter((l) => /^(clicks_recorded_total|click_writer_batch_size_count) /.test(l))
      .join('\n'),
  );
} finally {
  unpin();
  for (const app of apps) {
    await app.stop();
    fs.rmSync(app.dataDir, { recursive: true, force: true });
  }
  await dropDatabase(DB);
}
