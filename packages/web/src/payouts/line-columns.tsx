// The columns of payout lines: a batch's lines (with their actions) and the payment history (with their
// period). Agent and office are left out where they would repeat the viewer's own.
import { Button, Group } from '@mantine/core';
import {
  hasRole,
  PAYOUT_LINE_STATUS_LABELS,
  PAYOUT_TEXTS,
  payoutSummaryText,
  Role,
  type TPayoutLine,
} from '@salesdesk/contract';
import type { DataColumn } from '../ui/data-table';
import { Peso } from '../ui/money';

/** `Failed: Account closed`; a confirmed held line says who let it in. */
export function lineStatus(l: TPayoutLine): string {
  const label = PAYOUT_LINE_STATUS_LABELS[l.status];
  if (l.status === 'failed' && l.failReason) return `${label}: ${l.failReason}`;
  if (l.confirmedBy && l.status === 'pending') return `${label} (confirmed by ${l.confirmedBy})`;
  return label;
}

export const methodText = (l: Pick<TPayoutLine, 'summary'>) =>
  l.summary ? payoutSummaryText(l.summary) : '';

export type LineAction = 'paid' | 'failed' | 'retry' | 'confirm';

const ACTION_LABELS: Readonly<Record<LineAction, string>> = {
  paid: PAYOUT_TEXTS.markPaid,
  failed: PAYOUT_TEXTS.markFailed,
  retry: PAYOUT_TEXTS.retry,
  confirm: PAYOUT_TEXTS.confirm,
};

/** What a line allows: pending lines are paid or failed (without details only paid, outside any file), failed retried, held confirmed. */
export function lineActions(l: TPayoutLine): LineAction[] {
  if (l.status === 'pending') return l.summary ? ['paid', 'failed'] : ['paid'];
  if (l.status === 'failed') return ['retry'];
  if (l.status === 'held') return ['confirm'];
  return [];
}

export interface LineColumnOptions {
  /** The viewer's role: an agent sees no agent or office column, an office no office column. */
  role: number;
  /** The payment history's period column. */
  period?: boolean;
  /** A batch's row actions. */
  onAction?: (line: TPayoutLine, action: LineAction) => void;
}

export function lineColumns({ role, period, onAction }: LineColumnOptions): DataColumn<TPayoutLine>[] {
  return [
    { id: 'period', header: 'Period', hidden: !period, cell: (l) => `${l.start} - ${l.end}` },
    {
      id: 'agent',
      header: 'Agent',
      hidden: !hasRole(role, Role.Company),
      cell: (l) => `${l.username} (${l.agentName})`,
    },
    { id: 'office', header: 'Office', hidden: !hasRole(role, Role.Admin), cell: (l) => l.officeName },
    { id: 'method', header: 'Method', cell: methodText },
    { id: 'amount', header: 'Amount', align: 'right', money: true, cell: (l) => <Peso value={l.amount} /> },
    { id: 'reference', header: 'Reference', priority: 'low', cell: (l) => l.reference },
    { id: 'status', header: 'Status', priority: 'high', cell: lineStatus },
    { id: 'paidOn', header: 'Paid on', cell: (l) => l.paidOn ?? '' },
    { id: 'bankReference', header: 'Bank reference', priority: 'low', cell: (l) => l.bankReference ?? '' },
    {
      id: 'actions',
      header: 'Actions',
      actions: true,
      hidden: !onAction,
      cell: (l) => (
        <Group gap={4} wrap="nowrap">
          {lineActions(l).map((action) => (
            <Button
              key={action}
              size="compact-xs"
              variant="light"
              color={action === 'failed' ? 'red' : undefined}
              aria-label={`${ACTION_LABELS[action]} ${l.username}`}
              onClick={() => onAction?.(l, action)}
            >
              {ACTION_LABELS[action]}
            </Button>
          ))}
        </Group>
      ),
    },
  ];
}
