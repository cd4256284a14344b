// Which period pays a money row dated inside a closed or paid period (issue 32): the database set its
// pay_period to the first open period after the closed ones, so that period starts after the row's day.
import { sql } from 'drizzle-orm';
import { EventType, payPeriodOf, SaleStatus, type TPeriod } from '@salesdesk/contract';
import { queryRows, type Queryable } from '../db/client';
import { payState } from '../pay-periods/close';

/** The periods paying the approved rows `ids` that are dated inside a closed period, oldest first. */
export async function paidInLater(db: Queryable, ids: number[]): Promise<TPeriod[]> {
  if (!ids.length) return [];
  const rows = await queryRows<{ start: string }>(
    db,
    sql`select distinct pay_period::text as start from sales
        where id = any(${sql.param(ids)}::bigint[]) and status = ${SaleStatus.Approved}
          and event_type in (${EventType.Sale}, ${EventType.Bonus}, ${EventType.Adjustment})
          and pay_period > (date at time zone 'America/New_York')::date
        order by 1`,
  );
  if (!rows.length) return [];
  const { cycle, closedThrough } = await payState(db);
  return rows.map((r) => ({ start: r.start, end: payPeriodOf(cycle, r.start, closedThrough).end }));
}
