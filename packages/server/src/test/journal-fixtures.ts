// Click journal tests: clicks of a fresh click path with real ids, a writer over a database whose commits
// the test releases, and the site's rollup beside an independent count of its raw clicks.
import type { SQL } from 'drizzle-orm';
import { queryRows, sql, type Db, type Queryable } from '../db/client';
import type { AppContext } from '../context';
import type { ClickRecord } from '../tracking/click-batch';
import { ClickWriter } from '../tracking/click-writer';
import { nextClickIds } from '../tracking/sql';
import { buildClickPath } from './factories';

export type ClickPath = Awaited<ReturnType<typeof buildClickPath>>;

const TEXTS = [
  null,
  'https://blog.example/a?b=1',
  'tab\there',
  'line\nbreak',
  '\x1e"marked"',
  'ünï ✓ "q" \\',
];

/** `n` clicks of the path with fresh ids, spread over a few addresses and texts; every third unique. */
export async function journalClicks(
  db: Queryable,
  p: ClickPath,
  n: number,
  t0 = Date.now(),
): Promise<ClickRecord[]> {
  const ids = await nextClickIds(db, n);
  return ids.map((id, i) => ({
    id,
    time: new Date(t0 + i),
    siteId: p.site.id,
    typeId: p.type.id,
    agentId: p.agent.id,
    officeId: p.office.id,
    ip: `10.7.${i % 5}.${i % 250}`,
    isUnique: i % 3 === 0,
    referer: TEXTS[i % TEXTS.length],
    userAgent: TEXTS[(i + 3) % TEXTS.length],
    invalidReason: i % 9 === 1 ? 1 + (Math.floor(i / 9) % 7) : 0,
  }));
}

/** The site's clicks as stored: id, unique, referer, user agent, and how many rows each id has. */
export async function storedClicks(db: Queryable, siteId: number) {
  return queryRows<{
    id: number;
    is_unique: boolean;
    referer: string | null;
    user_agent: string | null;
    n: number;
  }>(
    db,
    sql`select id::float8 as id, bool_or(is_unique) as is_unique, min(referer) as referer,
               min(user_agent) as user_agent, count(*)::int as n
        from clicks where site_id = ${siteId} group by id order by id`,
  );
}

/** stats_daily's raws and uniques of the site, and the same counted from its raw clicks. */
export async function siteRollup(db: Queryable, siteId: number) {
  const [r] = await queryRows<{ raws: number; uniques: number; clicks: number; unique_clicks: number }>(
    db,
    sql`select (select coalesce(sum(raws), 0)::int from stats_daily where site_id = ${siteId}) as raws,
               (select coalesce(sum(uniques), 0)::int from stats_daily where site_id = ${siteId}) as uniques,
               (select count(*)::int from clicks where site_id = ${siteId}) as clicks,
               (select count(*)::int from clicks where site_id = ${siteId} and is_unique) as unique_clicks`,
  );
  return r;
}

/**
 * A writer over the real database whose statements wait until `release()`: the clicks it holds are not
 * committed meanwhile, as when its node is killed before the batch commits.
 */
export function gatedWriter(ctx: Pick<AppContext, 'db'>, onCommit: (committed: number) => void) {
  let open = false;
  let waiting: Array<() => void> = [];
  const db = {
    execute: async (query: SQL) => {
      if (!open) await new Promise<void>((r) => waiting.push(r));
      return (ctx.db as Db).execute(query);
    },
  } as unknown as Queryable;
  const writer = new ClickWriter(db, { intervalMs: 60_000, onCommit });
  return {
    writer,
    release() {
      open = true;
      for (const go of waiting) go();
      waiting = [];
    },
  };
}
