// The admin calls that change money. Each is one statement of the ledger (src/ledger/), which keeps
// stats_daily exact and makes a sale change once however many calls race for it; here: the answers.
import {
  EventType,
  SaleStatus,
  type TAdjustment,
  type TAdjustmentAnswer,
  type TReverseAnswer,
  type TReverseSale,
  type TSaleStatusAnswer,
  type TSaleStatusChange,
} from '@salesdesk/contract';
import type { AppContext } from '../context';
import type { Principal } from '../http/auth';
import { conflict, notFound } from '../http/errors';
import { addAdjustment, changeHeldSales, reverseSale } from '../ledger';
import { assertWithinLargestAdjustment } from './adjustment-limits';
import { paidInLater } from './paid-in';
import { findSaleState, idIn } from './sql';

const NOT_A_SALE = 'Sale not found';

/** Why a sale cannot be reversed now, read after the ledger refused it. */
async function refusal(ctx: AppContext, id: number) {
  const sale = await findSaleState(ctx.db, id);
  if (!sale) return notFound(NOT_A_SALE);
  if (sale.status === SaleStatus.Rejected)
    return conflict('This sale was rejected: there is nothing to reverse');
  const how = sale.reversal_kind === EventType.Chargeback ? 'charged back' : 'refunded';
  return conflict(`This sale was already ${how}`);
}

export async function reverse(
  ctx: AppContext,
  p: Principal,
  id: number,
  input: TReverseSale,
): Promise<TReverseAnswer> {
  const out = await reverseSale(ctx.db, { id }, { kind: input.kind, reason: input.reason, by: p.accountId });
  if (out.kind === 'unknown-sale') throw notFound(NOT_A_SALE);
  // A repeat of the same reversal is a conflict here: only a site's postback may repeat itself.
  if (out.kind !== 'reversed') throw await refusal(ctx, id);
  return { ok: true, reversalId: out.reversalId, status: out.wasHeld ? 'rejected' : 'reversed' };
}

export async function changeStatus(
  ctx: AppContext,
  p: Principal,
  input: TSaleStatusChange,
): Promise<TSaleStatusAnswer> {
  const status = input.status === 'approved' ? SaleStatus.Approved : SaleStatus.Rejected;
  const ids = [...new Set(input.ids)];
  const changed = await changeHeldSales(
    ctx.db,
    idIn(ids),
    { status, reason: input.reason, by: p.accountId },
    ids.length,
  );
  // Nothing to change is the caller's stale view (another admin or the hold job was first): say so.
  if (changed === 0)
    throw conflict(ids.length === 1 ? 'This sale is not held' : 'None of these sales is held');
  return { ok: true, changed, paidIn: status === SaleStatus.Approved ? await paidInLater(ctx.db, ids) : [] };
}

export async function adjust(ctx: AppContext, p: Principal, input: TAdjustment): Promise<TAdjustmentAnswer> {
  await assertWithinLargestAdjustment(ctx.db, input);
  const id = await addAdjustment(ctx.db, input, p.accountId);
  if (id === undefined) throw notFound('Agent not found');
  const [paidIn] = await paidInLater(ctx.db, [id]);
  return { ok: true, id, paidIn: paidIn ?? null };
}
