// Which API test files the PGlite pass of `npm test` leaves out (scripts/test-suites.ts): those whose every
// case the PostgreSQL pass already ran exactly as the PGlite pass would. Running them twice took about two
// and a half minutes of one core that the browser tests beside the PGlite pass need.
import fs from 'node:fs';
import path from 'node:path';

const under = (files: string[]) => files.map((f) => `packages/server/src/${f}`);

/** Files that run each of their cases on both stores themselves (describe.each over PGlite and PostgreSQL). */
export const BOTH_STORES_FILES = under([
  'backup/round-trip.test.ts',
  'backup/under-load.test.ts',
  'db/migrate.test.ts',
  'db/partitions-migration.test.ts',
  'db/upgrade.test.ts',
]);

/** Files about PGlite alone, whatever store the pass names. */
export const PGLITE_ONLY_FILES = under(['db/pglite-template.test.ts']);

/**
 * What a test file needs to reach a database: the test harness or fixtures, the database client, the app,
 * a spawned server, PGlite, or the environment that names the store. A file without any of these tests
 * code that never sees a store (a parser, a rule, a CSV writer, the delivery loop's timing).
 */
const REACHES_A_STORE =
  /from '[^']*(?:test\/|db\/|\/app'|pglite|cluster)|TEST_DATABASE_URL|process\.env|harness|testEnv|openDatabase/;

export const isStoreFree = (source: string) => !REACHES_A_STORE.test(source);

/** Every API test file under `root` (the checkout), relative to it. */
export function serverTestFiles(root: string): string[] {
  return fs
    .readdirSync(path.join(root, 'packages/server/src'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => `packages/server/src/${f}`)
    .sort();
}

/** The files the PGlite pass leaves out, relative to the checkout `root`. */
export function pglitePassLeavesOut(root: string): string[] {
  const storeFree = serverTestFiles(root).filter((f) =>
    isStoreFree(fs.readFileSync(path.join(root, f), 'utf8')),
  );
  return [...new Set([...BOTH_STORES_FILES, ...PGLITE_ONLY_FILES, ...storeFree])].sort();
}
