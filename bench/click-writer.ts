// Ingest: rows/s of the click batch writer (ClickWriter -> insertClicks, 1,000-row batches with their
// stats_daily increments, as the redirect uses it) against COPY of the same rows into the same table,
// on PostgreSQL (benchClickWriter) or on PGlite in a temporary directory (benchClickWriterPglite).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { openDatabase, sql, type Database, type Db } from '../packages/server/src/db/client';
import { Rng } from '../packages/server/src/demo/history-plan';
import { ClickWriter } from '../packages/server/src/tracking/click-writer';
import type { ClickRecord } from '../packages/server/src/tracking/click-batch';

export const WRITER_ROWS = Number(process.env.BENCH_WRITER_ROWS ?? 200_000);
const COPY_CHUNK = 5000;
const REFERERS = ['https://www.facebook.com/', 'https://t.co/', null];
// 50 user agents, as a busy hour shows many browsers and builds.
const userAgent = (build: number) =>
  `Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E${100 + build}`;

/**
 * Clicks of the last hour in arrival order (time and id rising together, as the redirect records them),
 * spread over the demo's sites, types and agents; each agent clicks for its own office.
 */
export function makeClicks(count: number): ClickRecord[] {
  const rng = new Rng(42);
  const now = Date.now();
  const times = Array.from({ length: count }, () => now - rng.int(3_600_000)).sort((a, b) => a - b);
  return times.map((time, i) => {
    const siteId = 1 + rng.int(5);
    const agentId = 1 + rng.int(25);
    return {
      id: i + 1,
      time: new Date(time),
      siteId,
      typeId: 2 * siteId - rng.int(2),
      agentId,
      officeId: 1 + (agentId % 3),
      ip: `${24 + rng.int(200)}.${rng.int(256)}.${rng.int(256)}.${1 + rng.int(254)}`,
      isUnique: rng.next() < 0.85,
      referer: rng.pick(REFERERS),
      userAgent: userAgent(rng.int(50)),
      // About one click in twenty a machine's: the share of link previews and bots an agent's links see.
      invalidReason: rng.next() < 0.05 ? 1 + rng.int(7) : 0,
    };
  });
}

const seconds = (since: bigint) => Number(process.hrtime.bigint() - since) / 1e9;

export interface WriterRun {
  rowsPerS: number;
  /** CPU (user + system) of this node process per click: on PGlite the database's work too. */
  nodeCpuUsPerClick: number;
}

export async function measureWriter(db: Db, clicks: ClickRecord[]): Promise<WriterRun> {
  const writer = new ClickWriter(db, { maxPending: clicks.length });
  const cpu0 = process.cpuUsage();
  const started = process.hrtime.bigint();
  for (const click of clicks) writer.add(click);
  await writer.close();
  const rowsPerS = clicks.length / seconds(started);
  const cpu = process.cpuUsage(cpu0);
  return { rowsPerS, nodeCpuUsPerClick: (cpu.user + cpu.system) / clicks.length };
}

export async function writeWithWriter(db: Db, clicks: ClickRecord[]): Promise<number> {
  return (await measureWriter(db, clicks)).rowsPerS;
}

// COPY text format: tab-separated, \N for null, backslash escapes.
const copyText = (v: string | null) => (v === null ? '\\N' : v.replace(/[\\\t\n\r]/g, (c) => `\\${c}`));
const copyLine = (c: ClickRecord) =>
  `${c.id}\t${c.time.toISOString()}\t${c.siteId}\t${c.typeId}\t${c.agentId}\t${c.officeId}\t${copyText(c.ip)}\t${c.isUnique ? 't' : 'f'}\t${copyText(c.referer)}\t${copyText(c.userAgent)}\n`;

function* copyChunks(clicks: ClickRecord[]) {
  for (let i = 0; i < clicks.length; i += COPY_CHUNK)
    yield clicks
      .slice(i, i + COPY_CHUNK)
      .map(copyLine)
      .join('');
}

const COPY_CLICKS =
  'copy clicks (id, click_time, site_id, type_id, agent_id, office_id, ip, is_unique, referer, user_agent)';

export async function writeWithCopy(url: string, clicks: ClickRecord[]): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = process.hrtime.bigint();
    const copy = client.query(copyFrom(`${COPY_CLICKS} from stdin`));
    await pipeline(Readable.from(copyChunks(clicks)), copy);
    return clicks.length / seconds(started);
  } finally {
    await client.end();
  }
}

/** PGlite reads COPY input from a Blob, one statement for all rows. */
export async function writeWithCopyPglite(client: PGlite, clicks: ClickRecord[]): Promise<number> {
  const started = process.hrtime.bigint();
  const blob = new Blob([...copyChunks(clicks)]);
  await client.query(`${COPY_CLICKS} from '/dev/blob'`, [], { blob });
  return clicks.length / seconds(started);
}

/** The PGlite client under a Drizzle database that openDatabase opened on PGlite. */
export const pgliteClient = (db: Db) => (db as unknown as { $client: PGlite }).$client;

/** A fresh PGlite in a temporary directory, as the server keeps it (DATA_DIR/pglite). */
export async function openTempPglite(): Promise<Database> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'salesdesk-bench-pglite-'));
  const database = await openDatabase({ dataDir: path.join(dir, 'pglite') });
  return {
    ...database,
    close: async () => {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** As benchClickWriter, on a fresh PGlite (the database in this process's own thread). */
export async function benchClickWriterPglite(): Promise<{ writer: number; copy: number }> {
  const database = await openTempPglite();
  try {
    const clicks = makeClicks(WRITER_ROWS);
    const empty = () => database.db.execute(sql`truncate clicks, stats_daily`);
    await empty();
    const copy = await writeWithCopyPglite(pgliteClient(database.db), clicks);
    await empty();
    const writer = await writeWithWriter(database.db, clicks);
    return { writer, copy };
  } finally {
    await database.close();
  }
}

/** Both runs on the same fresh database, each into emptied tables; answers rows/s of each. */
export async function benchClickWriter(url: string): Promise<{ writer: number; copy: number }> {
  const database = await openDatabase({ url });
  try {
    const clicks = makeClicks(WRITER_ROWS);
    const empty = () => database.db.execute(sql`truncate clicks, stats_daily`);
    await empty();
    const copy = await writeWithCopy(url, clicks);
    await empty();
    const writer = await writeWithWriter(database.db, clicks);
    return { writer, copy };
  } finally {
    await database.close();
  }
}
