// The columns of /app/logs/sale-logs: date (sortable), email, office, agent, site, link, earning ($, when
// the caller may see earnings), payout (₱), click id, record type, status, note (admins), referer for the
// superadmin, and the row menu for those who may change money. The CSV has the same columns.
import { Text } from '@mantine/core';
import {
  formatDateTime,
  formatRecordType,
  SALE_LOG_HEADERS,
  saleStatusLabel,
  type TSaleLogRow,
  type TSaleLogSortField,
} from '@salesdesk/contract';
import type { DataColumn } from '../ui/data-table';
import { Peso, Price } from '../ui/money';
import type { SaleAction } from './sale-actions';
import { SaleRowMenu } from './sale-row-menu';

const h = SALE_LOG_HEADERS;

export function saleLogColumns(show: {
  /** For admins: an office's or agent's sales are all its own office. */
  office: boolean;
  earning: boolean;
  /** A rejection's or reversal's reason, an adjustment's note: admins only. */
  note: boolean;
  referer: boolean;
  /** The viewer's role: agents and offices see a held sale as Pending. */
  role: number;
  /** The row menu's action, for those who may change money; none hides the column. */
  act?: (row: TSaleLogRow, action: SaleAction) => void;
}): DataColumn<TSaleLogRow, TSaleLogSortField>[] {
  return [
    { id: 'date', header: h.date, sortable: true, cell: (r) => formatDateTime(r.date) },
    { id: 'customerEmail', header: h.customerEmail, priority: 'low', cell: (r) => r.customerEmail },
    { id: 'officeName', header: h.officeName, hidden: !show.office, cell: (r) => r.officeName },
    { id: 'agent', header: h.agent, cell: (r) => r.agent },
    { id: 'sitename', header: h.sitename, cell: (r) => r.sitename },
    { id: 'typename', header: h.typename, cell: (r) => r.typename },
    {
      id: 'earning',
      header: h.earning,
      hidden: !show.earning,
      align: 'right',
      money: true,
      cell: (r) => <Price value={r.earning} />,
    },
    { id: 'payout', header: h.payout, align: 'right', money: true, cell: (r) => <Peso value={r.payout} /> },
    { id: 'clickId', header: h.clickId, priority: 'low', cell: (r) => r.clickId },
    { id: 'eventType', header: h.eventType, cell: (r) => formatRecordType(r.eventType) },
    { id: 'status', header: h.status, cell: (r) => saleStatusLabel(r.status, show.role) },
    { id: 'note', header: h.note, wrap: true, priority: 'low', hidden: !show.note, cell: (r) => r.note },
    {
      id: 'referer',
      header: h.referer,
      wrap: true,
      priority: 'low',
      hidden: !show.referer,
      cell: (r) => (
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {r.referer}
        </Text>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      actions: true,
      hidden: !show.act,
      cell: (r) => show.act && <SaleRowMenu row={r} onAction={(action) => show.act?.(r, action)} />,
    },
  ];
}
