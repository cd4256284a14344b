// What a batch line's buttons do: Paid opens a small form (the day paid and the bank's reference), Failed
// asks for the reason, Retry and Confirm ask first (Confirm with the contract's question). A refusal (409)
// is shown by the api layer's red note.
import { useCallback, useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import {
  easternDay,
  PAYOUT_TEXTS,
  ZPayoutLineFailed,
  ZPayoutLinePaid,
  type TPayoutLine,
} from '@salesdesk/contract';
import { useForm } from '../api/use-form';
import { DayInput } from '../ui/date-range';
import { confirmDialog } from '../ui/dialog-store';
import { FormErrorBanner } from '../ui/field';
import { showNote } from '../ui/notes';
import { useLineConfirm, useLineFailed, useLinePaid, useLineRetry } from './api';
import type { LineAction } from './line-columns';

export const LINE_TEXTS = {
  paidTitle: 'Record payment',
  paidOn: 'Paid on',
  bankReference: 'Bank reference',
  failedQuestion: 'Mark this line failed? Its amount goes into the next batch unless it is retried.',
  reason: 'Reason',
  retryQuestion: 'Pay this failed line again in this batch?',
  done: {
    paid: 'Line marked paid',
    failed: 'Line marked failed',
    retry: 'Line pending again',
    confirm: 'Line confirmed',
  },
} as const;

const subjectOf = (l: TPayoutLine) => `${l.username} · ${l.reference}`;

/** The contract's rule for a failure reason, as the dialog's field error. */
export function reasonError(text: string): string | null {
  const parsed = ZPayoutLineFailed.shape.reason.safeParse(text);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Reason is required');
}

/** The row buttons' handler, and the Paid form while it is open. */
export function useLineActions() {
  const { mutateAsync: failed } = useLineFailed();
  const { mutateAsync: retry } = useLineRetry();
  const { mutateAsync: confirm } = useLineConfirm();
  const [paying, setPaying] = useState<TPayoutLine | null>(null);
  const run = useCallback(
    async (l: TPayoutLine, action: LineAction) => {
      if (action === 'paid') return setPaying(l);
      const done = await confirmDialog(
        action === 'failed'
          ? {
              heading: LINE_TEXTS.failedQuestion,
              subject: subjectOf(l),
              confirmLabel: PAYOUT_TEXTS.markFailed,
              danger: true,
              input: { label: LINE_TEXTS.reason, check: reasonError },
              onConfirm: (reason) => failed({ id: l.id, reason: reason.trim() }),
            }
          : action === 'retry'
            ? {
                heading: LINE_TEXTS.retryQuestion,
                subject: subjectOf(l),
                confirmLabel: PAYOUT_TEXTS.retry,
                onConfirm: () => retry(l.id),
              }
            : {
                heading: PAYOUT_TEXTS.confirmText,
                subject: subjectOf(l),
                confirmLabel: PAYOUT_TEXTS.confirm,
                onConfirm: () => confirm(l.id),
              },
      );
      if (done) showNote({ type: 'success', heading: LINE_TEXTS.done[action], body: subjectOf(l) });
    },
    [failed, retry, confirm],
  );
  const fire = useCallback((l: TPayoutLine, action: LineAction) => void run(l, action), [run]);
  const dialog = paying ? <PaidDialog key={paying.id} line={paying} onDone={() => setPaying(null)} /> : null;
  return { run: fire, dialog };
}

function PaidDialog({ line, onDone }: { line: TPayoutLine; onDone: () => void }) {
  const paid = useLinePaid();
  const form = useForm({
    schema: ZPayoutLinePaid,
    initialValues: { paidOn: easternDay(new Date()), reference: '' },
    save: (body) => paid.mutateAsync({ id: line.id, ...body }),
    success: { heading: LINE_TEXTS.done.paid, body: subjectOf(line) },
    onSaved: onDone,
  });
  return (
    <Modal opened onClose={onDone} title={LINE_TEXTS.paidTitle} centered>
      <form onSubmit={form.submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">{subjectOf(line)}</Text>
          <FormErrorBanner message={form.formError} />
          <DayInput
            label={LINE_TEXTS.paidOn}
            value={form.values.paidOn || undefined}
            onChange={(v) => form.setFieldValue('paidOn', v ?? '')}
            error={form.errors.paidOn}
            required
          />
          <TextInput
            {...form.getInputProps('reference')}
            label={LINE_TEXTS.bankReference}
            required
            maxLength={64}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone} disabled={form.saving}>
              Cancel
            </Button>
            <Button type="submit" loading={form.saving}>
              {PAYOUT_TEXTS.markPaid}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
