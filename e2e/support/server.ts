// A real Salesdesk process for end-to-end tests, on a free port with its own data directory.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, spawnServer } from '@salesdesk/server/src/test/server-process';

export const CAPTCHA_ANSWER = 'e2e42';

export async function startServer(): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'salesdesk-e2e-'));
  const port = await freePort();
  const server = await spawnServer({
    port,
    env: {
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      CAPTCHA: 'on',
      CAPTCHA_TEST_ANSWER: CAPTCHA_ANSWER,
      LOG_LEVEL: 'warn',
      // Sign-ins carry each spec process's own address (support/address.ts).
      TRUST_PROXY: '127.0.0.1',
    },
    readyMs: 240_000,
  });
  console.log(server.output()); // the demo logins and the demo history line
  return {
    baseUrl: server.baseUrl,
    stop: async () => {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
