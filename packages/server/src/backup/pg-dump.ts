// PostgreSQL's backup is pg_dump's custom format: a consistent MVCC snapshot while the server runs (nothing
// waits), restored by pg_restore in one transaction, so a failed restore leaves the target as it was.
import fs from 'node:fs';
import pg from 'pg';
import { listTables } from './catalog';
import { connection, runTool } from './pg-tools';
import { describeSize, silent, type Progress } from './progress';
import type { AppliedMigration } from './embedded-format';

export interface PgDumpOptions {
  progress?: Progress;
  /** A snapshot exported by a test (pg_export_snapshot()), so it can digest the same state. */
  snapshot?: string;
}

/** Counts the tables holding rows, for "table 3 of 41". */
async function tableCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await listTables(async <T>(text: string) => (await client.query(text)).rows as T[])).length;
  } finally {
    await client.end();
  }
}

export async function pgDump(
  url: string,
  file: string,
  opts: PgDumpOptions = {},
): Promise<{ bytes: number }> {
  const progress = opts.progress ?? silent;
  const total = await tableCount(url);
  const { dbname, env } = connection(url);
  const partial = `${file}.partial`;
  let n = 0;
  try {
    await runTool(
      'pg_dump',
      [
        '-Fc',
        '-v',
        `--file=${partial}`,
        ...(opts.snapshot ? [`--snapshot=${opts.snapshot}`] : []),
        `--dbname=${dbname}`,
      ],
      env,
      (line) => {
        const m = /dumping contents of table "(.+)"/.exec(line);
        if (m) progress(`table ${++n} of ${total}: ${m[1]}`);
      },
    );
    fs.renameSync(partial, file);
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  }
  const bytes = fs.statSync(file).size;
  progress(`backup written: ${file}, ${describeSize(bytes)}`);
  return { bytes };
}

/** The migrations a pg_dump file holds (drizzle's table), read without restoring anything. */
export async function pgDumpMigrations(file: string): Promise<AppliedMigration[]> {
  const { stdout } = await runTool(
    'pg_restore',
    ['-a', '-n', 'drizzle', '-t', '__drizzle_migrations', '-f', '-', file],
    process.env,
    undefined,
    true,
  );
  const lines = stdout.split('\n');
  const start = lines.findIndex((l) => /^COPY drizzle\.__drizzle_migrations/.test(l));
  if (start < 0) return [];
  const out: AppliedMigration[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line === '\\.') break;
    const [, hash, createdAt] = line.split('\t');
    out.push({ hash, createdAt });
  }
  return out;
}

/** pg_restore into `url` in one transaction; the target is checked empty (or emptied) by the caller. */
export async function pgRestore(url: string, file: string, progress: Progress = silent): Promise<void> {
  const list = await runTool('pg_restore', ['-l', file], process.env, undefined, true);
  const total = list.stdout.split('\n').filter((l) => / TABLE DATA /.test(l)).length;
  const { dbname, env } = connection(url);
  let n = 0;
  await runTool(
    'pg_restore',
    [
      '--single-transaction',
      '--exit-on-error',
      '--no-owner',
      '--no-privileges',
      '-v',
      `--dbname=${dbname}`,
      file,
    ],
    env,
    (line) => {
      const m = /processing data for table "(.+)"/.exec(line);
      if (m) progress(`table ${++n} of ${total}: ${m[1]}`);
    },
  );
}
