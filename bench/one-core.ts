// The click redirect on one core (issue 10): the server alone on CPU 1, wrk (and PostgreSQL, when it is
// the store) on CPU 0; the bare node:http 302 on the same CPU is the baseline of the same run. Measures
// the maximum rate (wrk -t1 -c50), the latency at half the bare maximum (paced load), and the CPU time
// the server and PostgreSQL spend per click.
// `npm run bench -- one-core` runs only this; BENCH_APP_ROOT=<other checkout> measures that code instead.
// Cluster mode (BENCH_REDIS_URL): the app on PostgreSQL with REDIS_URL, Redis pinned with PostgreSQL.
import { checkClickLinks, CLICK_HEADERS, clickPaths } from './demo-links';
import { pinnedPacedLoad, type PacedResult } from './lib/paced-load';
import { LOAD_CPU, pin, pinPostgres, pinRedis, SERVER_CPU } from './lib/pinning';
import { deleteRedisKeys } from './lib/redis';
import { sleep, startApp, startBareRedirect, type RunningServer } from './lib/processes';
import { wrk, type WrkResult } from './lib/wrk';
import fs from 'node:fs';

export const ONE_CORE_CONNECTIONS = 50;
export const ONE_CORE_SECONDS = Number(process.env.BENCH_ONE_CORE_S ?? 8);
const WARMUP_S = 2;

export interface OneCoreServer {
  max: WrkResult;
  /** At half the bare server's maximum rate. */
  paced: PacedResult;
}

export type OneCoreStore = 'PGlite' | 'PostgreSQL' | 'PostgreSQL + Redis (cluster mode)';

export interface OneCoreRun {
  store: OneCoreStore;
  bare: OneCoreServer;
  app: OneCoreServer;
}

async function measure(server: RunningServer, halfRate: number | undefined): Promise<OneCoreServer> {
  // A browser's User-Agent on every click: without one a click is a bot's (issue 35), not a person's.
  const load = {
    baseUrl: server.baseUrl,
    paths: clickPaths,
    connections: ONE_CORE_CONNECTIONS,
    headers: CLICK_HEADERS,
  };
  await wrk({ ...load, seconds: WARMUP_S });
  const max = await wrk({ ...load, seconds: ONE_CORE_SECONDS, serverPid: server.pid });
  await sleep(500); // the click writer's last batches
  const paced = await pinnedPacedLoad({
    port: server.port,
    paths: clickPaths,
    rate: Math.round(halfRate ?? max.rps / 2),
    connections: ONE_CORE_CONNECTIONS,
    headers: CLICK_HEADERS,
    warmupS: WARMUP_S,
    seconds: ONE_CORE_SECONDS,
    serverPid: server.pid,
  });
  return { max, paced };
}

/**
 * Bare 302, then the app on the store (PGlite unless `databaseUrl`; cluster mode with `redisUrl`), both
 * pinned to SERVER_CPU.
 */
export async function oneCoreRun(
  databaseUrl?: string,
  cwd = process.env.BENCH_APP_ROOT,
  redisUrl?: string,
): Promise<OneCoreRun> {
  const bareServer = await startBareRedirect();
  let bare: OneCoreServer;
  try {
    pin(bareServer.pid!, SERVER_CPU);
    bare = await measure(bareServer, undefined);
  } finally {
    await bareServer.stop();
  }
  // A prefix of its own: the unique keys the run leaves (two days' expiry) are deleted afterwards.
  const redisPrefix = `bench:one-core:${process.pid}:${Date.now()}:`;
  const cluster = databaseUrl && redisUrl ? { REDIS_URL: redisUrl, REDIS_PREFIX: redisPrefix } : undefined;
  const app = await startApp({ databaseUrl, cwd, env: cluster });
  const warn = (msg: string) => console.error(`[bench] ${msg}`);
  const unpinPostgres = databaseUrl ? pinPostgres(LOAD_CPU, warn) : () => undefined;
  const unpinRedis = cluster ? pinRedis(LOAD_CPU, warn) : () => undefined;
  const store: OneCoreStore = cluster
    ? 'PostgreSQL + Redis (cluster mode)'
    : databaseUrl
      ? 'PostgreSQL'
      : 'PGlite';
  try {
    await checkClickLinks(app.baseUrl);
    pin(app.pid!, SERVER_CPU);
    return { store, bare, app: await measure(app, bare.max.rps / 2) };
  } finally {
    unpinRedis();
    unpinPostgres();
    await app.stop();
    fs.rmSync(app.dataDir, { recursive: true, force: true });
    if (cluster) await deleteRedisKeys(cluster.REDIS_URL, redisPrefix);
  }
}
