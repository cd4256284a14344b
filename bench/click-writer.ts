// Ingest: rows/s of the click batch writer (ClickWriter -> insertClicks, 1,000-row batches with their
// stats_daily increments, as the redirect uses it) against COPY of the same rows into the same table.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { openDatabase, sql, type Db } from '../packages/server/src/db/client';
import { Rng } from '../packages/server/src/db/demo-history-plan';
import { ClickWriter } from '../packages/server/src/tracking/click-writer';
import type { ClickRecord } from '../packages/server/src/tracking/sql';

export const WRITER_ROWS = Number(process.env.BENCH_WRITER_ROWS ?? 200_000);
const COPY_CHUNK = 5000;
const REFERERS = ['https://www.facebook.com/', 'https://t.co/', null];
const USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

/** Clicks of today spread over the demo's sites, types and agents, as the redirect records them. */
export function makeClicks(count: number): ClickRecord[] {
  const rng = new Rng(42);
  const now = Date.now();
  return Array.from({ length: count }, (_, i) => {
    const siteId = 1 + rng.int(5);
    return {
      id: i + 1,
      time: new Date(now - rng.int(3_600_000)),
      siteId,
      typeId: 2 * siteId - rng.int(2),
      agentId: 1 + rng.int(25),
      officeId: 1 + rng.int(3),
      ip: `${24 + rng.int(200)}.${rng.int(256)}.${rng.int(256)}.${1 + rng.int(254)}`,
      isUnique: rng.next() < 0.85,
      referer: rng.pick(REFERERS),
      userAgent: USER_AGENT,
    };
  });
}

const seconds = (since: bigint) => Number(process.hrtime.bigint() - since) / 1e9;

export async function writeWithWriter(db: Db, clicks: ClickRecord[]): Promise<number> {
  const writer = new ClickWriter(db, { maxPending: clicks.length });
  const started = process.hrtime.bigint();
  for (const click of clicks) writer.add(click);
  await writer.close();
  return clicks.length / seconds(started);
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

async function writeWithCopy(url: string, clicks: ClickRecord[]): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = process.hrtime.bigint();
    const copy = client.query(
      copyFrom(
        'copy clicks (id, click_time, site_id, type_id, agent_id, office_id, ip, is_unique, referer, user_agent) from stdin',
      ),
    );
    await pipeline(Readable.from(copyChunks(clicks)), copy);
    return clicks.length / seconds(started);
  } finally {
    await client.end();
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
