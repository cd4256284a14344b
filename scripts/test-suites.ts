// `npm test`: typecheck, lint, the unit and API tests (on PostgreSQL when TEST_DATABASE_URL is set, else on
// PGlite), then the browser tests with, after a PostgreSQL pass, the same API suite on PGlite beside them,
// so both stores are always tested. The PGlite pass leaves out the files whose cases the PostgreSQL pass
// already ran as it would (test/both-stores.ts). The run fails if any part does.
//
// On a two-core machine every part is short of CPU, so each phase gives it first to the part the phase
// waits on, and the other part takes what is left (a higher `nice`, never a pause):
// - the browser tests' server (the built web app on a fresh embedded database with the demo history: 12 s
//   alone, 37 s beside the PGlite tests) starts first and makes its data while the other parts run;
// - the first API pass goes first; typecheck and lint take what it leaves (it waits on PostgreSQL and on
//   the servers it spawns);
// - then the browser tests go first: alone they use about one core of two, waiting on their pages, and
//   were the last to end, running alone for a minute or more; the PGlite pass takes the rest.
// The browser tests themselves do not start before the first API pass ends: beside it, that pass took
// 573 s instead of 228 s. Each part's output is printed whole when it ends, the API passes' as they run.
import { spawn } from 'node:child_process';
import { pglitePassLeavesOut } from '../packages/server/src/test/both-stores';
import { startServer } from '../e2e/support/shared-server';

/**
 * How much a part yields to the one its phase waits on: `nice` 3 weighs a process about half as much as
 * `nice` 0. Not more: beside two busy loops the PGlite pass must still get enough of the machine that
 * its tests end within their time limits.
 */
const YIELDS = 3;

function run(
  command: string,
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; cwd?: string; capture?: boolean; yields?: boolean } = {},
): Promise<boolean> {
  // nice(1) runs the command with the lower priority, which its children keep.
  if (opts.yields) [command, args] = ['nice', ['-n', String(YIELDS), command, ...args]];
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      env: opts.env ?? process.env,
      cwd: opts.cwd,
      stdio: opts.capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    child.stdout?.on('data', (b: Buffer) => (output += b));
    child.stderr?.on('data', (b: Buffer) => (output += b));
    child.on('close', (code) => {
      if (opts.capture) process.stdout.write(output);
      resolve(code === 0);
    });
  });
}

const npm = (args: string[], yields = false) => run('npm', ['run', ...args], { capture: true, yields });

if (!(await npm(['build']))) process.exit(1);
const server = startServer();
let ok = false;
try {
  const checks = (async () => (await npm(['typecheck'], true)) && (await npm(['lint'], true)))();
  const unitOk = await run('npx', ['vitest', 'run']);
  const { baseUrl, env: serverEnv } = await server;
  if (unitOk) {
    const parts = [
      checks,
      run('npx', ['tsx', 'run.ts'], {
        cwd: 'e2e',
        env: { ...process.env, ...serverEnv, E2E_BASE_URL: baseUrl },
      }),
    ];
    if (process.env.TEST_DATABASE_URL) {
      const excluded = pglitePassLeavesOut(process.cwd()).flatMap((f) => ['--exclude', f]);
      const env = { ...process.env, TEST_DATABASE_URL: '' };
      const args = ['vitest', 'run', '--project', 'server', ...excluded];
      parts.push(run('npx', args, { env, capture: true, yields: true }));
    }
    ok = (await Promise.all(parts)).every(Boolean);
  }
  await checks; // its output, when the first pass failed
} finally {
  await (await server).stop();
}
process.exit(ok ? 0 : 1);
