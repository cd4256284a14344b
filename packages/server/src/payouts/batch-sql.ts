// Making a payout batch (issue 36): one line per agent with something to pay, from the closed period's
// statements and the earlier lines still owed (failed, held, or of an agent without details), which the new
// line takes over (they say `carried`, naming it).
import { sql } from 'drizzle-orm';
import { PAYOUT_CHANGE_HOLD_HOURS, PayoutLineStatus as S } from '@salesdesk/contract';
import { queryOne, queryRows, type Queryable } from '../db/client';

/** The advisory lock every payout write takes: batches, outcomes and retries happen one at a time. */
export const PAYOUTS_LOCK = 7310036;
export const lockPayouts = (tx: Queryable) => tx.execute(sql`select pg_advisory_xact_lock(${PAYOUTS_LOCK})`);

/** Earlier lines whose money is still owed and goes into the next batch. */
export const OWED_LINES = sql.raw(
  `l.carried_to is null and (l.status in (${S.failed}, ${S.held}) or (l.status = ${S.pending} and l.method is null))`,
);

export async function insertBatch(db: Queryable, start: string, by: number, now: Date): Promise<number> {
  const row = await queryOne<{ id: number }>(
    db,
    sql`insert into payout_batches (period_start, created_at, created_by)
        values (${start}::date, ${now.toISOString()}, ${by}) returning id`,
  );
  if (!row) throw new Error('The batch was not made');
  return row.id;
}

export const batchOfPeriod = (db: Queryable, start: string) =>
  queryOne<{ id: number }>(db, sql`select id from payout_batches where period_start = ${start}::date`);

/**
 * The batch's lines: per agent, the period's payable plus its owed earlier lines; held when its details
 * changed less than 48 hours before `now`, pending otherwise (without details too: listed apart).
 * The owed lines are marked carried into the new line. Returns how many lines were made.
 */
export async function insertLines(db: Queryable, batchId: number, start: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - PAYOUT_CHANGE_HOLD_HOURS * 3_600_000).toISOString();
  const rows = await queryRows<{ n: number }>(
    db,
    sql`with owed as (
          select l.id, l.agent_id, l.amount from payout_lines l
          where ${OWED_LINES} and l.period_start < ${start}::date
        ), owed_sum as (
          select agent_id, sum(amount) as amount from owed group by agent_id
        ), due as (
          select coalesce(s.agent_id, o.agent_id) as agent_id,
                 coalesce(s.payable, 0) + coalesce(o.amount, 0) as amount, coalesce(o.amount, 0) as carried_in
          from (select agent_id, payable from pay_statements
                where period_start = ${start}::date and payable > 0) s
          full join owed_sum o on o.agent_id = s.agent_id
        ), made as (
          insert into payout_lines (batch_id, period_start, agent_id, office_id, amount, carried_in, method, last4,
                                    reference, status)
          select ${batchId}::int, ${start}::date, d.agent_id, g.office_id, d.amount, d.carried_in, pd.method,
                 pd.account_last4, 'SD-' || ${start}::text || '-' || a.username,
                 case when pd.changed_at > ${since}::timestamptz then ${S.held}::smallint else ${S.pending}::smallint end
          from due d join agents g on g.id = d.agent_id join accounts a on a.id = g.account_id
          left join payout_details pd on pd.agent_id = d.agent_id
          where d.amount > 0
          returning id, agent_id
        ), carried as (
          update payout_lines l set status = ${S.carried}, carried_to = m.id
          from owed o join made m on m.agent_id = o.agent_id
          where l.id = o.id
        )
        select count(*)::int as n from made`,
  );
  return rows[0]?.n ?? 0;
}

/** Lines of the batch not yet paid or carried: the period is paid when there are none. */
export async function openLines(db: Queryable, batchId: number): Promise<number> {
  const row = await queryOne<{ n: number }>(
    db,
    sql`select count(*)::int as n from payout_lines
        where batch_id = ${batchId} and status not in (${S.paid}, ${S.carried})`,
  );
  return row?.n ?? 0;
}
