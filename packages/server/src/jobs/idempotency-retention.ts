// Every hour, the Idempotency-Keys past their 24 hours (http/idempotency.ts) are deleted in batches, by
// one process at a time. Lookups already ignore them; the hourly run keeps the table to about a day.
import { IDEMPOTENCY_KEY_HOURS } from '@salesdesk/contract';
import { queryOne, sql, type Db } from '../db/client';
import { inBatches, scheduleJob, type BatchOptions, type Scheduler } from './schedule';

const LOCK_KEY = 727007;
const BATCH = 5_000;
const EVERY_MS = 60 * 60_000;

/** The next whole hour after `now`. */
export const nextIdempotencyTrimTime = (now: Date) =>
  new Date((Math.floor(now.getTime() / EVERY_MS) + 1) * EVERY_MS);

/** Deletes the keys past their 24 hours; answers how many, or null when another process is doing it. */
export function trimIdempotencyKeys(db: Db, opts: BatchOptions = {}): Promise<number | null> {
  return inBatches(
    db,
    LOCK_KEY,
    BATCH,
    async (tx) =>
      (
        await queryOne<{ n: number }>(
          tx,
          sql`with gone as (
                delete from idempotency_keys where ctid in (
                  select ctid from idempotency_keys
                  where created_at < now() - ${`${IDEMPOTENCY_KEY_HOURS} hours`}::interval
                  limit ${BATCH})
                returning 1)
              select count(*)::int as n from gone`,
        )
      )?.n ?? 0,
    opts,
  );
}

export function scheduleIdempotencyRetention(s: Scheduler) {
  return scheduleJob(s, {
    name: 'idempotency-retention',
    next: nextIdempotencyTrimTime,
    run: async ({ stopping, claim }) => {
      const n = await trimIdempotencyKeys(s.db, { stopping, claim });
      return n ? `idempotency keys: ${n} past 24 hours deleted` : null;
    },
  });
}
