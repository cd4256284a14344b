// A pay period's own row (DESIGN.md section 9): closed, marked paid or reopened. The caller holds the pay
// period lock (pay-periods/close.ts) and, for a close, saves the period's snapshot in the same transaction.
import { sql } from 'drizzle-orm';
import { PayPeriodStatus } from '@salesdesk/contract';
import { queryRows, type Queryable } from '../db/client';
import { outboxCtes, periodData, typeValue, writeEvents } from './events';

/**
 * Marks the period `start`..`end` closed by `by` (an empty open period before it, reopened and then left
 * without money, stops being a period).
 */
export async function closePeriodRow(tx: Queryable, start: string, end: string, by: number, now: Date) {
  await tx.execute(
    sql`delete from pay_periods where start < ${start}::date and status = ${PayPeriodStatus.Open}`,
  );
  await tx.execute(
    sql`insert into pay_periods (start, "end", status, closed_by, closed_at)
        values (${start}::date, ${end}::date, ${PayPeriodStatus.Closed}, ${by}, ${now.toISOString()})
        on conflict (start) do update set "end" = excluded."end", status = excluded.status,
          closed_by = excluded.closed_by, closed_at = excluded.closed_at`,
  );
  await writeEvents(
    tx,
    sql`select ${typeValue('pay_period.closed')} as type, null::int as office_id, null::int as site_id,
               ${periodData('p')} as data
        from pay_periods p where p.start = ${start}::date`,
  );
}

/** Marks the closed period `start` paid; false when it is not closed (only a row still closed changes). */
export async function markPeriodPaid(db: Queryable, start: string, by: number, now: Date): Promise<boolean> {
  const changed = await queryRows<{ start: string }>(
    db,
    sql`with changed as (
          update pay_periods set status = ${PayPeriodStatus.Paid}, paid_by = ${by}, paid_at = ${now.toISOString()}
          where start = ${start}::date and status = ${PayPeriodStatus.Closed}
          returning start, "end", closed_at, paid_at
        ), ${outboxCtes(
          sql`select ${typeValue('pay_period.paid')} as type, null::int as office_id, null::int as site_id,
                     ${periodData('p')} as data
              from changed p`,
        )}
        select start::text from changed`,
  );
  return changed.length > 0;
}

/** Opens the closed period `start` again, its snapshot totals cleared (the caller drops its rows). */
export async function reopenPeriodRow(tx: Queryable, start: string, by: number, reason: string, now: Date) {
  await tx.execute(
    // closed_by and closed_at stay: the period's history keeps who closed it before the reopen.
    sql`update pay_periods set status = ${PayPeriodStatus.Open},
          reopened_by = ${by}, reopened_at = ${now.toISOString()}, reopen_reason = ${reason},
          agents_paid = 0, payout = 0, avp_payout = 0, avp_payout_dollars = 0
        where start = ${start}::date`,
  );
}
