// The postback log keeps the option's days (90 by default): once a day, at 01:30 Eastern, older rows of
// postback_logs (repeats and refusals) are deleted in batches, each its own short transaction, by one
// process at a time. An accepted sale or reversal is its own row in sales, so its entry lasts as long as
// the sale: never deleted.
import { sql } from 'drizzle-orm';
import { queryOne, type Db } from '../db/client';
import { postbackLogDays } from '../common/options';
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

export function schedulePostbackLogRetention(s: Scheduler) {
  return scheduleJob(s, {
    name: 'postback-log-retention',
    next: (now) => nextEasternTime(now, 90),
    run: async ({ stopping, claim }) => {
      const n = await trimPostbackLog(s.db, new Date(), { stopping, claim });
      return n ? `postback log: ${n} row(s) past the retention deleted` : null;
    },
  });
}
