// What metrics cost the click path: the app with METRICS_PORT set and the app without it, measured in
// alternating pairs in one run, each alone on CPU 1 with wrk (and PostgreSQL) on CPU 0, as the one-core
// runs measure it (bench/one-core.ts). Prints each pair and the ratio with / without of requests/s and of
// the server's CPU per click, scrapes /metrics once to show the clicks were counted, and writes its
// section of bench/RESULTS.md.
// `npx tsx bench/metrics-cost.ts` (BENCH_PAIRS, default 3; BENCH_ONE_CORE_S, default 8); needs PostgreSQL
// at BENCH_PG_URL, taskset, two CPUs and wrk.
import { checkClickLinks, CLICK_HEADERS, clickPaths } from './demo-links';
import { LOAD_CPU, pin, pinPostgres, SERVER_CPU } from './lib/pinning';
import { dropDatabase, freshDatabase } from './lib/postgres';
import { freePort, sleep, startApp, type AppServer } from './lib/processes';
import { wrk } from './lib/wrk';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { machine, METRICS_COST_BLOCK, spliceBlock } from './lib/report';
import { createAppMetrics } from '@salesdesk/server/src/common/metrics/app-metrics';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 3);
const SECONDS = Number(process.env.BENCH_ONE_CORE_S ?? 8);
const DB = 'salesdesk_bench_metrics';
// BENCH_CONTROL=1: the second app also runs without metrics (an A/A run: how far two equal processes
// differ here); it prints its pairs and leaves RESULTS.md alone.
const CONTROL = process.env.BENCH_CONTROL === '1';

interface Measured {
  rps: number;
  serverUs: number;
}

/** Nanoseconds one lane click adds with metrics on (its meter call), timed in this process: the best of 5. */
function meterNs(): number {
  const m = createAppMetrics({ clickRoute: '/c', postbackRoute: '/p', clickWriter: () => undefined });
  const n = 10_000_000;
  let best = Infinity;
  for (let r = 0; r < 5; r++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < n; i++) m.lanes.clickAnswered(true, 0.0004 + (i & 7) * 0.0001);
    best = Math.min(best, Number(process.hrtime.bigint() - t0) / n);
  }
  return best;
}

async function measure(app: AppServer): Promise<Measured> {
  const load = { baseUrl: app.baseUrl, paths: clickPaths, connections: 50, headers: CLICK_HEADERS };
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
  const on = await startApp({ databaseUrl: url, env: CONTROL ? {} : { METRICS_PORT: String(metricsPort) } });
  apps.push(on);
  for (const app of apps) {
    await checkClickLinks(app.baseUrl);
    pin(app.pid!, SERVER_CPU);
  }
  const load0 = os.loadavg()[0];
  const ratios: { rps: number; cpu: number }[] = [];
  const pairs: string[] = [];
  for (let i = 0; i < PAIRS; i++) {
    // Alternate which goes first, so a drift of the machine does not favour one side.
    const [a, b] = i % 2 ? [on, off] : [off, on];
    const first = await measure(a);
    const second = await measure(b);
    const [mOff, mOn] = a === off ? [first, second] : [second, first];
    const pair = { rps: mOn.rps / mOff.rps, cpu: mOn.serverUs / mOff.serverUs };
    ratios.push(pair);
    pairs.push(
      `| ${i + 1} | ${Math.round(mOff.rps).toLocaleString('en-US')} | ${mOff.serverUs.toFixed(1)} µs | ` +
        `${Math.round(mOn.rps).toLocaleString('en-US')} | ${mOn.serverUs.toFixed(1)} µs | ` +
        `${pair.rps.toFixed(3)} | ${pair.cpu.toFixed(3)} |`,
    );
    console.log(pairs[i]);
  }
  const median = (xs: number[]) => {
    const s = [...xs].sort((x, y) => x - y);
    const m = s.length >> 1;
    return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
  };
  if (CONTROL) {
    console.log(
      `control (A/A) median ratio: req/s ${median(ratios.map((r) => r.rps)).toFixed(3)}, CPU per click ${median(ratios.map((r) => r.cpu)).toFixed(3)}`,
    );
  }
  const text = CONTROL ? '' : await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  const recorded = /^clicks_recorded_total (\d+)/m.exec(text)?.[1] ?? '?';
  const load = `${load0.toFixed(1)} at the start, ${os.loadavg()[0].toFixed(1)} at the end`;
  const lines = [
    '## Metrics on the click path (PostgreSQL, one core)',
    '',
    `Written by \`npx tsx bench/metrics-cost.ts\` (BENCH_PAIRS=${PAIRS}, BENCH_ONE_CORE_S=${SECONDS}) on ` +
      `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. Machine: ${machine()}; load average ${load}.`,
    '',
    'Two apps on one PostgreSQL database, one with `METRICS_PORT` set and one without, both on CPU ' +
      `${SERVER_CPU} (only the measured one gets clicks), wrk \`-t1 -c50\` and PostgreSQL on CPU ${LOAD_CPU}; ` +
      `in each pair both are measured (2 s warm-up, ${SECONDS} s measured), the first of the pair alternating.`,
    '',
    '| pair | req/s without | server CPU per click without | req/s with | server CPU per click with | req/s ratio with/without | CPU ratio with/without |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...pairs,
    '',
    `Median ratio with/without: requests/s ${median(ratios.map((r) => r.rps)).toFixed(3)}, server CPU per ` +
      `click ${median(ratios.map((r) => r.cpu)).toFixed(3)}. The app with metrics counted ` +
      `${Number(recorded).toLocaleString('en-US')} clicks (\`clicks_recorded_total\`, warm-ups included).`,
    `The meter's own work per lane click (a count and a latency histogram bucket, timed in the bench ` +
      `process over 10 million calls, best of 5): ${meterNs().toFixed(1)} ns.`,
    'When other processes share the machine (the load average above 2), requests/s swings with them from ' +
      'one measurement to the next, and the server’s CPU per click too, less.',
  ];
  const results = path.join(path.dirname(fileURLToPath(import.meta.url)), 'RESULTS.md');
  if (!CONTROL) spliceBlock(results, METRICS_COST_BLOCK, lines);
  console.log(lines.join('\n'));
} finally {
  unpin();
  for (const app of apps) {
    await app.stop();
    fs.rmSync(app.dataDir, { recursive: true, force: true });
  }
  await dropDatabase(DB);
}
