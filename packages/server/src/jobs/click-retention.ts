// Raw clicks are kept for the option's whole months before the current Eastern month (every click by
// default). Older months are dropped whole, one partition per transaction, never deleted row by row; the
// first kept day is recorded with each drop, for the click log and the rollup rebuild. stats_daily and
// sales are not touched, so every report stays as it was.
import { sql } from 'drizzle-orm';
import type { Db, Queryable } from '../db/client';
import { OPTION_RAW_CLICKS_KEPT_FROM, rawClickMonths } from '../common/options';
import {
  addMonths,
  defaultPartitionMonths,
  dropMonthsBefore,
  easternMonth,
  ensureMonthPartition,
} from '../db/partitions';

export interface ClickRetention {
  /** The first day ('YYYY-MM-01') of the oldest month kept. */
  keptFrom: string;
  /** The months dropped ('YYYY-MM-01'). */
  dropped: string[];
}

/** Records `day` as the first day of kept raw clicks, unless a later one is recorded. */
async function recordKeptFrom(tx: Queryable, day: string) {
  await tx.execute(
    sql`insert into options (name, value) values (${OPTION_RAW_CLICKS_KEPT_FROM}, ${day})
        on conflict (name) do update set value = greatest(options.value, excluded.value)`,
  );
}

/** Drops the months of raw clicks past the option at `now`; null when the option keeps every click. */
export async function dropOldClicks(db: Db, now = new Date()): Promise<ClickRetention | null> {
  const months = await rawClickMonths(db);
  if (!months) return null;
  const keptFrom = addMonths(easternMonth(now), -months);
  // Rows written to the default partition before their month existed go to their month first, which
  // is then dropped with the others.
  for (const month of await defaultPartitionMonths(db, 'clicks'))
    if (month < keptFrom) await ensureMonthPartition(db, 'clicks', month);
  const dropped = await dropMonthsBefore(db, 'clicks', keptFrom, (tx) => recordKeptFrom(tx, keptFrom));
  return { keptFrom, dropped: dropped.map((p) => p.month) };
}
