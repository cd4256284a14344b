// A real Salesdesk process for end-to-end tests, on a free port with its own data directory.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, spawnServer } from '@salesdesk/server/src/test/server-process';

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

export async function startServer(): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const dataDir = newDataDir();
  const port = await freePort();
  const server = await spawnServer({ port, env: serverEnv(port, dataDir) });
  console.log(server.output()); // the demo logins and the demo history line
  return {
    baseUrl: server.baseUrl,
    stop: async () => {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
