// The report_schedules rows: an account's own, and those due at a 07:00 send.
import { sql } from 'drizzle-orm';
import { queryOne, queryRows, type Queryable } from '../db/client';

export interface ScheduleRecord {
  id: number;
  account_id: number;
  kind: string;
  filters: Record<string, unknown>;
  frequency: string;
  paused: boolean;
  created_at: Date | string;
  last_sent_at: Date | string | null;
}

const COLUMNS = sql`id, account_id, kind, criteria as filters, frequency, paused, created_at, last_sent_at`;

export async function ownSchedules(db: Queryable, accountId: number, page: number, pageSize: number) {
  const items = await queryRows<ScheduleRecord>(
    db,
    sql`select ${COLUMNS} from report_schedules where account_id = ${accountId}
        order by id desc limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  const total = await queryOne<{ n: number }>(
    db,
    sql`select count(*)::int as n from report_schedules where account_id = ${accountId}`,
  );
  return { items, total: total?.n ?? 0 };
}

export const countOwn = async (db: Queryable, accountId: number) =>
  (
    await queryOne<{ n: number }>(
      db,
      sql`select count(*)::int as n from report_schedules where account_id = ${accountId}`,
    )
  )?.n ?? 0;

export const insertSchedule = (
  db: Queryable,
  v: { accountId: number; kind: string; filters: object; frequency: string; now: Date },
) =>
  queryOne<ScheduleRecord>(
    db,
    sql`insert into report_schedules (account_id, kind, criteria, frequency, created_at)
        values (${v.accountId}, ${v.kind}, ${JSON.stringify(v.filters)}::jsonb, ${v.frequency}, ${v.now.toISOString()})
        returning ${COLUMNS}`,
  );

/** Pauses or resumes one of the account's own; undefined when it has none of that id. */
export const setPaused = (db: Queryable, accountId: number, id: number, paused: boolean) =>
  queryOne<ScheduleRecord>(
    db,
    sql`update report_schedules set paused = ${paused} where id = ${id} and account_id = ${accountId}
        returning ${COLUMNS}`,
  );

export const deleteOwn = async (db: Queryable, accountId: number, id: number) =>
  (
    await queryRows<{ id: number }>(
      db,
      sql`delete from report_schedules where id = ${id} and account_id = ${accountId} returning id`,
    )
  ).length;

/** The schedules not paused that have not been sent for the due time `dueAt`, in id order after `after`. */
export const dueSchedules = (db: Queryable, dueAt: Date, after: number, limit: number) =>
  queryRows<ScheduleRecord>(
    db,
    sql`select ${COLUMNS} from report_schedules
        where not paused and (last_due_at is null or last_due_at < ${dueAt.toISOString()}::timestamptz)
          and id > ${after}
        order by id limit ${limit}`,
  );

/** Marks the schedule sent (or passed over) for the due time, once: false when another node already did. */
export async function markDue(db: Queryable, id: number, dueAt: Date, sent: boolean): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update report_schedules set last_due_at = ${dueAt.toISOString()},
          last_sent_at = case when ${sent} then now() else last_sent_at end
        where id = ${id} and (last_due_at is null or last_due_at < ${dueAt.toISOString()}::timestamptz)
        returning id`,
  );
  return rows.length > 0;
}
