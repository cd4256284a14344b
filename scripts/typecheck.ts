// npm run typecheck: every project's `tsc -p`, in two lanes at once. Each tsc is one thread, so one after
// another they left a core idle on a two-core CI machine. The lanes hold about equal CPU time (server
// 13 s + e2e 5 s + contract 4 s, web 13 s + bench 11 s). Output is printed per project, never interleaved.
import { spawn } from 'node:child_process';

const LANES = [
  ['packages/server', 'e2e', 'packages/contract'],
  ['packages/web', 'bench'],
];

function tsc(project: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['node_modules/typescript/bin/tsc', '-p', project], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (b: Buffer) => (output += b));
    child.stderr.on('data', (b: Buffer) => (output += b));
    child.on('close', (code) => {
      process.stdout.write(`tsc -p ${project}: ${code === 0 ? 'ok' : 'errors'}\n${output}`);
      resolve(code === 0);
    });
  });
}

async function lane(projects: string[]): Promise<boolean> {
  let ok = true;
  for (const project of projects) ok = (await tsc(project)) && ok;
  return ok;
}

const results = await Promise.all(LANES.map(lane));
process.exit(results.every(Boolean) ? 0 : 1);
