// Every 5 minutes, the API keys that expired unused get their audit entry ("API key reports (sdk_3f9a…)
// expired"), in batches, by one process at a time; a key used past its expiry first got it from that
// request (common/api-key-expiry.ts claims each key once, so neither writes it twice).
import type { Db } from '../db/client';
import { logKeysExpired } from '../common/api-key-expiry';
import { inBatches, scheduleJob, type BatchOptions, type Scheduler } from './schedule';

const LOCK_KEY = 727006;
export const KEY_EXPIRY_BATCH = 200;
const EVERY_MS = 5 * 60_000;

/** The next whole 5 minutes after `now`. */
export const nextKeyExpiryTime = (now: Date) =>
  new Date((Math.floor(now.getTime() / EVERY_MS) + 1) * EVERY_MS);

/** Writes the entries of the keys expired and not yet logged; null when another process is doing it. */
export function logExpiredKeys(db: Db, opts: BatchOptions & { batch?: number } = {}): Promise<number | null> {
  const batch = opts.batch ?? KEY_EXPIRY_BATCH;
  return inBatches(db, LOCK_KEY, batch, (tx) => logKeysExpired(tx, { batch }, { ip: '' }), opts);
}

export function scheduleKeyExpiry(s: Scheduler) {
  return scheduleJob(s, {
    name: 'api-key-expiry',
    next: nextKeyExpiryTime,
    run: async ({ stopping, claim }) => {
      const n = await logExpiredKeys(s.db, { stopping, claim });
      return n ? `API keys: ${n} expired key(s) written to the audit log` : null;
    },
  });
}
