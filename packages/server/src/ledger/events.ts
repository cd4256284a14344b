// The money events (issue 34's outbox) and the one place every ledger writer reports them. Each kind has
// one writer in ledger/: sale.created and bonus.created record-sale.ts, sale.approved, sale.held and
// sale.rejected status.ts, sale.reversed reverse.ts, adjustment.created adjust.ts, pay_period.closed,
// pay_period.paid and pay_period.reopened pay-period.ts.
import type { Queryable } from '../db/client';

export type StatusEventKind = 'sale.approved' | 'sale.held' | 'sale.rejected';

export type MoneyEvent =
  /** A new money row: a sale or bonus (a postback or generated history), or an adjustment. */
  | { kind: 'sale.created' | 'bonus.created' | 'adjustment.created'; id: number }
  /** Sales and bonuses moved to a status (a review, the hold job, a suspension, generated history). */
  | { kind: StatusEventKind; ids: number[] }
  /**
   * Sales and bonuses reversed (refund or chargeback), with their new reversal rows; a held sale reversed
   * is only rejected and has none.
   */
  | { kind: 'sale.reversed'; ids: number[]; reversalIds: number[] }
  /** A pay period's row changed: closed with its snapshot, marked paid, or reopened. */
  | { kind: 'pay_period.closed' | 'pay_period.paid' | 'pay_period.reopened'; start: string };

export type MoneyEventKind = MoneyEvent['kind'];

/**
 * Called by every ledger writer right after its write, on the same `db`: the caller's transaction when
 * there is one. A no-op today. The outbox goes here (issue 34), so a change and the news of it commit
 * together: where the write ran as one statement outside a transaction (the postback's sale, an admin's
 * single change), the outbox row goes into that statement as a CTE or the writer wraps both in one
 * transaction, decided here once; the postback must stay one round trip.
 */
export async function afterMoneyWrite(db: Queryable, event: MoneyEvent): Promise<void> {
  void db;
  void event;
}
