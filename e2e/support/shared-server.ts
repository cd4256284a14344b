// The run's shared server for the browser tests, and what every server of the run starts from (made once
// by e2e/run.ts, or by scripts/test-suites.ts, which starts it early).
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '@salesdesk/server/src/config';
import { makePgliteTemplate, PGLITE_TEMPLATE_ENV } from '@salesdesk/server/src/db/pglite-template';
import { bundleToNewDir } from '@salesdesk/server/src/test/app-build';
import { APP_BUILD_ENV, freePort, spawnServer } from '@salesdesk/server/src/test/server-process';
import { appArgs, newDataDir, serverEnv, SHIFTED_CLOCK } from './server';

/**
 * What every server of a browser-test run starts from, made once: the app built into plain JS, and the
 * template each new embedded database copies instead of running initdb. A server from source on a fresh
 * database took 9 s of CPU to answer, from these 5 s; the run starts a dozen (support/own-server.ts).
 * Answers the environment that carries them to the servers and spec processes, and their removal.
 */
async function prepareServers(): Promise<{ env: Record<string, string>; remove: () => void }> {
  const dir = await bundleToNewDir(path.join(REPO_ROOT, 'packages/server/dist'), 'e2e-app-', [
    { in: path.join(REPO_ROOT, 'packages/server/src/main.ts'), out: 'main' },
    { in: SHIFTED_CLOCK, out: 'shifted-clock' },
  ]);
  const template = path.join(dir, 'pglite-template');
  await makePgliteTemplate(template);
  return {
    env: { [APP_BUILD_ENV]: dir, [PGLITE_TEMPLATE_ENV]: template },
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * The run's shared server (built web app, fresh embedded database with the demo history, captcha on);
 * `env` carries what spec processes need to start servers of their own the same way.
 */
export async function startServer(): Promise<{
  baseUrl: string;
  env: Record<string, string>;
  stop: () => Promise<void>;
}> {
  const prepared = await prepareServers();
  const dataDir = newDataDir();
  const port = await freePort();
  const server = await spawnServer({
    port,
    args: appArgs(false, prepared.env),
    env: { ...serverEnv(port, dataDir), ...prepared.env },
  });
  console.log(server.output()); // the demo logins and the demo history line
  return {
    baseUrl: server.baseUrl,
    env: prepared.env,
    stop: async () => {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      prepared.remove();
    },
  };
}
