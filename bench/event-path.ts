// Click redirect and postback throughput of the real server on one store (PGlite or PostgreSQL),
// with the postback baseline (single-row INSERT commits) on the same database.
import fs from 'node:fs';
import { checkClickLinks, CLICK_HEADERS, clickPath } from './demo-links';
import { insertLoopPglite, insertLoopPostgres } from './insert-loop';
import { measureLoad, type LoadResult } from './lib/load';
import { sleep, startApp, startBareRedirect } from './lib/processes';
import { addSites, EXTRA_SITES, POSTBACK_APP_ENV, postbackHeaders, postbackPath } from './postback-load';

export const CLICK_CONNECTIONS = 50;
export const POSTBACK_CONNECTIONS = 10;
/** A browser's User-Agent on every click (a click without one is a bot's). */
const clickHeaders = () => ({ ...CLICK_HEADERS });

export interface StoreRun {
  store: 'PGlite' | 'PostgreSQL';
  /** Seconds from spawn to answering on a fresh database, demo data included. */
  firstStartS: number;
  /** The server's own line about the demo history it generated. */
  historyLine: string | undefined;
  clicks: LoadResult;
  postbacks: LoadResult;
  insertsPerS: number;
}

export async function measureBareRedirect(): Promise<LoadResult> {
  const bare = await startBareRedirect();
  try {
    return await measureLoad({
      baseUrl: bare.baseUrl,
      serverPid: bare.pid,
      path: clickPath,
      headers: clickHeaders,
      connections: CLICK_CONNECTIONS,
      expect: '3xx',
    });
  } finally {
    await bare.stop();
  }
}

/** Starts the app on a fresh store with the demo data, loads it, stops it, then runs the baseline. */
export async function runStore(databaseUrl?: string): Promise<StoreRun> {
  const app = await startApp({ databaseUrl, env: POSTBACK_APP_ENV });
  let run: Omit<StoreRun, 'insertsPerS'>;
  try {
    const demoClicks = await checkClickLinks(app.baseUrl);
    const clicks = await measureLoad({
      baseUrl: app.baseUrl,
      serverPid: app.pid,
      path: clickPath,
      headers: clickHeaders,
      connections: CLICK_CONNECTIONS,
      expect: '3xx',
    });
    await sleep(500); // the click writer's last batches
    const clickIds = databaseUrl ? await addSites(databaseUrl, demoClicks, EXTRA_SITES) : demoClicks;
    const postbacks = await measureLoad({
      baseUrl: app.baseUrl,
      serverPid: app.pid,
      path: postbackPath(clickIds, `pb${Date.now().toString(36)}`),
      headers: postbackHeaders,
      connections: POSTBACK_CONNECTIONS,
      expect: '2xx',
    });
    run = {
      store: databaseUrl ? 'PostgreSQL' : 'PGlite',
      firstStartS: app.startMs / 1000,
      historyLine: /^Demo history .*$/m.exec(app.output())?.[0],
      clicks,
      postbacks,
    };
  } finally {
    await app.stop();
  }
  try {
    const insertsPerS = databaseUrl
      ? await insertLoopPostgres(databaseUrl, POSTBACK_CONNECTIONS)
      : await insertLoopPglite(app.dataDir, POSTBACK_CONNECTIONS);
    return { ...run, insertsPerS };
  } finally {
    fs.rmSync(app.dataDir, { recursive: true, force: true });
  }
}
