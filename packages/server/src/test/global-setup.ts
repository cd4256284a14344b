// Runs once before the API tests: builds the app for the processes the tests spawn (app-build.ts), and on
// PostgreSQL starts from an empty schema so each run is clean.
import fs from 'node:fs';
import pg from 'pg';
import { APP_BUILD_ENV, buildApp } from './app-build';

export default async function setup() {
  // SALESDESK_TEST_APP_BUILD=source runs the spawned processes from source through tsx instead.
  const built = process.env[APP_BUILD_ENV] === 'source' ? undefined : await buildApp();
  if (built) process.env[APP_BUILD_ENV] = built; // the workers start after this and inherit it
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
  return () => built && fs.rmSync(built, { recursive: true, force: true });
}
