// What the sale logs' row menu does: a confirmation naming the sale with a required reason, the call,
// and a note saying what happened (the lists reload through the calls' invalidation).
import { useCallback } from 'react';
import {
  formatDateTime,
  formatPeso,
  formatPrice,
  formatRecordType,
  paidInText,
  ZReverseSale,
  type TReverseAnswer,
  type TSaleLogRow,
} from '@salesdesk/contract';
import { confirmDialog } from '../ui/dialogs';
import { showNote } from '../ui/notes';
import { useChangeSaleStatus, useReverseSale } from './sale-money-api';

export type SaleAction = 'refund' | 'chargeback' | 'approve' | 'reject';

export const SALE_ACTIONS: Readonly<Record<SaleAction, { label: string; heading: string; done: string }>> = {
  refund: { label: 'Refund', heading: 'Refund this sale?', done: 'Sale refunded' },
  chargeback: {
    label: 'Chargeback',
    heading: 'Record a chargeback for this sale?',
    done: 'Chargeback recorded',
  },
  approve: { label: 'Approve', heading: 'Approve this held sale?', done: 'Sale approved' },
  reject: { label: 'Reject', heading: 'Reject this held sale?', done: 'Sale rejected' },
};
export const REASON_LABEL = 'Reason';
export const NOT_HELD_NOTE = 'The sale is no longer held: nothing changed';

/** The contract's rule for a reason ('Reason is required'), as the dialog's field error. */
export function reasonError(text: string): string | null {
  const parsed = ZReverseSale.shape.reason.safeParse(text);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Reason is required');
}

/** The sale as the confirmation names it: kind and id, agent, site, date, click id and amounts. */
export function saleSubject(row: TSaleLogRow): string {
  const parts = [
    `${formatRecordType(row.eventType)} ${row.id}`,
    row.agent,
    row.sitename,
    formatDateTime(row.date),
    row.clickId === null ? null : `click ${row.clickId}`,
    row.earning === null ? formatPeso(row.payout) : `${formatPeso(row.payout)} / ${formatPrice(row.earning)}`,
  ];
  return parts.filter(Boolean).join(' · ');
}

const reversedBody = (row: TSaleLogRow, answer: TReverseAnswer, kind: 'Refund' | 'Chargeback') =>
  answer.reversalId === null
    ? 'It was still held: it is rejected and was never paid'
    : `A ${kind} row takes back ${formatPeso(row.payout)}`;

/** Runs a row menu action: confirm with a reason, call, note. */
export function useSaleActions() {
  const { mutateAsync: reverse } = useReverseSale();
  const { mutateAsync: change } = useChangeSaleStatus();
  return useCallback(
    async (row: TSaleLogRow, action: SaleAction) => {
      const text = SALE_ACTIONS[action];
      let note: { type: 'success' | 'error'; body?: string } = { type: 'success' };
      const done = await confirmDialog({
        heading: text.heading,
        subject: saleSubject(row),
        confirmLabel: text.label,
        danger: action !== 'approve',
        input: { label: REASON_LABEL, check: reasonError },
        onConfirm: async (reason) => {
          if (action === 'refund' || action === 'chargeback') {
            const answer = await reverse({ id: row.id, kind: action, reason });
            note = {
              type: 'success',
              body: reversedBody(row, answer, text.label as 'Refund' | 'Chargeback'),
            };
            return;
          }
          const status = action === 'approve' ? 'approved' : 'rejected';
          const answer = await change({ ids: [row.id], status, reason });
          if (answer.changed === 0) note = { type: 'error', body: NOT_HELD_NOTE };
          else if (answer.paidIn.length) note = { type: 'success', body: paidInText(answer.paidIn) };
        },
      });
      if (done)
        showNote({
          type: note.type,
          heading: note.type === 'success' ? text.done : 'Nothing changed',
          body: note.body,
        });
    },
    [reverse, change],
  );
}
