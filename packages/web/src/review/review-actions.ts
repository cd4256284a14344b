// The review queue's writes with their confirmations: approve or reject held sales (a row or the
// selected rows) with a required reason, and Suspend for fraud on an agent, which says in one
// confirmation everything it does. A write that succeeds ends with a note.
import { useCallback } from 'react';
import {
  formatCounted,
  formatDateTime,
  formatPeso,
  paidInText,
  Permission,
  REVIEW_TEXTS,
  Role,
  ZFraudSuspend,
  type TMe,
  type TReviewRow,
} from '@salesdesk/contract';
import { confirmDialog } from '../ui/dialogs';
import { showNote } from '../ui/notes';
import { useDecideSales, useSuspendForFraud } from './api';

export const REASON_LABEL = 'Reason';

/** The contract's rule for a reason, as the dialog's field error. */
export function reasonError(text: string): string | null {
  const parsed = ZFraudSuspend.shape.reason.safeParse(text);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Reason is required');
}

/** The sale as a confirmation names it: id, agent, site, date and payout. */
export const saleName = (r: TReviewRow) =>
  [`Sale ${r.id}`, r.agent, r.sitename, formatDateTime(r.date), formatPeso(r.payout)].join(' · ');

export type Decision = 'approved' | 'rejected';
const HEADINGS = {
  approved: { one: REVIEW_TEXTS.approveOne, many: REVIEW_TEXTS.approveSelected, label: 'Approve' },
  rejected: { one: REVIEW_TEXTS.rejectOne, many: REVIEW_TEXTS.rejectSelected, label: 'Reject' },
} as const;

/** The note after a decision: `1 sale approved`, `3 sales rejected`. */
export const decidedHeading = (changed: number, status: Decision) =>
  `${formatCounted(changed, 'sale')} ${status}`;
/** Under it, the rows that were no longer held (another reviewer got there first), if any. */
export const notHeldBody = (left: number) =>
  left > 0 ? `${formatCounted(left, 'sale was', 'sales were')} no longer held` : undefined;

/** Approve or reject held rows after a confirmation with a reason; true when it went through. */
export function useDecide() {
  const { mutateAsync } = useDecideSales();
  return useCallback(
    async (rows: TReviewRow[], status: Decision) => {
      const h = HEADINGS[status];
      let changed = 0;
      let paidIn = '';
      const done = await confirmDialog({
        heading: rows.length === 1 ? h.one : h.many,
        subject: rows.length === 1 ? saleName(rows[0]!) : rows.map((r) => `Sale ${r.id}`),
        confirmLabel: h.label,
        danger: status === 'rejected',
        input: { label: REASON_LABEL, check: reasonError },
        onConfirm: async (reason) => {
          const answer = await mutateAsync({ ids: rows.map((r) => r.id), status, reason });
          changed = answer.changed;
          paidIn = paidInText(answer.paidIn);
        },
      });
      if (done)
        showNote({
          type: 'success',
          heading: decidedHeading(changed, status),
          body: [notHeldBody(rows.length - changed), paidIn].filter(Boolean).join('. ') || undefined,
        });
      return done;
    },
    [mutateAsync],
  );
}

/** Admins who see earnings, and superadmins, may also charge back approved sales. */
export const canChargeBack = (me: TMe) =>
  me.role === Role.Superadmin || me.permissions.includes(Permission.EarningVisible);

/** Suspend for fraud: one confirmation saying what it does, a reason, and the charge-back choice. */
export function useSuspendAction(me: TMe) {
  const { mutateAsync } = useSuspendForFraud();
  const chargeBack = canChargeBack(me);
  return useCallback(
    async (agent: { id: number; username: string }) => {
      let note = '';
      const done = await confirmDialog({
        heading: REVIEW_TEXTS.suspendHeading,
        subject: agent.username,
        body: REVIEW_TEXTS.suspendBody,
        ...(chargeBack ? { option: { label: REVIEW_TEXTS.suspendReverse } } : {}),
        confirmLabel: 'Suspend for fraud',
        danger: true,
        input: { label: REASON_LABEL, check: reasonError },
        onConfirm: async (reason, reverseApproved) => {
          const answer = await mutateAsync({ agentId: agent.id, reason, reverseApproved });
          note = REVIEW_TEXTS.suspended(answer.rejected, answer.reversed);
        },
      });
      if (done) showNote({ type: 'success', heading: `${agent.username} suspended for fraud`, body: note });
      return done;
    },
    [mutateAsync, chargeBack],
  );
}
