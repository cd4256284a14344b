// Starts one real server (built web app, fresh embedded database, captcha on) and runs every spec against it;
// with E2E_BASE_URL set, runs them against that server instead (`npm test` starts it early: scripts/test-suites.ts).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSpecs } from './build-specs';
import { CHROMIUM_PATH } from './support/browser';
import { startServer } from './support/shared-server';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The longest spec files, longest first (measured two at a time; run-specs.ts prints each file's time):
 * they start first, so that none of them is left running beside nothing at the end. The suite had its
 * longest file last by name (the table specs, 227 s) and ran its last minutes on one core; later payouts
 * and phone (99 s each, beside pay-statements' 104 s) had grown among the longest and started near the end.
 */
const SLOW_SPECS = [
  'pay-statements',
  'payouts',
  'phone',
  'money-lifecycle',
  'row-actions',
  'row-actions-phone',
  'agents',
  'session',
  'access',
  'auth',
  'offices',
  'settings',
  'wide-tables',
  'pay-periods',
  'stats-sites',
  'profile',
  'review-queue',
  'home-money',
].map((name) => `specs/${name}.spec.ts`);
const rank = (spec: string) => {
  const i = SLOW_SPECS.indexOf(spec);
  return i < 0 ? SLOW_SPECS.length : i;
};
const given = process.env.E2E_BASE_URL;
const server = given ? { baseUrl: given, env: {}, stop: async () => undefined } : await startServer();
console.log(`Browser: ${CHROMIUM_PATH}`);
let code = 1;
try {
  const only = process.argv.slice(2);
  // Node 20's test runner does not expand globs.
  const specs = only.length
    ? only
    : fs
        .readdirSync(path.join(here, 'specs'))
        .filter((f) => f.endsWith('.spec.ts'))
        .map((f) => `specs/${f}`)
        .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  // run-specs.ts (built with the specs: build-specs.ts) runs two spec files at a time: on two cores Chromium fills both, and a third adds nothing (4:45 for the
  // suite at two, 5:22 at three, about 7 minutes one at a time). The two failures first seen at two were
  // races that load exposed: a selection read before the last bulk action cleared it (agents spec), and
  // a Save click landing on the rich-text editor as it appeared (now it takes its room while loading).
  const built = await buildSpecs(specs.map((f) => path.relative(here, path.resolve(f))));
  try {
    // The spec processes inherit the runner's Node options: source maps, so that a failure names the spec's line.
    const child = spawn(process.execPath, ['--enable-source-maps', built.runner, ...built.specs], {
      cwd: here,
      stdio: 'inherit',
      env: { ...process.env, ...server.env, E2E_BASE_URL: server.baseUrl },
    });
    code = await new Promise<number>((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
  } finally {
    built.remove();
  }
} finally {
  await server.stop();
}
process.exit(code);
