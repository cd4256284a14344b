// Server processes for the benchmarks: the real app or the bare node:http baseline, each on 127.0.0.1 in
// its own process, so autocannon never shares a thread with the server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnServer, type SpawnedServer } from '@salesdesk/server/src/test/server-process';

export { REPO_ROOT } from '@salesdesk/server/src/config';
export { freePort, sleep } from '@salesdesk/server/src/test/server-process';
export type RunningServer = SpawnedServer;

export interface AppServer extends RunningServer {
  dataDir: string;
}

/** The real app on a fresh data directory (PGlite unless `databaseUrl`), with the demo data. */
export async function startApp(opts: {
  databaseUrl?: string;
  demoScale?: number;
  /** Another checkout of the app (BENCH_APP_ROOT: the "before" figures); this one by default. */
  cwd?: string;
  /** More environment for the app (TRUST_PROXY for the postback load). */
  env?: Record<string, string>;
  /** The data directory of an earlier start (a restart); a new one by default. */
  dataDir?: string;
}): Promise<AppServer> {
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'salesdesk-bench-'));
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: opts.databaseUrl ?? '',
    DEMO_SCALE: String(opts.demoScale ?? 1),
    CAPTCHA: 'off',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SECRET_KEY: 'bench-secret-key-0123456789abcdef',
    ...opts.env,
  };
  const app = await spawnServer({ env, cwd: opts.cwd });
  return Object.assign(app, { dataDir });
}

/** The baseline: a bare node:http server answering the same 302 (bench/bare-redirect.ts). */
export function startBareRedirect(): Promise<RunningServer> {
  return spawnServer({ args: ['--import', 'tsx', 'bench/bare-redirect.ts'], readyPath: '/' });
}
