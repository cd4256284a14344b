// The columns of /app/review: date (sortable), status, the rules as labels (or the site's hold), agent,
// office, site, link, click-to-sale time, e-mail, payout, earning (when seen), note, and the row's
// actions: Approve and Reject on a held sale, Suspend for fraud on every row's agent.
import { Button, Group, Text } from '@mantine/core';
import {
  formatClickToSale,
  formatDateTime,
  FRAUD_RULE_LABELS,
  SALE_STATUS_LABELS,
  type TReviewRow,
  type TReviewSortField,
} from '@salesdesk/contract';
import type { DataColumn } from '../ui/data-table';
import { Peso, Price } from '../ui/money';
import type { Decision } from './review-actions';

/** The rules as their labels; a sale held by its site's hold days alone says until when. */
export function rulesText(r: TReviewRow): string {
  if (r.rules.length) return r.rules.map((k) => FRAUD_RULE_LABELS[k]).join(', ');
  return r.holdUntil ? `Site hold until ${formatDateTime(r.holdUntil)}` : '';
}

export interface ReviewActions {
  decide: (row: TReviewRow, status: Decision) => void;
  suspend: (row: TReviewRow) => void;
}

export function reviewColumns(
  act: ReviewActions,
  show: { earning: boolean },
): DataColumn<TReviewRow, TReviewSortField>[] {
  return [
    { id: 'date', header: 'Date', sortable: true, cell: (r) => formatDateTime(r.date) },
    { id: 'status', header: 'Status', cell: (r) => SALE_STATUS_LABELS[r.status] },
    {
      id: 'rules',
      header: 'Rules',
      wrap: true,
      priority: 'high',
      cell: (r) => (
        <Text size="sm" c={r.rules.length ? 'red.9' : undefined}>
          {rulesText(r)}
        </Text>
      ),
    },
    { id: 'agent', header: 'Agent', cell: (r) => r.agent },
    { id: 'officeName', header: 'Office', cell: (r) => r.officeName },
    { id: 'sitename', header: 'Site', cell: (r) => r.sitename },
    { id: 'typename', header: 'Link', priority: 'low', cell: (r) => r.typename },
    {
      id: 'clickToSale',
      header: 'Click to sale',
      align: 'right',
      priority: 'low',
      cell: (r) => formatClickToSale(r.clickToSale),
    },
    { id: 'customerEmail', header: 'Email', priority: 'low', cell: (r) => r.customerEmail },
    {
      id: 'payout',
      header: 'Payout (₱)',
      align: 'right',
      money: true,
      cell: (r) => <Peso value={r.payout} />,
    },
    {
      id: 'earning',
      header: 'Earning ($)',
      align: 'right',
      money: true,
      hidden: !show.earning,
      cell: (r) => <Price value={r.earning} />,
    },
    { id: 'note', header: 'Note', wrap: true, priority: 'low', cell: (r) => r.note },
    { id: 'actions', header: 'Actions', actions: true, cell: (r) => <RowActions row={r} act={act} /> },
  ];
}

function RowActions({ row, act }: { row: TReviewRow; act: ReviewActions }) {
  const name = `sale ${row.id}`;
  return (
    <Group gap={4} wrap="nowrap">
      {row.status === 'held' && (
        <>
          <Button
            size="compact-xs"
            variant="light"
            aria-label={`Approve ${name}`}
            onClick={() => act.decide(row, 'approved')}
          >
            Approve
          </Button>
          <Button
            size="compact-xs"
            variant="light"
            color="red"
            aria-label={`Reject ${name}`}
            onClick={() => act.decide(row, 'rejected')}
          >
            Reject
          </Button>
        </>
      )}
      <Button
        size="compact-xs"
        variant="light"
        color="red"
        aria-label={`Suspend for fraud ${row.agent}`}
        onClick={() => act.suspend(row)}
      >
        Suspend for fraud
      </Button>
    </Group>
  );
}
