// What the pay periods' row buttons do: the contract's confirmation naming the period (Reopen with a
// required reason), the call, and a note. A refusal (409) is shown by the api layer's red note.
import { useCallback } from 'react';
import { PAY_PERIOD_TEXTS, ZReopenPayPeriod, type TPayPeriod, type TPeriod } from '@salesdesk/contract';
import { confirmDialog } from '../ui/dialogs';
import { showNote } from '../ui/notes';
import { useClosePayPeriod, useMarkPayPeriodPaid, useReopenPayPeriod } from './api';

export type PeriodAction = 'close' | 'paid' | 'reopen';

export const periodLabel = (p: TPeriod) => `${p.start} - ${p.end}`;

export const REASON_LABEL = 'Reason';
export const ACTION_DONE: Readonly<Record<PeriodAction, string>> = {
  close: 'Pay period closed',
  paid: 'Pay period marked paid',
  reopen: 'Pay period reopened',
};

/** The contract's rule for a reopen reason, as the dialog's field error. */
export function reasonError(text: string): string | null {
  const parsed = ZReopenPayPeriod.shape.reason.safeParse(text);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Reason is required');
}

export function usePeriodActions() {
  const { mutateAsync: close } = useClosePayPeriod();
  const { mutateAsync: paid } = useMarkPayPeriodPaid();
  const { mutateAsync: reopen } = useReopenPayPeriod();
  return useCallback(
    async (p: TPayPeriod, action: PeriodAction) => {
      const period = { start: p.start, end: p.end };
      const done = await confirmDialog(
        action === 'close'
          ? {
              heading: PAY_PERIOD_TEXTS.closeConfirm(period),
              confirmLabel: PAY_PERIOD_TEXTS.closeButton,
              danger: true,
              onConfirm: () => close(p.start),
            }
          : action === 'paid'
            ? {
                heading: PAY_PERIOD_TEXTS.paidConfirm(period),
                confirmLabel: 'Mark paid',
                onConfirm: () => paid(p.start),
              }
            : {
                heading: PAY_PERIOD_TEXTS.reopenConfirm(period),
                confirmLabel: 'Reopen',
                input: { label: REASON_LABEL, check: reasonError },
                onConfirm: (reason) => reopen({ start: p.start, reason }),
              },
      );
      if (done) showNote({ type: 'success', heading: ACTION_DONE[action], body: periodLabel(p) });
    },
    [close, paid, reopen],
  );
}
