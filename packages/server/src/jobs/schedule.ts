// The timer of a scheduled job: a run at each instant `next` names, never two at once in one process;
// stopping clears the timer and waits for the run in progress, which ends after its current batch.
import { sql } from 'drizzle-orm';
import { addDays, easternDay, easternDayStart } from '@salesdesk/contract';
import { queryOne, type Db, type Tx } from '../db/client';
import { loggableError } from '../common/loggable-error';

export type StopJob = () => Promise<void>;
/** Tells a run of batches that the process is stopping. */
export type Stopping = () => boolean;

export function scheduleJob(
  name: string,
  next: (now: Date) => Date,
  job: (stopping: Stopping) => Promise<string | null>,
  log: (msg: string) => void,
): StopJob {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const arm = () => {
    if (stopped) return;
    const wait = Math.max(next(new Date()).getTime() - Date.now(), 1000);
    timer = setTimeout(() => {
      running = job(() => stopped)
        .then((msg) => void (msg && log(msg)))
        .catch((err: unknown) => log(`${name} failed: ${loggableError(err).message}`))
        .finally(arm);
    }, wait);
    timer.unref();
  };
  arm();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}

const MINUTE_MS = 60_000;

/** `minutes` after midnight Eastern, next after `now`; exact every day below 120 (DST switches at 02:00). */
export function nextEasternTime(now: Date, minutes: number): Date {
  const at = (day: string) => new Date(easternDayStart(day).getTime() + minutes * MINUTE_MS);
  const today = easternDay(now);
  return at(today) > now ? at(today) : at(addDays(today, 1));
}

/**
 * Takes the job's advisory lock for the transaction: false when another process holds it (doing the
 * same work), so each batch of a job runs in one process only and no lock outlives its batch.
 */
export async function tryJobLock(tx: Tx, key: number): Promise<boolean> {
  const row = await queryOne<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${key}) as ok`);
  return row?.ok === true;
}

/**
 * Runs `batch` (one transaction each, under the job's lock) until one does fewer than `size` rows, the
 * process stops, or another process holds the lock; answers the rows done, or null when the lock
 * was taken from the start.
 */
export async function inBatches(
  db: Db,
  lockKey: number,
  size: number,
  batch: (tx: Tx) => Promise<number>,
  stopping: Stopping = () => false,
): Promise<number | null> {
  let done = 0;
  for (let first = true; ; first = false) {
    const n = await db.transaction(async (tx) => ((await tryJobLock(tx, lockKey)) ? batch(tx) : null));
    if (n === null) return first ? null : done;
    done += n;
    if (n < size || stopping()) return done;
  }
}
