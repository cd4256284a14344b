// Login blocking is lifted for everybody at 01:00 America/New_York (DESIGN.md rule 8), once per day
// whatever the number of nodes: the run's one transaction claims the day's due time and unblocks.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { inBatches, nextEasternTime, scheduleJob, type Claim, type Scheduler } from './schedule';

const LOCK_KEY = 727002;
export const UNBLOCK_JOB = 'login-unblock';

/** The next 01:00 Eastern after `now` (01:00 exists every day; DST switches happen at 02:00). */
export const nextUnblockTime = (now: Date): Date => nextEasternTime(now, 60);

/** Unblocks every account in one transaction; null when another process is doing it or did this due time. */
export function unblockLogins(db: Db, opts: { claim?: Claim } = {}): Promise<number | null> {
  // One batch: the update is a single statement, committed with the claim.
  return inBatches(
    db,
    LOCK_KEY,
    Number.POSITIVE_INFINITY,
    async (tx) => {
      const res = (await tx.execute(
        sql`update accounts set login_blocked = false where login_blocked`,
      )) as unknown as { rowCount?: number; affectedRows?: number };
      return res.rowCount ?? res.affectedRows ?? 0;
    },
    opts,
  );
}

export function scheduleLoginUnblock(s: Scheduler) {
  return scheduleJob(s, {
    name: UNBLOCK_JOB,
    next: nextUnblockTime,
    run: async ({ claim }) => {
      const n = await unblockLogins(s.db, { claim });
      return n === null ? null : `01:00 Eastern: login unblocked for ${n} account(s)`;
    },
  });
}
