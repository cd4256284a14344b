// Test files that run each of their cases on both stores themselves (describe.each over PGlite and
// PostgreSQL). The PostgreSQL pass of `npm test` runs their PGlite cases already, so the PGlite pass beside
// the browser tests (scripts/test-suites.ts) leaves them out instead of running those cases twice: about
// two minutes of one core that the browser tests need.
export const BOTH_STORES_FILES = [
  'backup/round-trip.test.ts',
  'backup/under-load.test.ts',
  'db/migrate.test.ts',
  'db/partitions-migration.test.ts',
  'db/upgrade.test.ts',
].map((f) => `packages/server/src/${f}`);
