// The benchmark's own PostgreSQL databases, created fresh and dropped afterwards (never `test`).
import pg from 'pg';

/** Any database of the server the benchmark may use; its own databases are made next to it. */
export const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops `name` if it exists and creates it empty; answers its URL. */
export async function freshDatabase(name: string): Promise<string> {
  await dropDatabase(name);
  await admin(`create database ${name}`);
  return databaseUrl(name);
}

export async function dropDatabase(name: string) {
  await admin(`drop database if exists ${name} with (force)`);
}

/** True when the PostgreSQL server answers. */
export async function postgresAvailable(): Promise<boolean> {
  try {
    await admin('select 1');
    return true;
  } catch {
    return false;
  }
}
