// Sales of a site with hold days arrive held until `hold_until`; every minute the ones whose time is
// up are approved, their stats_daily figures moving from held to paid, in batches until none is due,
// by one process at a time (changeHeldSales changes a sale still held only, so none is approved twice),
// once per minute whatever the number of nodes (the job_runs ledger).
// A sale held by a fraud rule has no hold_until: it waits for review, and this job never approves it.
import { SaleStatus } from '@salesdesk/contract';
import type { Db } from '../db/client';
import { changeHeldSales, holdIsUp } from '../ledger';
import { inBatches, nextMinute, scheduleJob, type BatchOptions, type Scheduler } from './schedule';

const LOCK_KEY = 727004;
export const HOLD_BATCH = 500;

/** Approves the held sales due at `now`; answers how many, or null when another process is doing it. */
export function releaseHeldSales(
  db: Db,
  now = new Date(),
  opts: BatchOptions & { batch?: number } = {},
): Promise<number | null> {
  const size = opts.batch ?? HOLD_BATCH;
  const approve = { status: SaleStatus.Approved, reason: null, by: null } as const;
  return inBatches(db, LOCK_KEY, size, (tx) => changeHeldSales(tx, holdIsUp(now), approve, size), opts);
}

export function scheduleHoldRelease(s: Scheduler) {
  return scheduleJob(s, {
    name: 'hold-release',
    next: nextMinute,
    run: async ({ stopping, claim }) => {
      const n = await releaseHeldSales(s.db, new Date(), { stopping, claim });
      return n ? `hold time up: ${n} held sale(s) approved` : null;
    },
  });
}
