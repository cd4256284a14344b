// The pay periods screen's rules: every period from the earliest one holding money up to the current one,
// newest first (open ones live, closed and paid ones from their snapshot); close, mark paid, reopen.
import {
  addDays,
  easternDay,
  PAY_PERIODS_PAGE_SIZE,
  payPeriodOf,
  payPeriodStatusName,
  type TPayPeriod,
  type TPayPeriods,
  type TPeriod,
  type TReopenPayPeriod,
} from '@salesdesk/contract';
import type { AppContext } from '../context';
import type { Principal } from '../http/auth';
import {
  assertPaidWithoutBatch,
  closePayPeriod,
  closeRefusal,
  firstOpenWithRows,
  markPayPeriodPaid,
  payState,
  reopenPayPeriod,
} from './close';
import {
  closedPeriods,
  countClosedPeriods,
  lastRowPeriod,
  liveTotals,
  reopenedPeriods,
  type StoredPeriod,
} from './sql';
import type { PeriodTotals } from './snapshot-sql';

const iso = (t: string | Date | null) => (t === null ? null : new Date(t).toISOString());
const byWhom = (at: string | Date | null, by: string | null) =>
  at === null ? null : { at: iso(at) as string, by: by ?? '' };

function toPayPeriod(
  p: TPeriod,
  status: number,
  totals: PeriodTotals,
  stored: StoredPeriod | undefined,
  canClose: boolean,
): TPayPeriod {
  return {
    start: p.start,
    end: p.end,
    status: payPeriodStatusName(status),
    agentsPaid: totals.agents_paid,
    payout: totals.payout,
    avpPayout: totals.avp_payout,
    avpPayoutDollars: totals.avp_payout_dollars,
    closed: stored ? byWhom(stored.closed_at, stored.closed_by) : null,
    paid: stored ? byWhom(stored.paid_at, stored.paid_by) : null,
    reopened:
      stored?.reopened_at != null
        ? {
            at: iso(stored.reopened_at) as string,
            by: stored.reopened_by ?? '',
            reason: stored.reopen_reason ?? '',
          }
        : null,
    canClose,
  };
}

/**
 * The open periods, oldest first: from the day after the last closed one (or the earliest money row's
 * period when none closed) to the current period, or further when a row is dated ahead.
 */
async function openPeriods(ctx: AppContext, today: string) {
  const state = await payState(ctx.db);
  const { cycle, closedThrough } = state;
  const firstWithRows = await firstOpenWithRows(ctx.db, closedThrough);
  const from = closedThrough ? addDays(closedThrough, 1) : firstWithRows;
  if (!from) return { periods: [] as TPeriod[], firstWithRows, state };
  const lastRow = await lastRowPeriod(ctx.db);
  const current = payPeriodOf(cycle, today, closedThrough);
  const through = lastRow && lastRow > current.start ? lastRow : current.start;
  const periods: TPeriod[] = [];
  for (let p = payPeriodOf(cycle, from, closedThrough); p.start <= through;) {
    periods.push(p);
    p = payPeriodOf(cycle, addDays(p.end, 1), closedThrough);
  }
  return { periods, firstWithRows, state };
}

export async function listPayPeriods(ctx: AppContext, page: number, now = new Date()): Promise<TPayPeriods> {
  const today = easternDay(now);
  const { periods, firstWithRows, state } = await openPeriods(ctx, today);
  const open = periods.reverse();
  const offset = (page - 1) * PAY_PERIODS_PAGE_SIZE;
  const openPage = open.slice(offset, offset + PAY_PERIODS_PAGE_SIZE);
  const reopened = new Map(
    (
      await reopenedPeriods(
        ctx.db,
        openPage.map((p) => p.start),
      )
    ).map((r) => [r.start, r]),
  );
  const items: TPayPeriod[] = [];
  for (const p of openPage) {
    const canClose = closeRefusal(state, p, today, firstWithRows) === null;
    items.push(toPayPeriod(p, 0, await liveTotals(ctx.db, p.start), reopened.get(p.start), canClose));
  }
  const closedOffset = Math.max(0, offset - open.length);
  const closed = await closedPeriods(ctx.db, closedOffset, PAY_PERIODS_PAGE_SIZE - items.length);
  for (const r of closed) items.push(toPayPeriod(r, r.status, r, r, false));
  return { items, total: open.length + (await countClosedPeriods(ctx.db)) };
}

export async function close(ctx: AppContext, p: Principal, start: string): Promise<{ ok: true }> {
  await closePayPeriod(ctx.db, start, p.accountId);
  return { ok: true };
}

export async function markPaid(ctx: AppContext, p: Principal, start: string): Promise<{ ok: true }> {
  await assertPaidWithoutBatch(ctx.db, start);
  await markPayPeriodPaid(ctx.db, start, p.accountId);
  return { ok: true };
}

export async function reopen(
  ctx: AppContext,
  p: Principal,
  start: string,
  input: TReopenPayPeriod,
): Promise<{ ok: true }> {
  await reopenPayPeriod(ctx.db, start, p.accountId, input.reason);
  return { ok: true };
}
