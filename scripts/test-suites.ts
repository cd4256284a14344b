// The last stage of `npm test`, after typecheck and lint: the browser tests beside the unit and API tests,
// and, when those ran on PostgreSQL (TEST_DATABASE_URL set), the same API suite on PGlite after them, so
// both stores are always tested. Files that test both stores themselves ran their PGlite cases in the
// PostgreSQL pass and are left out of the PGlite one (test/both-stores.ts).
//
// Why beside: alone, the browser tests keep less than one of two cores busy (waiting on pages, 0.83 cores
// over 374 s), and the PostgreSQL pass leaves 17 % of both idle (waiting on the database and on the
// servers it spawns). One after another the stages took 779 s of a fresh-clone `.ci/run`, the browser
// tests alone their last 455 s (beside the PGlite pass for 335 s of it); side by side the machine stays
// busy. The browser tests' output is printed whole when they end, after the API passes' own.
import { spawn } from 'node:child_process';
import { BOTH_STORES_FILES } from '../packages/server/src/test/both-stores';

function run(
  args: string[],
  env: NodeJS.ProcessEnv,
  capture: boolean,
): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npx', args, { env, stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (b: Buffer) => (output += b));
    child.stderr?.on('data', (b: Buffer) => (output += b));
    child.on('close', (code) => resolve({ ok: code === 0, output }));
  });
}

const browser = run(['npm', 'test', '-w', '@salesdesk/e2e'], process.env, true);
let ok = (await run(['vitest', 'run'], process.env, false)).ok;
if (process.env.TEST_DATABASE_URL) {
  process.stdout.write('\nAPI tests on PGlite:\n');
  const args = [
    'vitest',
    'run',
    '--project',
    'server',
    ...BOTH_STORES_FILES.flatMap((f) => ['--exclude', f]),
  ];
  ok = (await run(args, { ...process.env, TEST_DATABASE_URL: '' }, false)).ok && ok;
}
const result = await browser;
process.stdout.write(`\nBrowser tests:\n${result.output}`);
process.exit(ok && result.ok ? 0 : 1);
