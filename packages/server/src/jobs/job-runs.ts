// The ledger of scheduled runs (job_runs): a node runs a job's due time only if its insert of
// (job, due_at) wins, so the same due time never runs twice, however many nodes reach it and however
// late (a clock behind, a start just after it).
import { eq, sql } from 'drizzle-orm';
import { queryOne, type Db, type Tx } from '../db/client';
import { jobRuns } from '../db/schema';

/** A job's rows kept back from its newest due time: enough to read what ran, bounded for the minutely ones. */
const KEEP_DAYS = 30;

/**
 * Inserts the run of `job` at `dueAt` by `node` in `tx`: true when this node won it. While another
 * transaction holds the same row uncommitted, PostgreSQL waits for it: when that one commits this answers
 * false, when it rolls back (its process died, its first batch failed) this one wins instead.
 */
export async function claimRun(tx: Tx, job: string, dueAt: Date, node: string): Promise<boolean> {
  const due = dueAt.toISOString();
  const row = await queryOne<{ won: boolean }>(
    tx,
    sql`insert into job_runs (job, due_at, node) values (${job}, ${due}::timestamptz, ${node})
        on conflict do nothing returning true as won`,
  );
  if (!row?.won) return false;
  await tx.execute(
    sql`delete from job_runs where job = ${job}
          and due_at < ${due}::timestamptz - make_interval(days => ${KEEP_DAYS})`,
  );
  return true;
}

/** Marks the run finished (a run whose process died keeps finished_at null). */
export async function finishRun(db: Db, job: string, dueAt: Date): Promise<void> {
  await db.execute(
    sql`update job_runs set finished_at = now() where job = ${job} and due_at = ${dueAt.toISOString()}::timestamptz`,
  );
}

export type JobRun = typeof jobRuns.$inferSelect;

/** The runs of `job`, oldest due time first. */
export function findRuns(db: Db, job: string): Promise<JobRun[]> {
  return db.select().from(jobRuns).where(eq(jobRuns.job, job)).orderBy(jobRuns.dueAt);
}
