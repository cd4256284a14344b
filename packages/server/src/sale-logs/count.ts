// The exact total of the sale log. stats_daily counts approved sales (reversed ones too, in their own
// day), approved bonuses, reversals and adjustments; what it cannot tell apart (held, rejected and
// reversed sales, refunds from chargebacks) is counted from the raw rows through the small partial
// index sales_lifecycle_idx. Both parts are read in one statement, so from one snapshot.
import { sql, type SQL } from 'drizzle-orm';
import { EventType, SaleStatus, type TSaleLogSearch } from '@salesdesk/contract';
import { queryOne, type Queryable } from '../db/client';
import { and } from '../common/list';
import type { Principal } from '../http/auth';
import { rollupWhere } from '../event-logs/filters';

/** The rows of sales_lifecycle_idx: a condition that names them lets the planner read that index alone. */
export const LIFECYCLE_ROWS = sql`(l.status <> 0 or l.reversal_kind is not null or l.event_type in (3, 4))`;

const REVERSED = sql`l.status = ${SaleStatus.Approved} and l.reversal_kind is not null`;

/** The status filter on the raw rows (reversal and adjustment rows are approved, never reversed). */
export function statusWhere(status: TSaleLogSearch['status']): SQL | undefined {
  switch (status) {
    case undefined:
      return undefined;
    case 'approved':
      return sql`l.status = ${SaleStatus.Approved} and l.reversal_kind is null`;
    case 'reversed':
      return sql`${LIFECYCLE_ROWS} and ${REVERSED}`;
    case 'held':
      return sql`${LIFECYCLE_ROWS} and l.status = ${SaleStatus.Held}`;
    case 'rejected':
      return sql`${LIFECYCLE_ROWS} and l.status = ${SaleStatus.Rejected}`;
  }
}

/** The stats_daily counter of the approved rows of a record type; none for refunds and chargebacks apart. */
function approvedCounter(recordType: number | undefined): SQL | undefined {
  switch (recordType) {
    case undefined:
      return sql`r.sales + r.bonus_sales + r.reversals + r.adjustments`;
    case EventType.Sale:
      return sql`r.sales`;
    case EventType.Bonus:
      return sql`r.bonus_sales`;
    case EventType.Adjustment:
      return sql`r.adjustments`;
    default:
      return undefined;
  }
}

/** total = rollup counter (+ or -) the lifecycle rows matching `rows`. */
interface CountPlan {
  counter?: SQL;
  sign: '+' | '-';
  rows: SQL | undefined;
}

export function countPlan(q: Pick<TSaleLogSearch, 'status' | 'recordType'>): CountPlan {
  const type = typeWhere(q.recordType);
  const counter =
    q.status === undefined || q.status === 'approved' ? approvedCounter(q.recordType) : undefined;
  // Held, rejected and reversed rows, refunds and chargebacks apart: only lifecycle rows, all counted raw.
  if (!counter) return { sign: '+', rows: and([statusWhere(q.status), type]) };
  // The rollup counts reversed sales as approved: take them out of `approved`.
  if (q.status === 'approved') return { counter, sign: '-', rows: and([REVERSED, type]) };
  // Every status: the approved rows from the rollup, held and rejected ones raw.
  return { counter, sign: '+', rows: and([sql`l.status <> ${SaleStatus.Approved}`, type]) };
}

/** The record type filter on the raw rows. */
export const typeWhere = (recordType: number | undefined): SQL | undefined =>
  recordType === undefined ? undefined : sql`l.event_type = ${recordType}`;

/**
 * The exact number of sale log rows of `q`. `base` is the raw rows' tenant, office, agent, site and days
 * (what stats_daily can filter on), `full` every filter of the list: a click id or an e-mail has no
 * rollup, so those count the raw rows.
 */
export async function countSaleLogs(
  db: Queryable,
  p: Principal,
  q: TSaleLogSearch,
  f: { base: SQL; full: SQL },
) {
  let total: SQL;
  if (q.clickId !== undefined || q.email) {
    total = sql`(select count(*) from sales l where ${f.full})`;
  } else {
    const plan = countPlan(q);
    const rows = sql`(select count(*) from sales l where ${and([f.base, LIFECYCLE_ROWS, plan.rows])})`;
    total = plan.counter
      ? sql`(select coalesce(sum(${plan.counter}), 0) from stats_daily r where ${rollupWhere(p, q)}) ${sql.raw(plan.sign)} ${rows}`
      : rows;
  }
  const row = await queryOne<{ total: string }>(db, sql`select (${total})::text as total`);
  return Number(row?.total ?? 0);
}
