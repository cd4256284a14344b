// `npm test`: typecheck, lint, the unit and API tests (on PostgreSQL when TEST_DATABASE_URL is set, else on
// PGlite), then the browser tests with, after a PostgreSQL pass, the same API suite on PGlite beside them,
// so both stores are always tested. Files that test both stores themselves ran their PGlite cases in the
// PostgreSQL pass and are left out of the PGlite one (test/both-stores.ts). The run fails if any part does.
//
// On a two-core machine the browser tests are the longest part, so what they wait on starts early:
// - their server (the built web app on a fresh embedded database with the demo history: 12 s alone, 37 s
//   beside the PGlite tests) starts first and makes its data while the other parts run;
// - typecheck and lint run beside the first API pass, which leaves about a sixth of both cores idle
//   (waiting on PostgreSQL and on the servers it spawns).
// The browser tests themselves do not start before the first API pass ends: beside it, that pass took
// 573 s instead of 228 s. Each part's output is printed whole when it ends, the API passes' as they run.
import { spawn } from 'node:child_process';
import { BOTH_STORES_FILES } from '../packages/server/src/test/both-stores';
import { startServer } from '../e2e/support/server';

function run(
  command: string,
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; cwd?: string; capture?: boolean } = {},
): Promise<boolean> {
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

const npm = (...args: string[]) => run('npm', ['run', ...args], { capture: true });

if (!(await npm('build'))) process.exit(1);
const server = startServer();
let ok = false;
try {
  const checks = (async () => (await npm('typecheck')) && (await npm('lint')))();
  const unit = run('npx', ['vitest', 'run']);
  const firstOk = (await unit) && (await checks);
  const { baseUrl } = await server;
  if (firstOk) {
    const parts = [
      run('npx', ['tsx', 'run.ts'], { cwd: 'e2e', env: { ...process.env, E2E_BASE_URL: baseUrl } }),
    ];
    if (process.env.TEST_DATABASE_URL) {
      const excluded = BOTH_STORES_FILES.flatMap((f) => ['--exclude', f]);
      const env = { ...process.env, TEST_DATABASE_URL: '' };
      parts.push(run('npx', ['vitest', 'run', '--project', 'server', ...excluded], { env, capture: true }));
    }
    ok = (await Promise.all(parts)).every(Boolean);
  }
} finally {
  await (await server).stop();
}
process.exit(ok ? 0 : 1);
