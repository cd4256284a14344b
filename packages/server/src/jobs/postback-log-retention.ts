// The postback log keeps the option's days (90 by default): once a day, at 01:30 Eastern, the month
// partitions of postback_logs (repeats and refusals) that end before the cutoff are dropped whole, then
// the older rows left (the cutoff's own month, the default partition) are deleted in batches, each its
// own short transaction, by one process at a time. An accepted sale or reversal is its own row in sales,
// so its entry lasts as long as the sale: never deleted.
import { sql } from 'drizzle-orm';
import { queryOne, type Db } from '../db/client';
import { postbackLogDays } from '../common/options';
import { dropMonthsBefore, easternMonth } from '../db/partitions';
import { inBatches, nextEasternTime, scheduleJob, type BatchOptions, type Scheduler } from './schedule';

const LOCK_KEY = 727003;
const DAY_MS = 86_400_000;
export const RETENTION_BATCH = 5000;

/** Deletes the rows older than the option's days at `now`; null when another process is doing it. */
export async function trimPostbackLog(
  db: Db,
  now = new Date(),
  opts: BatchOptions & { batch?: number } = {},
): Promise<number | null> {
  const size = opts.batch ?? RETENTION_BATCH;
  const cutoff = new Date(now.getTime() - (await postbackLogDays(db)) * DAY_MS).toISOString();
  return inBatches(
    db,
    LOCK_KEY,
    size,
    async (tx) => {
      // The oldest first, through the (time, id) index.
      const row = await queryOne<{ n: number }>(
        tx,
        sql`with gone as (
              delete from postback_logs where id in (
                select id from postback_logs where time < ${cutoff}::timestamptz order by time, id limit ${size})
              returning 1)
            select count(*)::int as n from gone`,
      );
      return row?.n ?? 0;
    },
    opts,
  );
}

/**
 * The whole months past the option's days at `now` dropped, then the older rows left deleted; null when
 * the due time was another node's (the claim is taken first, in a transaction of its own).
 */
export async function retainPostbackLog(
  db: Db,
  now = new Date(),
  opts: BatchOptions & { batch?: number } = {},
): Promise<{ dropped: string[]; deleted: number | null } | null> {
  const { claim, ...rest } = opts;
  if (claim && !(await db.transaction((tx) => claim(tx)))) return null;
  const cutoff = new Date(now.getTime() - (await postbackLogDays(db)) * DAY_MS);
  const dropped = await dropMonthsBefore(db, 'postback_logs', easternMonth(cutoff));
  const deleted = await trimPostbackLog(db, now, rest);
  return { dropped: dropped.map((p) => p.month.slice(0, 7)), deleted };
}

export function schedulePostbackLogRetention(s: Scheduler) {
  return scheduleJob(s, {
    name: 'postback-log-retention',
    next: (now) => nextEasternTime(now, 90),
    run: async ({ stopping, claim }) => {
      const done = await retainPostbackLog(s.db, new Date(), { stopping, claim });
      const notes = [
        done?.dropped.length && `months ${done.dropped.join(', ')} dropped`,
        done?.deleted && `${done.deleted} row(s) past the retention deleted`,
      ].filter(Boolean);
      return notes.length ? `postback log: ${notes.join('; ')}` : null;
    },
  });
}
