// The columns of the payout batches list: the period, its lines and their pesos per status, the agents
// without payout details, and View (the batch's lines, files and result upload).
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { formatCount, type TPayoutBatch } from '@salesdesk/contract';
import type { DataColumn } from '../ui/data-table';
import { Peso } from '../ui/money';
import { batchLink } from './api';

export const batchPeriod = (b: Pick<TPayoutBatch, 'start' | 'end'>) => `${b.start} - ${b.end}`;

const money = (id: keyof TPayoutBatch & string, header: string): DataColumn<TPayoutBatch> => ({
  id,
  header,
  align: 'right',
  money: true,
  cell: (b) => <Peso value={b[id] as string} />,
});

export const BATCH_COLUMNS: DataColumn<TPayoutBatch>[] = [
  { id: 'period', header: 'Period', cell: batchPeriod },
  { id: 'lines', header: 'Lines', align: 'right', cell: (b) => formatCount(b.lines) },
  money('amount', 'Amount'),
  money('paid', 'Paid'),
  money('pending', 'Pending'),
  money('failed', 'Failed'),
  money('held', 'Held'),
  {
    id: 'withoutDetails',
    header: 'Without details',
    align: 'right',
    cell: (b) => formatCount(b.withoutDetails),
  },
  { id: 'createdBy', header: 'Made by', priority: 'low', cell: (b) => b.createdBy },
  {
    id: 'open',
    header: 'Actions',
    actions: true,
    cell: (b) => (
      <Anchor component={Link} to={batchLink(b.id)} aria-label={`View ${batchPeriod(b)}`}>
        View
      </Anchor>
    ),
  },
];
