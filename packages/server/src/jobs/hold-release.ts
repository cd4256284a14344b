// Sales of a site with hold days arrive held until `hold_until`; every minute the ones whose time is
// up are approved, their stats_daily figures moving from held to paid, in batches until none is due,
// by one process at a time (changeHeldSales changes a sale still held only, so none is approved twice).
// A sale held by a fraud rule has no hold_until: it waits for review, and this job never approves it.
import { SaleStatus } from '@salesdesk/contract';
import type { Db } from '../db/client';
import { changeHeldSales, holdIsUp } from '../ledger/status';
import { inBatches, scheduleJob, type Stopping } from './schedule';

const LOCK_KEY = 727004;
const EVERY_MS = 60_000;
export const HOLD_BATCH = 500;

/** Approves the held sales due at `now`; answers how many, or null when another process is doing it. */
export function releaseHeldSales(
  db: Db,
  now = new Date(),
  opts: { batch?: number; stopping?: Stopping } = {},
): Promise<number | null> {
  const size = opts.batch ?? HOLD_BATCH;
  const approve = { status: SaleStatus.Approved, reason: null, by: null } as const;
  return inBatches(
    db,
    LOCK_KEY,
    size,
    (tx) => changeHeldSales(tx, holdIsUp(now), approve, size),
    opts.stopping,
  );
}

export function scheduleHoldRelease(db: Db, log: (msg: string) => void) {
  return scheduleJob(
    'hold release',
    (now) => new Date(now.getTime() + EVERY_MS),
    async (stopping) => {
      const n = await releaseHeldSales(db, new Date(), { stopping });
      return n ? `hold time up: ${n} held sale(s) approved` : null;
    },
    log,
  );
}
