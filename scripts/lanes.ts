// npm run typecheck / npm run lint: their one-thread steps in two lanes at once, since one after another
// they left a core idle on a two-core CI machine. The lanes hold about equal CPU time (tsc: server 13 s +
// e2e 5 s + contract 4 s against web 13 s + bench 11 s; eslint 11 s against prettier 12 s). Each step's
// output is printed whole when it ends, never interleaved; the run fails if any step fails.
import { spawn } from 'node:child_process';

const tsc = (project: string) => ['node_modules/typescript/bin/tsc', '-p', project];

const TASKS: Record<string, string[][][]> = {
  typecheck: [
    [tsc('packages/server'), tsc('e2e'), tsc('packages/contract')],
    [tsc('packages/web'), tsc('bench')],
  ],
  lint: [
    [['node_modules/eslint/bin/eslint.js', '.', '--max-warnings', '0']],
    [['node_modules/prettier/bin/prettier.cjs', '--check', '.', '--log-level', 'warn']],
  ],
};

function step(args: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (b: Buffer) => (output += b));
    child.stderr.on('data', (b: Buffer) => (output += b));
    child.on('close', (code) => {
      const name = [args[0].split('/')[1], ...args.slice(1)].join(' '); // the package, then its arguments
      process.stdout.write(`${name}: ${code === 0 ? 'ok' : 'failed'}\n${output}`);
      resolve(code === 0);
    });
  });
}

async function lane(steps: string[][]): Promise<boolean> {
  let ok = true;
  for (const args of steps) ok = (await step(args)) && ok;
  return ok;
}

const lanes = TASKS[process.argv[2]];
if (!lanes) throw new Error(`usage: tsx scripts/lanes.ts ${Object.keys(TASKS).join('|')}`);
const results = await Promise.all(lanes.map(lane));
process.exit(results.every(Boolean) ? 0 : 1);
