// The postback log keeps the option's days (90 by default): once a day, at 01:30 Eastern, the month
// partitions of postback_logs (repeats and refusals) that end before the cutoff are dropped whole, then
// the older rows left (the cutoff's own month, the default partition) are deleted in batches, each its
// own short transaction, by one process at a time. An accepted sale or reversal is its own row in sales,
// so its entry lasts as long as the sale: never deleted.
import { sql } from 'drizzle-orm';
import { queryOne, type Db } from '../db/client';
import { postbackLogDays } from '../common/options';
import { dropMonthsBefore, easternMonth } from '../db/partitions';
import { inBatches, nextEasternTime, scheduleJob, type Stopping } from './schedule';

const LOCK_KEY = 727003;
const DAY_MS = 86_400_000;
export const RETENTION_BATCH = 5000;

/** Deletes the rows older than the option's days at `now`; null when another process is doing it. */
export async function trimPostbackLog(
  db: Db,
  now = new Date(),
  opts: { batch?: number; stopping?: Stopping } = {},
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
    opts.stopping,
  );
}

/** The whole months past the option's days at `now` dropped, then the older rows left deleted. */
export async function retainPostbackLog(
  db: Db,
  now = new Date(),
  opts: { batch?: number; stopping?: Stopping } = {},
): Promise<{ dropped: string[]; deleted: number | null }> {
  const cutoff = new Date(now.getTime() - (await postbackLogDays(db)) * DAY_MS);
  const dropped = await dropMonthsBefore(db, 'postback_logs', easternMonth(cutoff));
  const deleted = await trimPostbackLog(db, now, opts);
  return { dropped: dropped.map((p) => p.month.slice(0, 7)), deleted };
}

export function schedulePostbackLogRetention(db: Db, log: (msg: string) => void) {
  return scheduleJob(
    'postback log retention',
    (now) => nextEasternTime(now, 90),
    async (stopping) => {
      const { dropped, deleted } = await retainPostbackLog(db, new Date(), { stopping });
      const notes = [
        dropped.length && `months ${dropped.join(', ')} dropped`,
        deleted && `${deleted} row(s) past the retention deleted`,
      ].filter(Boolean);
      return notes.length ? `postback log: ${notes.join('; ')}` : null;
    },
    log,
  );
}
