// /app/stats/pay-periods: every pay period, newest first, with its status and totals; Close, Mark paid
// (admins who change money) and Reopen (superadmin, with a reason) on the rows that allow them.
import { Button, Group, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import {
  formatCount,
  formatDateTime,
  formatPeso,
  formatPrice,
  PAY_PERIOD_TEXTS,
  PAY_PERIODS_PAGE_SIZE,
  Role,
  type TPayPeriod,
} from '@salesdesk/contract';
import { canChangeMoney } from '../shell/access-rules';
import { Page } from '../shell/page';
import { useMe } from '../session/use-session';
import { DataTable, type DataColumn } from '../ui/data-table';
import { Pagination } from '../ui/pagination';
import { usePayPeriods } from './api';
import { periodLabel, usePeriodActions, type PeriodAction } from './period-actions';

export const STATUS_LABELS: Readonly<Record<TPayPeriod['status'], string>> = {
  open: 'Open',
  closed: 'Closed',
  paid: 'Paid',
};

const byWhom = (w: TPayPeriod['closed']) => (w ? `${w.by} · ${formatDateTime(w.at)}` : '');

const COLUMNS: DataColumn<TPayPeriod>[] = [
  { id: 'period', header: 'Period', cell: (p) => periodLabel(p) },
  { id: 'status', header: 'Status', cell: (p) => STATUS_LABELS[p.status] },
  // Nobody is paid in an open period yet: its count would read as a payment made.
  {
    id: 'agentsPaid',
    header: 'Agents Paid',
    align: 'right',
    cell: (p) => (p.status === 'open' ? '' : formatCount(p.agentsPaid)),
  },
  { id: 'payout', header: 'Payout (₱)', align: 'right', money: true, cell: (p) => formatPeso(p.payout) },
  {
    id: 'avpPayout',
    header: 'AVP Payout (₱)',
    align: 'right',
    money: true,
    cell: (p) => formatPeso(p.avpPayout),
  },
  {
    id: 'avpDollars',
    header: 'AVP Payout ($)',
    align: 'right',
    money: true,
    cell: (p) => formatPrice(p.avpPayoutDollars),
  },
  { id: 'closed', header: 'Closed', priority: 'low', cell: (p) => byWhom(p.closed) },
  { id: 'paid', header: 'Paid', priority: 'low', cell: (p) => byWhom(p.paid) },
  {
    id: 'reopened',
    header: 'Reopened',
    wrap: true,
    priority: 'low',
    cell: (p) => (p.reopened ? `${byWhom(p.reopened)}: ${p.reopened.reason}` : ''),
  },
];

/** The actions a row offers the viewer; Reopen only on the latest closed period of the page's view. */
function rowActions(
  p: TPayPeriod,
  may: { money: boolean; superadmin: boolean },
  latest: boolean,
): PeriodAction[] {
  if (p.status === 'open') return may.money && p.canClose ? ['close'] : [];
  if (p.status === 'paid') return [];
  return [
    ...(may.money ? (['paid'] as const) : []),
    ...(may.superadmin && latest ? (['reopen'] as const) : []),
  ];
}

export function PayPeriodsPage() {
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('page') ?? '1');
  const page = Number.isInteger(asked) && asked >= 1 ? asked : 1;
  const list = usePayPeriods(page);
  const run = usePeriodActions();
  const items = list.data?.items ?? [];
  // The newest closed or paid period is the first one that is not open, on the first page it shows on.
  const firstSettled = items.findIndex((p) => p.status !== 'open');
  const latest = firstSettled >= 0 && (page === 1 || firstSettled > 0) ? items[firstSettled].start : null;
  const may = { money: canChangeMoney(me), superadmin: me.role === Role.Superadmin };
  const columns: DataColumn<TPayPeriod>[] = [
    ...COLUMNS,
    {
      id: 'actions',
      header: 'Actions',
      actions: true,
      cell: (p) => (
        <Group gap={4} wrap="nowrap" className="no-print">
          {rowActions(p, may, p.start === latest).map((action) => (
            <Button
              key={action}
              size="compact-xs"
              variant={action === 'reopen' ? 'default' : 'light'}
              aria-label={`${ACTION_LABELS[action]} ${periodLabel(p)}`}
              onClick={() => void run(p, action)}
            >
              {ACTION_LABELS[action]}
            </Button>
          ))}
        </Group>
      ),
    },
  ];
  return (
    <Page title={PAY_PERIOD_TEXTS.title}>
      {list.isError && !list.data ? (
        <Text c="red" role="alert">
          The pay periods could not be loaded
        </Text>
      ) : null}
      <DataTable
        columns={columns}
        caption={PAY_PERIOD_TEXTS.title}
        data={items}
        getRowId={(p) => p.start}
        loading={list.isFetching}
        emptyText={PAY_PERIOD_TEXTS.empty}
      />
      <Pagination
        page={page}
        pageSize={PAY_PERIODS_PAGE_SIZE}
        total={list.data?.total ?? 0}
        onPageChange={(next) => setParams({ page: String(next) })}
      />
    </Page>
  );
}

const ACTION_LABELS: Readonly<Record<PeriodAction, string>> = {
  close: 'Close',
  paid: 'Mark paid',
  reopen: 'Reopen',
};
