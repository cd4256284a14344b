// Payout batches and lines (issue 36): a closed period's batch, each line's outcome (one at a time or from
// the bank's result file), and the period marked paid once every line is paid or carried. Every write
// takes the payouts lock, so a batch made twice at once is made once and a line paid twice is paid once.
import { sql, type SQL } from 'drizzle-orm';
import {
  PAYOUT_TEXTS,
  PayoutLineStatus as S,
  payoutLineStatusName,
  PayPeriodStatus,
  type TPayoutBatch,
  type TPayoutLine,
  type TPayoutMethod,
  type ZPayoutLineSearch,
} from '@salesdesk/contract';
import type { z } from 'zod';
import type { AppContext } from '../context';
import { queryOne, queryRows } from '../db/client';
import { markPeriodPaid, recordPayoutOutcome, type PayoutOutcome } from '../ledger';
import type { Principal } from '../http/auth';
import { conflict, notFound } from '../http/errors';
import { col, scopedFilter } from '../http/tenant';
import { batchOfPeriod, insertBatch, insertLines, lockPayouts } from './batch-sql';
import {
  findBatch,
  findLine,
  searchBatches,
  searchLines,
  settledPeriods,
  type BatchRecord,
  type LineRecord,
} from './sql';

function toBatch(r: BatchRecord): TPayoutBatch {
  return {
    id: r.id,
    start: r.start,
    end: r.end,
    createdAt: new Date(r.created_at).toISOString(),
    createdBy: r.created_by,
    lines: r.lines,
    amount: r.amount,
    paid: r.paid,
    pending: r.pending,
    failed: r.failed,
    held: r.held,
    withoutDetails: r.without_details,
    files: (r.files ?? []) as TPayoutMethod[],
  };
}

export function toLine(r: LineRecord): TPayoutLine {
  return {
    id: r.id,
    batchId: r.batch_id,
    start: r.start,
    end: r.end,
    agentId: r.agent_id,
    username: r.username,
    agentName: r.agent_name,
    companyId: r.office_id,
    officeName: r.office_name,
    amount: r.amount,
    carriedIn: r.carried_in,
    summary: r.method ? { method: r.method as TPayoutMethod, last4: r.last4 ?? '' } : null,
    reference: r.reference,
    status: payoutLineStatusName(r.status),
    paidOn: r.paid_on,
    bankReference: r.bank_reference,
    failReason: r.fail_reason,
    confirmedBy: r.confirmed_by,
  };
}

/** Marks paid every closed period whose batch has no line left to pay (ledger: its pay_period.paid event). */
export async function settle(ctx: AppContext, by: number, now: Date) {
  for (const { start } of await settledPeriods(ctx.db)) await markPeriodPaid(ctx.db, start, by, now);
}

export async function getBatch(ctx: AppContext, id: number): Promise<TPayoutBatch> {
  const r = await findBatch(ctx.db, id);
  if (!r) throw notFound('Payout batch not found');
  return toBatch(r);
}

export async function listBatches(ctx: AppContext, q: { page: number; pageSize: number }) {
  const page = await searchBatches(ctx.db, q.page, q.pageSize);
  return { items: page.items.map(toBatch), total: page.total };
}

/** Makes the batch of the closed period `start`: 404 for no such period, 409 when not closed or made. */
export async function makeBatch(ctx: AppContext, p: Principal, start: string, now = new Date()) {
  await lockPayouts(ctx.db);
  const period = await queryOne<{ status: number }>(
    ctx.db,
    sql`select status from pay_periods where start = ${start}::date for update`,
  );
  if (!period || period.status === PayPeriodStatus.Open) throw notFound('Pay period not found');
  if (await batchOfPeriod(ctx.db, start)) throw conflict(PAYOUT_TEXTS.batchExists);
  if (period.status !== PayPeriodStatus.Closed) throw conflict(PAYOUT_TEXTS.notClosed);
  const id = await insertBatch(ctx.db, start, p.accountId, now);
  await insertLines(ctx.db, id, start, now);
  await settle(ctx, p.accountId, now);
  return getBatch(ctx, id);
}

/** The lines `p` may see: admins every line, an office its agents', an agent its own. */
export async function listLines(ctx: AppContext, p: Principal, q: z.output<typeof ZPayoutLineSearch>) {
  const where: SQL[] = [
    scopedFilter(
      p,
      { office: col('l.office_id'), agent: col('l.agent_id') },
      { officeId: q.companyId, agentId: q.agentId },
    ),
  ];
  if (q.batchId) where.push(sql`l.batch_id = ${q.batchId}`);
  if (q.status) where.push(sql`l.status = ${S[q.status]}`);
  if (q.withoutDetails !== undefined)
    where.push(q.withoutDetails ? sql`l.method is null` : sql`l.method is not null`);
  const page = await searchLines(ctx.db, sql.join(where, sql` and `), q.page, q.pageSize);
  return { items: page.items.map(toLine), total: page.total };
}

const lineOr404 = async (ctx: AppContext, id: number) => {
  const line = await findLine(ctx.db, id);
  if (!line) throw notFound('Payout line not found');
  return line;
};

/** Records one line paid or failed; only a pending line changes (409 otherwise). */
export async function recordLine(
  ctx: AppContext,
  p: Principal,
  id: number,
  outcome: PayoutOutcome,
  now = new Date(),
): Promise<TPayoutLine> {
  await lockPayouts(ctx.db);
  const line = await lineOr404(ctx, id);
  const changed = await recordPayoutOutcome(ctx.db, line.batch_id, [{ id, ...outcome }], p.accountId, now);
  if (!changed.length) throw conflict(PAYOUT_TEXTS.notPending);
  await settle(ctx, p.accountId, now);
  return toLine(await lineOr404(ctx, id));
}

/** A failed line back to pending in its batch (paid by the next file of it), or a held line let in. */
export async function reopenLine(
  ctx: AppContext,
  p: Principal,
  id: number,
  from: 'failed' | 'held',
  now = new Date(),
): Promise<TPayoutLine> {
  await lockPayouts(ctx.db);
  await lineOr404(ctx, id);
  const confirmed = from === 'held' ? sql`, confirmed_by = ${p.accountId}` : sql``;
  const changed = await queryRows<{ id: number }>(
    ctx.db,
    sql`update payout_lines set status = ${S.pending}, fail_reason = null, changed_at = ${now.toISOString()},
          changed_by = ${p.accountId} ${confirmed}
        where id = ${id} and status = ${S[from]} and carried_to is null returning id`,
  );
  if (!changed.length) throw conflict(from === 'failed' ? PAYOUT_TEXTS.notFailed : PAYOUT_TEXTS.notHeld);
  return toLine(await lineOr404(ctx, id));
}
