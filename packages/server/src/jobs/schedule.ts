// The timer of a scheduled job: a run at each due time `next` names, never two at once in one process, and
// once in all (the job_runs ledger: the node whose claim wins runs it, in the run's first transaction).
// Stopping clears the timer and waits for the run in progress, which ends after its current batch.
import { sql } from 'drizzle-orm';
import { addDays, easternDay, easternDayStart } from '@salesdesk/contract';
import { queryOne, type Db, type Tx } from '../db/client';
import { loggableError } from '../common/loggable-error';
import { claimRun, finishRun } from './job-runs';

export type StopJob = () => Promise<void>;
/** Tells a run of batches that the process is stopping. */
export type Stopping = () => boolean;
/** Claims the due time in the run's first transaction: false when another node has it. */
export type Claim = (tx: Tx) => Promise<boolean>;

/**
 * A due time up to this late still runs when no node ran it: a process started just after it, or
 * whose clock is behind. Later than that it is skipped, as before the ledger (an unblock at 09:00
 * would lift blocks set that morning).
 */
export const LATE_MS = 5 * 60_000;

/** What runs the jobs of one process. */
export interface Scheduler {
  db: Db;
  /** This process in job_runs (host:port). */
  node: string;
  log: (msg: string) => void;
  /** The jobs' clock in ms (Date.now; a test setting may shift it, config.jobsClockShiftMs). */
  now?: () => number;
}

export interface DueRun {
  dueAt: Date;
  stopping: Stopping;
  /** To be called first in the run's first transaction (inBatches' `claim`). */
  claim: Claim;
}

export interface JobSpec {
  /** Its name in job_runs and in the log. */
  name: string;
  /** The first due time after `now`. */
  next: (now: Date) => Date;
  /** Runs one due time; answers the line to log, or null. */
  run: (due: DueRun) => Promise<string | null>;
}

export function scheduleJob(s: Scheduler, job: JobSpec): StopJob {
  const now = s.now ?? Date.now;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const arm = (due: Date) => {
    if (stopped) return;
    timer = setTimeout(
      () => {
        // The next due time is the one after this one, or after now when this run overran it.
        const after = () => job.next(new Date(Math.max(now(), due.getTime())));
        running = runDue(s, job, due, () => stopped).finally(() => arm(after()));
      },
      Math.max(due.getTime() - now(), 0),
    );
    timer.unref();
  };
  arm(job.next(new Date(now() - LATE_MS)));
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}

async function runDue(s: Scheduler, job: JobSpec, dueAt: Date, stopping: Stopping): Promise<void> {
  let claimed: boolean | undefined;
  const claim: Claim = async (tx) => (claimed = await claimRun(tx, job.name, dueAt, s.node));
  try {
    const msg = await job.run({ dueAt, stopping, claim });
    if (claimed === undefined) throw new Error('the run did not claim its due time');
    if (claimed) await finishRun(s.db, job.name, dueAt);
    if (msg) s.log(msg);
  } catch (err) {
    s.log(`${job.name} failed: ${loggableError(err).message}`);
  }
}

const MINUTE_MS = 60_000;

/** The next whole minute after `now`: every node names the same due time. */
export function nextMinute(now: Date): Date {
  return new Date((Math.floor(now.getTime() / MINUTE_MS) + 1) * MINUTE_MS);
}

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

export interface BatchOptions {
  stopping?: Stopping;
  /** The scheduler's claim of the due time, taken in the first batch's transaction. */
  claim?: Claim;
}

/**
 * Runs `batch` (one transaction each, under the job's lock) until one does fewer than `size` rows, the
 * process stops, or another process holds the lock; answers the rows done, or null when the due time
 * was another node's or the lock was taken from the start.
 *
 * The claim commits with the first batch: a process that dies during it leaves no claim, and a node
 * whose claim was waiting on it runs the due time instead. One that dies in a later batch leaves its
 * claim unfinished; what it left is done at the next due time (each job's work is what is due then).
 */
export async function inBatches(
  db: Db,
  lockKey: number,
  size: number,
  batch: (tx: Tx) => Promise<number>,
  opts: BatchOptions = {},
): Promise<number | null> {
  const stopping = opts.stopping ?? (() => false);
  let done = 0;
  for (let first = true; ; first = false) {
    const n = await db.transaction(async (tx) => {
      if (first && opts.claim && !(await opts.claim(tx))) return null;
      return (await tryJobLock(tx, lockKey)) ? batch(tx) : null;
    });
    if (n === null) return first ? null : done;
    done += n;
    if (n < size || stopping()) return done;
  }
}
