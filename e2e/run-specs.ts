// Runs the spec files given, two at a time, in the order given (`node --test` sorts them by name, which
// would start the longest ones last); prints TAP and exits 1 when a test failed.
import path from 'node:path';
import { run } from 'node:test';
import { tap } from 'node:test/reporters';

let failed = false;
const stream = run({ files: process.argv.slice(2).map((f) => path.resolve(f)), concurrency: 2 });
stream.on('test:fail', () => (failed = true));
stream.compose(tap).pipe(process.stdout);
stream.on('end', () => (process.exitCode = failed ? 1 : 0));
