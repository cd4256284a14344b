// The pay periods list's queries: closed and paid periods from pay_periods, open ones live from sales.
import { sql } from 'drizzle-orm';
import { PayPeriodStatus } from '@salesdesk/contract';
import { queryOne, queryRows, type Queryable } from '../db/client';
import { minimumPayout } from '../common/options';
import { liveLinesSql, totalsSql, type PeriodTotals } from './snapshot-sql';

export interface StoredPeriod extends PeriodTotals {
  start: string;
  end: string;
  status: number;
  closed_at: string | null;
  closed_by: string | null;
  paid_at: string | null;
  paid_by: string | null;
  reopened_at: string | null;
  reopened_by: string | null;
  reopen_reason: string | null;
}

const STORED = sql`select p.start::text, p."end"::text, p.status, p.agents_paid, p.payout::text,
    p.avp_payout::text, p.avp_payout_dollars::text,
    p.closed_at, c.username as closed_by, p.paid_at, d.username as paid_by,
    p.reopened_at, r.username as reopened_by, p.reopen_reason
  from pay_periods p
  left join accounts c on c.id = p.closed_by
  left join accounts d on d.id = p.paid_by
  left join accounts r on r.id = p.reopened_by`;

/** A page of the closed and paid periods, newest first. */
export const closedPeriods = (db: Queryable, offset: number, limit: number) =>
  queryRows<StoredPeriod>(
    db,
    sql`${STORED} where p.status <> ${PayPeriodStatus.Open} order by p.start desc
        limit ${limit} offset ${offset}`,
  );

export async function countClosedPeriods(db: Queryable): Promise<number> {
  const row = await queryOne<{ n: number }>(
    db,
    sql`select count(*)::int as n from pay_periods where status <> ${PayPeriodStatus.Open}`,
  );
  return row?.n ?? 0;
}

/** The stored rows of periods reopened and open again (their reopen is shown), by first day. */
export const reopenedPeriods = (db: Queryable, starts: string[]) =>
  starts.length
    ? queryRows<StoredPeriod>(
        db,
        sql`${STORED} where p.status = ${PayPeriodStatus.Open}
            and p.start = any(${sql.param(starts)}::date[])`,
      )
    : Promise.resolve([]);

/** One stored period by its first day. */
export const storedPeriod = (db: Queryable, start: string) =>
  queryOne<StoredPeriod>(db, sql`${STORED} where p.start = ${start}::date`);

/** The first day of the latest period any money row is paid in (a postback may be dated ahead). */
export async function lastRowPeriod(db: Queryable): Promise<string | null> {
  const row = await queryOne<{ start: string | null }>(
    db,
    sql`select max(pay_period)::text as start from sales`,
  );
  return row?.start ?? null;
}

/** An open period's figures as its close would save them now. */
export async function liveTotals(db: Queryable, start: string): Promise<PeriodTotals> {
  const row = await queryOne<PeriodTotals>(
    db,
    totalsSql(start, liveLinesSql(start), await minimumPayout(db)),
  );
  return row ?? { agents_paid: 0, payout: '0.00', avp_payout: '0.00', avp_payout_dollars: '0.00' };
}
