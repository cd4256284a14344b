// Freezes a release for the upgrade test (packages/server/src/db/upgrade.test.ts). Run it from a checkout
// of the release being frozen, with that release's dependencies installed:
//
//   FIXTURE_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
//     npx tsx scripts/make-release-fixture.ts packages/server/src/db/release-fixtures/<date>-<commit>
//
// The folder must hold requests.json (the report and list calls, copied from the previous fixture and
// grown with any new screen). The script makes a fresh database `salesdesk_release_fixture` on that
// server, fills it with the demo data (DEMO_SCALE, 0.1 by default), and writes into the folder:
//   dump.sql.gz   the database as plain SQL (pg_dump on PATH, no owners or privileges, rows as INSERTs,
//                 psql's backslash lines dropped), which loads into PostgreSQL and PGlite alike;
//   answers.json.gz  this release's answer to every request, as the demo login the request names
//                 (list only calls a login may make: the test expects each answer again);
//   release.json  the commit and its last migration: the migrations guard checks the ones after it.
// Then commit the folder in the new code and point the upgrade test at it (keep only the last one).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildApp } from '../packages/server/src/app';
import { openDatabase } from '../packages/server/src/db/client';
import { seedDemo } from '../packages/server/src/demo/data';
import { recreateDatabase, testContext } from '../packages/server/src/test/harness';
import {
  answerRequests,
  readRequests,
  signInDemoLogins,
  type ReleaseAnswers,
} from '../packages/server/src/test/release-fixture';
import { closeTracking } from '../packages/server/src/tracking/runtime';

const dir = process.argv[2];
const base = process.env.FIXTURE_DATABASE_URL;
if (!dir || !base) {
  console.error(
    'usage: FIXTURE_DATABASE_URL=postgres://... tsx scripts/make-release-fixture.ts <fixture folder>',
  );
  process.exit(2);
}
const requests = readRequests(dir);
const url = await recreateDatabase(base, 'salesdesk_release_fixture');
const database = await openDatabase({ url });
const ctx = testContext(database);
await seedDemo(ctx, { scale: Number(process.env.DEMO_SCALE ?? 0.1) });
await closeTracking(ctx);

const dump = execFileSync(
  'pg_dump',
  ['--no-owner', '--no-privileges', '--inserts', '--rows-per-insert=500', '--dbname', url],
  { maxBuffer: 1 << 30, encoding: 'utf8' },
);
const plain = dump
  .split('\n')
  .filter((line) => !line.startsWith('\\'))
  .join('\n');
fs.writeFileSync(path.join(dir, 'dump.sql.gz'), zlib.gzipSync(plain, { level: 9 }));

const journal = JSON.parse(
  fs.readFileSync('packages/server/src/db/migrations/meta/_journal.json', 'utf8'),
) as {
  entries: { tag: string }[];
};
const release = {
  commit: execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim(),
  lastMigration: journal.entries[journal.entries.length - 1].tag,
};
fs.writeFileSync(path.join(dir, 'release.json'), `${JSON.stringify(release)}\n`);

const app = await buildApp(ctx);
const tokens = await signInDemoLogins(ctx, requests);
const answers: ReleaseAnswers = {
  madeAt: new Date().toISOString(),
  answers: await answerRequests(app, tokens, requests),
};
fs.writeFileSync(path.join(dir, 'answers.json.gz'), zlib.gzipSync(JSON.stringify(answers), { level: 9 }));
const failed = answers.answers.filter((a) => a.status >= 500).length;
console.log(`${requests.length} requests answered (${failed} 5xx) into ${dir}`);
await app.close();
await database.close();
