// Closing, reopening and paying a pay period (DESIGN.md section 9). A close and a reopen move the day
// through which money is settled, so each runs in one transaction holding the lock every money row's
// writer shares (pay_period_of, migration 0007) exclusively: no row lands in a period while it closes.
import { sql } from 'drizzle-orm';
import {
  easternDay,
  PAY_PERIOD_TEXTS,
  PayPeriodStatus,
  payPeriodOf,
  type TPayCycle,
  type TPeriod,
} from '@salesdesk/contract';
import { minimumPayout, payCycle } from '../common/options';
import { queryOne, type Queryable } from '../db/client';
import { conflict, notFound } from '../http/errors';
import { closePeriodRow, markPeriodPaid, reopenPeriodRow } from '../ledger';
import { avpLinesSql, LINE_COLUMNS, liveLinesSql, savedLinesSql, statementsSql } from './snapshot-sql';

/** The advisory lock of pay periods: money writers take it shared, a close or a reopen exclusively. */
export const PAY_PERIOD_LOCK = 7310022;

export interface PayState {
  cycle: TPayCycle;
  /** The end of the latest closed or paid period: money dated on or before it is paid later. */
  closedThrough: string | null;
}

export async function payState(db: Queryable): Promise<PayState> {
  const row = await queryOne<{ through: string | null }>(
    db,
    sql`select max("end")::text as through from pay_periods where status <> ${PayPeriodStatus.Open}`,
  );
  return { cycle: await payCycle(db), closedThrough: row?.through ?? null };
}

/** Waits for every money row's writer to finish and keeps new ones waiting until the transaction ends. */
export const lockPayPeriods = (tx: Queryable) =>
  tx.execute(sql`select pg_advisory_xact_lock(${PAY_PERIOD_LOCK})`);

interface PeriodRow {
  start: string;
  end: string;
  status: number;
}

const periodRow = (db: Queryable, start: string) =>
  queryOne<PeriodRow>(
    db,
    sql`select start::text, "end"::text, status from pay_periods where start = ${start}::date for update`,
  );

/** The earliest open period holding money rows (its first day), or null. */
export async function firstOpenWithRows(db: Queryable, closedThrough: string | null): Promise<string | null> {
  const row = await queryOne<{ start: string | null }>(
    db,
    sql`select min(pay_period)::text as start from sales
        where pay_period > ${closedThrough ?? '1900-01-01'}::date`,
  );
  return row?.start ?? null;
}

/**
 * Why the open period `period` cannot close on `today`, or null when it can: it must have ended, and no
 * earlier open period may hold money rows (`firstWithRows`: the earliest open one that does). The list's
 * canClose and the close itself both ask this.
 */
export function closeRefusal(
  { cycle, closedThrough }: PayState,
  period: TPeriod,
  today: string,
  firstWithRows: string | null,
): string | null {
  if (period.end >= today) return PAY_PERIOD_TEXTS.notEnded;
  if (firstWithRows && firstWithRows < period.start)
    return PAY_PERIOD_TEXTS.closeEarlierFirst(payPeriodOf(cycle, firstWithRows, closedThrough));
  return null;
}

/**
 * The open period starting `start` as it can close now (closeRefusal). Throws the 409 that says why not,
 * or 404 when no period starts that day.
 */
async function closable(db: Queryable, start: string, today: string): Promise<TPeriod> {
  const state = await payState(db);
  const row = await periodRow(db, start);
  if (row && row.status !== PayPeriodStatus.Open) throw conflict(PAY_PERIOD_TEXTS.alreadyClosed);
  const period = payPeriodOf(state.cycle, start, state.closedThrough);
  if (period.start !== start) throw notFound('Pay period not found');
  const why = closeRefusal(state, period, today, await firstOpenWithRows(db, state.closedThrough));
  if (why) throw conflict(why);
  return period;
}

/**
 * Closes the period starting `start` (ended, earlier periods with money closed) and saves its snapshot:
 * its pay lines, AVP lines at today's rates, statements with the balances carried, and the totals.
 */
export function closePayPeriod(
  db: Queryable,
  start: string,
  by: number,
  now: Date = new Date(),
): Promise<TPeriod> {
  return db.transaction(async (tx) => {
    await lockPayPeriods(tx);
    const period = await closable(tx, start, easternDay(now));
    await closePeriodRow(tx, start, period.end, by, now);
    await saveSnapshot(tx, start, await minimumPayout(tx));
    return period;
  });
}

async function saveSnapshot(tx: Queryable, start: string, minimum: string): Promise<void> {
  await tx.execute(
    sql`insert into pay_lines (period_start, day, site_id, type_id, office_id, agent_id, ${LINE_COLUMNS})
        select ${start}::date, l.* from (${liveLinesSql(start)}) l`,
  );
  await tx.execute(
    sql`insert into pay_avp_lines (period_start, agent_id, office_id, week, sales, week_sales, period_index,
                                   payout, payout_dollars)
        select ${start}::date, v.* from (${avpLinesSql(savedLinesSql(start))}) v`,
  );
  const savedAvp = sql`select agent_id, office_id, week, payout from pay_avp_lines
                       where period_start = ${start}::date`;
  await tx.execute(
    sql`insert into pay_statements (period_start, agent_id, office_id, total, carried_in, payable, carried_out)
        select ${start}::date, s.* from (${statementsSql(start, savedLinesSql(start), savedAvp, minimum)}) s`,
  );
  await tx.execute(
    sql`update pay_periods set
          minimum_payout = ${minimum}::numeric,
          agents_paid = (select count(*) from pay_statements where period_start = ${start}::date and payable > 0),
          payout = (select coalesce(sum(payout + bonus_payout), 0) from pay_lines where period_start = ${start}::date),
          avp_payout = (select coalesce(sum(payout), 0) from pay_avp_lines where period_start = ${start}::date),
          avp_payout_dollars = (select coalesce(sum(payout_dollars), 0) from pay_avp_lines
                                where period_start = ${start}::date)
        where start = ${start}::date`,
  );
}

/** Deletes a period's snapshot rows. */
async function dropSnapshot(tx: Queryable, start: string): Promise<void> {
  for (const table of ['pay_lines', 'pay_avp_lines', 'pay_statements']) {
    await tx.execute(sql`delete from ${sql.identifier(table)} where period_start = ${start}::date`);
  }
}

/**
 * Reopens the latest closed period (never a paid one): its snapshot goes, and its money rows are live
 * again; rows that arrived while it was closed stay in the later period they were paid in.
 */
export function reopenPayPeriod(
  db: Queryable,
  start: string,
  by: number,
  reason: string,
  now: Date = new Date(),
): Promise<void> {
  return db.transaction(async (tx) => {
    await lockPayPeriods(tx);
    const row = await periodRow(tx, start);
    if (row?.status === PayPeriodStatus.Paid) throw conflict(PAY_PERIOD_TEXTS.paidNeverChanges);
    const latest = await queryOne<{ start: string }>(
      tx,
      sql`select start::text from pay_periods where status <> ${PayPeriodStatus.Open} order by start desc limit 1`,
    );
    if (!row || row.status !== PayPeriodStatus.Closed || latest?.start !== start) {
      throw conflict(PAY_PERIOD_TEXTS.onlyLatest);
    }
    // Its statements are being paid (issue 36): the batch's lines name them.
    if (await queryOne(tx, sql`select 1 from payout_batches where period_start = ${start}::date`))
      throw conflict(PAY_PERIOD_TEXTS.batched);
    await dropSnapshot(tx, start);
    await reopenPeriodRow(tx, start, by, reason, now);
  });
}

/**
 * Refuses to mark paid a period with a payout batch (issue 36): it is paid by its lines, and becomes paid
 * when the last is paid or carried; a whole-period mark would leave lines owed under a paid period. The
 * row lock, held to the end of the caller's transaction, orders this check after a batch being made at
 * the same time (which locks the row too). The API's Mark paid asks it; the demo's history has no batch.
 */
export async function assertPaidWithoutBatch(db: Queryable, start: string): Promise<void> {
  await db.execute(sql`select 1 from pay_periods where start = ${start}::date for update`);
  if (await queryOne(db, sql`select 1 from payout_batches where period_start = ${start}::date`))
    throw conflict(PAY_PERIOD_TEXTS.paidByBatch);
}

/** Marks a closed period paid; a paid period never changes again. */
export async function markPayPeriodPaid(
  db: Queryable,
  start: string,
  by: number,
  now: Date = new Date(),
): Promise<void> {
  // Only a row still closed changes, so a reopen or a second call at the same time loses cleanly.
  if (await markPeriodPaid(db, start, by, now)) return;
  const row = await queryOne<PeriodRow>(
    db,
    sql`select start::text, "end"::text, status from pay_periods where start = ${start}::date`,
  );
  throw conflict(
    row?.status === PayPeriodStatus.Paid ? PAY_PERIOD_TEXTS.paidNeverChanges : PAY_PERIOD_TEXTS.notClosed,
  );
}
