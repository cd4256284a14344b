// Runs the spec files given, two at a time, in the order given (`node --test` sorts them by name, which
// would start the longest ones last); prints TAP, then each file's time (the sum of its top-level
// suites, longest first: the order run.ts's SLOW_SPECS should follow), and exits 1 when a test failed.
import path from 'node:path';
import { run } from 'node:test';
import { tap } from 'node:test/reporters';

let failed = false;
const perFile = new Map<string, number>();
const stream = run({ files: process.argv.slice(2).map((f) => path.resolve(f)), concurrency: 2 });
const timed = (e: { nesting: number; file?: string; details: { duration_ms: number } }) => {
  if (e.nesting !== 0 || !e.file) return;
  const name = path.basename(e.file).replace(/\.mjs$/, '.ts'); // built by build-specs.ts
  perFile.set(name, (perFile.get(name) ?? 0) + e.details.duration_ms);
};
stream.on('test:pass', timed);
stream.on('test:fail', (e) => {
  failed = true;
  timed(e);
});
stream.compose(tap).pipe(process.stdout);
stream.on('end', () => (process.exitCode = failed ? 1 : 0));
// Once the TAP stream has written its last line.
process.once('beforeExit', () => {
  const lines = [...perFile]
    .sort((a, b) => b[1] - a[1])
    .map(([f, ms]) => `# ${(ms / 1000).toFixed(0)} s ${f}`);
  process.stdout.write(`# spec files by time\n${lines.join('\n')}\n`);
});
