// How the browser tests' servers run: their settings, data directory and node arguments (the run's shared
// server: shared-server.ts; a spec's own: own-server.ts). Light, for every spec process imports it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APP_ARGS, APP_BUILD_ENV } from '@salesdesk/server/src/test/server-process';

export const CAPTCHA_ANSWER = 'e2e42';

/** The environment of an e2e server on `port` keeping its embedded database in `dataDir`. */
export function serverEnv(port: number, dataDir: string): Record<string, string> {
  return {
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    CAPTCHA: 'on',
    CAPTCHA_TEST_ANSWER: CAPTCHA_ANSWER,
    LOG_LEVEL: 'warn',
    // Sign-ins carry each spec process's own address (support/address.ts).
    TRUST_PROXY: '127.0.0.1',
  };
}

export const newDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'salesdesk-e2e-'));

export const SHIFTED_CLOCK = path.join(path.dirname(fileURLToPath(import.meta.url)), 'shifted-clock.ts');

/**
 * `node` arguments that run the app, with its clock shifted (support/shifted-clock.ts) when asked: from
 * the run's build when APP_BUILD_ENV names one (shared-server.ts), else from source through tsx.
 */
export function appArgs(shiftedClock = false, env: NodeJS.ProcessEnv = process.env): string[] {
  const built = env[APP_BUILD_ENV];
  if (!built)
    return shiftedClock ? ['--import', 'tsx', '--import', SHIFTED_CLOCK, ...APP_ARGS.slice(2)] : APP_ARGS;
  const clock = shiftedClock ? ['--import', path.join(built, 'shifted-clock.mjs')] : [];
  return ['--enable-source-maps', ...clock, path.join(built, 'main.mjs')];
}
