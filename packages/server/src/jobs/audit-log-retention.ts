// The audit log keeps the option's days (730, two years, by default): once a day, at 01:45 Eastern, older
// rows and their changes are deleted in batches, each its own short transaction, by one process at a
// time. The audit tables refuse any other delete (and every update): a batch sets salesdesk.audit_retention
// for its own transaction only.
import { sql } from 'drizzle-orm';
import { queryOne, type Db } from '../db/client';
import { auditLogDays } from '../common/options';
import { inBatches, nextEasternTime, scheduleJob, type BatchOptions, type Scheduler } from './schedule';

const LOCK_KEY = 727005;
const DAY_MS = 86_400_000;
export const AUDIT_RETENTION_BATCH = 1000;

/** Deletes the rows older than the option's days at `now`; null when another process is doing it. */
export async function trimAuditLog(
  db: Db,
  now = new Date(),
  opts: BatchOptions & { batch?: number } = {},
): Promise<number | null> {
  const size = opts.batch ?? AUDIT_RETENTION_BATCH;
  const cutoff = new Date(now.getTime() - (await auditLogDays(db)) * DAY_MS).toISOString();
  return inBatches(
    db,
    LOCK_KEY,
    size,
    async (tx) => {
      await tx.execute(sql`select set_config('salesdesk.audit_retention', 'on', true)`);
      // The oldest first, through the (time, id) index; their changes go with them.
      const row = await queryOne<{ n: number }>(
        tx,
        sql`with old as (select id from audit_logs where time < ${cutoff}::timestamptz order by time, id
                         limit ${size}),
            changes as (delete from audit_changes where audit_id in (select id from old) returning 1),
            gone as (delete from audit_logs where id in (select id from old) returning 1)
            select count(*)::int as n from gone`,
      );
      return row?.n ?? 0;
    },
    opts,
  );
}

export function scheduleAuditLogRetention(s: Scheduler) {
  return scheduleJob(s, {
    name: 'audit-log-retention',
    next: (now) => nextEasternTime(now, 105),
    run: async ({ stopping, claim }) => {
      const n = await trimAuditLog(s.db, new Date(), { stopping, claim });
      return n ? `audit log: ${n} row(s) past the retention deleted` : null;
    },
  });
}
