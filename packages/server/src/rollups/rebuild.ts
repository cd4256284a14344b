// Recomputes stats_daily from the raw clicks and sales, day by day, and checks that they agree.
// Each chunk locks stats_daily (writers wait, readers do not), so a rebuild never loses an increment.
// Days before the first kept day of raw clicks (the retention dropped their months) keep the click
// counts stats_daily holds: only their money is recomputed.
import { sql, type SQL } from 'drizzle-orm';
import { easternDayStart } from '@salesdesk/contract';
import { queryOne, type Db, type Queryable } from '../db/client';
import { rawClicksKeptFrom } from '../common/options';
import {
  CLICK_INCREMENTS,
  ROLLUP_COLUMNS,
  ROLLUP_COUNTERS,
  SALE_INCREMENTS,
  STORED_CLICK_INCREMENTS,
  sumIncrements,
} from './increments';

const counters = (alias: string) => sql.raw(ROLLUP_COUNTERS.map((c) => `${alias}.${c}`).join(', '));

export interface RollupScope {
  /** First and last Eastern day ('YYYY-MM-DD'); default: every day with data. */
  from?: string;
  to?: string;
  /** Only these sites (tests); default: all. */
  siteIds?: number[];
}

export interface RebuildOptions extends RollupScope {
  chunkDays?: number;
  onProgress?: (p: { daysDone: number; days: number }) => void;
}

const siteFilter = (siteIds?: number[]): SQL =>
  siteIds ? sql`and site_id = any(${sql.param(siteIds)}::int[])` : sql``;

/** The instant Eastern midnight starts `day`, in SQL. */
const dayStart = (day: SQL): SQL => sql`((${day})::timestamp at time zone 'America/New_York')`;

/** Whether [from, ...] holds a day whose raw clicks were dropped (keptFrom: the first kept day). */
const reachesDropped = (from: string, keptFrom: string | null): keptFrom is string =>
  keptFrom !== null && from < keptFrom;

/**
 * stats_daily rows as the raw clicks and sales of [from, to] add them up; before `keptFrom`, the click
 * counts stored in stats_daily stand for the dropped clicks.
 */
function computedRollups(from: string, to: string, keptFrom: string | null, siteIds?: number[]): SQL {
  const start = dayStart(sql`${from}::date`);
  const end = dayStart(sql`${to}::date + 1`);
  const dropped = reachesDropped(from, keptFrom);
  const clicksFrom = dropped ? sql`${easternDayStart(keptFrom).toISOString()}::timestamptz` : start;
  const stored = dropped
    ? sql`union all
      select ${STORED_CLICK_INCREMENTS} from stats_daily
        where day >= ${from}::date and day <= ${to}::date and day < ${keptFrom}::date
          and (raws <> 0 or uniques <> 0) ${siteFilter(siteIds)}`
    : sql``;
  return sumIncrements(sql`
    select ${CLICK_INCREMENTS} from clicks
      where click_time >= ${clicksFrom} and click_time < ${end} ${siteFilter(siteIds)}
    ${stored}
    union all
    select ${SALE_INCREMENTS} from sales
      where date >= ${start} and date < ${end} ${siteFilter(siteIds)}`);
}

/** The first and last Eastern day holding a click, a sale or a rollup row; undefined when none. */
export async function rollupDayRange(
  db: Queryable,
  siteIds?: number[],
): Promise<{ from: string; to: string } | undefined> {
  const f = siteFilter(siteIds);
  const row = await queryOne<{ from: string | null; to: string | null }>(
    db,
    sql`with bounds as (
          select min(click_time) as lo, max(click_time) as hi from clicks where true ${f}
          union all select min(date), max(date) from sales where true ${f}
        ), days as (
          select (lo at time zone 'America/New_York')::date as lo, (hi at time zone 'America/New_York')::date as hi
          from bounds
          union all select min(day), max(day) from stats_daily where true ${f}
        )
        select min(lo)::text as "from", max(hi)::text as "to" from days`,
  );
  return row?.from && row.to ? { from: row.from, to: row.to } : undefined;
}

/** Replaces the stats_daily rows of [from, to] by the sums of the raw rows, in one transaction. */
export async function rebuildRollupDays(db: Db, from: string, to: string, siteIds?: number[]): Promise<void> {
  const keptFrom = await rawClicksKeptFrom(db);
  const computed = computedRollups(from, to, keptFrom, siteIds);
  const replace = sql`delete from stats_daily where day between ${from}::date and ${to}::date ${siteFilter(siteIds)}`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table stats_daily in exclusive mode`);
    if (!reachesDropped(from, keptFrom)) {
      await tx.execute(replace);
      await tx.execute(sql`insert into stats_daily (${ROLLUP_COLUMNS}) ${computed}`);
      return;
    }
    // The rows computed read the stored click counts: computed before the rows they read are deleted.
    await tx.execute(sql`create temporary table rebuilt on commit drop as ${computed}`);
    await tx.execute(replace);
    await tx.execute(sql`insert into stats_daily (${ROLLUP_COLUMNS}) select ${ROLLUP_COLUMNS} from rebuilt`);
  });
}

export const addDays = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

/** Rebuilds every day of the scope, `chunkDays` days per transaction; answers the number of days. */
export async function rebuildRollups(db: Db, opts: RebuildOptions = {}): Promise<number> {
  const range =
    opts.from && opts.to ? { from: opts.from, to: opts.to } : await rollupDayRange(db, opts.siteIds);
  if (!range) return 0;
  const from = opts.from ?? range.from;
  const to = opts.to ?? range.to;
  const days = Math.max(0, daysBetween(from, to));
  const chunk = Math.max(1, opts.chunkDays ?? 1);
  for (let done = 0; done < days; done += chunk) {
    const last = Math.min(done + chunk, days) - 1;
    await rebuildRollupDays(db, addDays(from, done), addDays(from, last), opts.siteIds);
    opts.onProgress?.({ daysDone: last + 1, days });
  }
  return days;
}

/** How many stats_daily rows of the scope differ from (or are missing in) the sums of the raw rows. */
export async function countRollupMismatches(db: Queryable, scope: RollupScope = {}): Promise<number> {
  const range =
    scope.from && scope.to ? { from: scope.from, to: scope.to } : await rollupDayRange(db, scope.siteIds);
  if (!range) return 0;
  const from = scope.from ?? range.from;
  const to = scope.to ?? range.to;
  const keptFrom = await rawClicksKeptFrom(db);
  const row = await queryOne<{ n: number }>(
    db,
    sql`with computed as (${computedRollups(from, to, keptFrom, scope.siteIds)}),
        stored as (
          select * from stats_daily where day between ${from}::date and ${to}::date ${siteFilter(scope.siteIds)}
        )
        select count(*)::int as n
        from computed c full join stored s using (day, site_id, type_id, office_id, agent_id)
        where c.day is null or s.day is null
           or (${counters('c')}) is distinct from (${counters('s')})`,
  );
  return row?.n ?? 0;
}
