// The last stage of `npm test`: the browser tests, and, when the API tests ran on PostgreSQL
// (TEST_DATABASE_URL set), the same API suite on PGlite beside them, so both stores are always tested.
// The browser tests wait on Chromium and the network (about 40 % of two cores); the PGlite run fills part
// of the rest instead of running after them (e2e then PGlite 335 s, the two at once 261 s, measured back
// to back on the two-core CI machine). The PGlite output is printed whole after the browser tests. Files
// that test both stores themselves ran their PGlite cases in the PostgreSQL pass and are left out here
// (test/both-stores.ts).
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

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const pglite = onPostgres
  ? run(
      ['vitest', 'run', '--project', 'server', ...BOTH_STORES_FILES.flatMap((f) => ['--exclude', f])],
      { ...process.env, TEST_DATABASE_URL: '' },
      true,
    )
  : null;
const browser = await run(['npm', 'test', '-w', '@salesdesk/e2e'], process.env, false);
let ok = browser.ok;
if (pglite) {
  const result = await pglite;
  process.stdout.write(`\nAPI tests on PGlite:\n${result.output}`);
  ok &&= result.ok;
}
process.exit(ok ? 0 : 1);
