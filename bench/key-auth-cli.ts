// `npx tsx bench/key-auth-cli.ts` (BENCH_PAIRS, default 3; BENCH_ONE_CORE_S, default 8): the key against
// session section of bench/RESULTS.md alone; `npm run bench` runs it too. Needs PostgreSQL at
// BENCH_PG_URL, taskset, two CPUs and wrk.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { keyAuthRun, keyAuthSection } from './key-auth';
import { KEY_AUTH_BLOCK, spliceBlock } from './lib/report';

const pairs = Number(process.env.BENCH_PAIRS ?? 3);
const seconds = Number(process.env.BENCH_ONE_CORE_S ?? 8);
const run = await keyAuthRun({ pairs, seconds });
const lines = keyAuthSection(
  run,
  `npx tsx bench/key-auth-cli.ts (BENCH_PAIRS=${pairs}, BENCH_ONE_CORE_S=${seconds})`,
);
spliceBlock(path.join(path.dirname(fileURLToPath(import.meta.url)), 'RESULTS.md'), KEY_AUTH_BLOCK, lines);
console.log(lines.join('\n'));
