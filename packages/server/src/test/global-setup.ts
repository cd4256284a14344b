// Runs once before the API tests: on PostgreSQL, start from an empty schema so each run is clean.
import pg from 'pg';

export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
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
