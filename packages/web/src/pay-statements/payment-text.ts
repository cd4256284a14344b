// How a statement says it was paid out (issue 36): its payout line's status, date, method (last 4) and
// references; and why a positive balance was carried (below the minimum payout).
import {
  formatPeso,
  PAYOUT_LINE_STATUS_LABELS,
  PAYOUT_TEXTS,
  payoutSummaryText,
  type TPayStatementRow,
  type TStatementPayment,
} from '@salesdesk/contract';

/** `Paid on 2026-01-20 · GCash ••••5678 · SD-2026-01-01-agent07 · Bank reference BR-1`, or its status. */
export function paymentText(p: TStatementPayment): string {
  const parts = [
    p.status === 'paid' && p.paidOn ? `Paid on ${p.paidOn}` : PAYOUT_LINE_STATUS_LABELS[p.status],
    p.summary ? payoutSummaryText(p.summary) : 'No payout details',
    p.reference,
  ];
  if (p.bankReference) parts.push(`Bank reference ${p.bankReference}`);
  return parts.join(' · ');
}

/** A positive balance carried out was below the minimum payout (a negative one has its own note). */
export const carriedBelowMinimum = (s: Pick<TPayStatementRow, 'carriedOut'>) => Number(s.carriedOut) > 0;

export const minimumCarriedText = (s: Pick<TPayStatementRow, 'minimumPayout'>) =>
  PAYOUT_TEXTS.minimumCarried(formatPeso(s.minimumPayout));

/** The list's Payment cell: the payment, else why nothing was paid when the balance was carried. */
export function statementPaymentCell(s: TPayStatementRow): string {
  if (s.payment) return paymentText(s.payment);
  if (carriedBelowMinimum(s)) return minimumCarriedText(s);
  return '';
}
