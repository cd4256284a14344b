// A pay period's own row (DESIGN.md section 9): closed, marked paid or reopened. The caller holds the pay
// period lock (pay-periods/close.ts) and, for a close, saves the period's snapshot in the same transaction.
import { sql } from 'drizzle-orm';
import { PayPeriodStatus } from '@salesdesk/contract';
import { queryRows, type Queryable } from '../db/client';
import { afterMoneyWrite } from './events';

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
  await afterMoneyWrite(tx, { kind: 'pay_period.closed', start });
}

/** Marks the closed period `start` paid; false when it is not closed (only a row still closed changes). */
export async function markPeriodPaid(db: Queryable, start: string, by: number, now: Date): Promise<boolean> {
  const changed = await queryRows<{ start: string }>(
    db,
    sql`update pay_periods set status = ${PayPeriodStatus.Paid}, paid_by = ${by}, paid_at = ${now.toISOString()}
        where start = ${start}::date and status = ${PayPeriodStatus.Closed}
        returning start::text`,
  );
  if (!changed.length) return false;
  await afterMoneyWrite(db, { kind: 'pay_period.paid', start });
  return true;
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
  await afterMoneyWrite(tx, { kind: 'pay_period.reopened', start });
}
