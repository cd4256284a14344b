// A held sale approved or rejected (an admin, or the hold job when the site's hold time is up): the
// status changes and its stats_daily figures move with it in the same statement: out of held, into
// the paid figures (approved) or nowhere (rejected), with its event. Only rows still held change, so two
// calls at once, or a call racing the job, change each sale once.
import { sql, type SQL } from 'drizzle-orm';
import { SaleStatus } from '@salesdesk/contract';
import { queryOne, type Queryable } from '../db/client';
import { ROLLUP_COLUMNS, ROLLUP_ON_CONFLICT, saleIncrements, sumIncrements } from '../rollups/increments';
import { SALE_COLUMNS } from './columns';
import { outboxCtes, saleData, typeValue } from './events';

const STATUS_EVENT: Record<number, 'sale.approved' | 'sale.held' | 'sale.rejected'> = {
  [SaleStatus.Approved]: 'sale.approved',
  [SaleStatus.Held]: 'sale.held',
  [SaleStatus.Rejected]: 'sale.rejected',
};

export interface StatusChange {
  status: typeof SaleStatus.Approved | typeof SaleStatus.Rejected;
  reason: string | null;
  /** The account deciding; null for the hold job. */
  by: number | null;
}

/**
 * Moves the sales `target` selects (a select of SALE_COLUMNS from sales, locking them) to `status`, with
 * the further assignments `set` (`, hold_until = ...`; the target row is `t`, the sale `s`), and their
 * stats_daily figures out of the old status into the new one, in one statement; answers how many moved.
 */
export async function moveSales(
  db: Queryable,
  target: SQL,
  status: number,
  set: SQL = sql``,
): Promise<number> {
  const row = await queryOne<{ moved: number }>(
    db,
    sql`with target as (${target}),
        changed as (
          update sales s set status = ${status} ${set}
          from target t
          where s.id = t.id
          returning s.id, s.date, s.event_type, s.status, s.site_id, s.type_id, s.agent_id, s.office_id,
                    s.click_id, s.tx_id, s.payout, s.earning, s.lpp
        ), rolled as (
          insert into stats_daily (${ROLLUP_COLUMNS})
          ${sumIncrements(sql`
            select ${saleIncrements(1)} from changed
            union all
            select ${saleIncrements(-1)} from target where id in (select id from changed)`)}
          ${ROLLUP_ON_CONFLICT}
        ), ${outboxCtes(
          sql`select ${typeValue(STATUS_EVENT[status])} as type, c.office_id, c.site_id, ${saleData('c')} as data
              from changed c`,
        )}
        select count(*)::int as moved from changed`,
  );
  return row?.moved ?? 0;
}

/**
 * Moves the held sales and bonuses `which` selects (a condition on `sales`, at most `limit` of them) to
 * `change.status`; answers how many changed. The lock re-reads each row, so one already moved by a
 * concurrent call is no longer held and is left alone.
 */
export function changeHeldSales(
  db: Queryable,
  which: SQL,
  change: StatusChange,
  limit = 1000,
): Promise<number> {
  return moveSales(
    db,
    sql`select ${SALE_COLUMNS} from sales
        where ${which} and status = ${SaleStatus.Held} and event_type in (0, 1)
        order by id
        limit ${limit}
        for update`,
    change.status,
    sql`, hold_until = null, note = coalesce(${change.reason}, s.note), changed_by = ${change.by},
        changed_at = now()`,
  );
}

/** The held sales whose hold time is up at `now` (the hold job). */
export const holdIsUp = (now: Date): SQL => sql`hold_until <= ${now.toISOString()}::timestamptz`;

const AGENT_BATCH = 1000;

/** Rejects every held sale and bonus of `agentId` with `reason` (a suspension), a batch per statement; answers how many. */
export async function rejectHeldSalesOf(
  db: Queryable,
  agentId: number,
  reason: string,
  by: number,
): Promise<number> {
  const change = { status: SaleStatus.Rejected, reason, by } as const;
  let total = 0;
  for (;;) {
    const n = await changeHeldSales(db, sql`agent_id = ${agentId}`, change, AGENT_BATCH);
    total += n;
    if (n < AGENT_BATCH) return total;
  }
}
