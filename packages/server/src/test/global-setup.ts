// Runs once before the API tests: builds the app for the processes the tests spawn (app-build.ts), makes
// the PGlite template new embedded databases start from (db/pglite-template.ts), and on PostgreSQL starts
// from an empty schema so each run is clean.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { makePgliteTemplate, PGLITE_TEMPLATE_ENV } from '../db/pglite-template';
import { APP_BUILD_ENV, buildApp } from './app-build';

export default async function setup() {
  // SALESDESK_TEST_APP_BUILD=source runs the spawned processes from source through tsx instead.
  const built = process.env[APP_BUILD_ENV] === 'source' ? undefined : await buildApp();
  if (built) process.env[APP_BUILD_ENV] = built; // the workers start after this and inherit it
  // New PGlite databases (in the workers and the processes they spawn) start from one initdb.
  const templateRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'salesdesk-pglite-template-'));
  await makePgliteTemplate(path.join(templateRoot, 'pglite'));
  process.env[PGLITE_TEMPLATE_ENV] = path.join(templateRoot, 'pglite');
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(
        'drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public',
      );
    } finally {
      await client.end();
    }
  }
  return () => {
    if (built) fs.rmSync(built, { recursive: true, force: true });
    fs.rmSync(templateRoot, { recursive: true, force: true });
  };
}
