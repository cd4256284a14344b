// The columns of /app/logs/sale-logs: date (sortable), email, office, agent, site, link, earning ($, when
// the caller may see earnings), payout (₱), click id, record type, and referer for the superadmin.
import { Text } from '@mantine/core';
import {
  formatDateTime,
  formatRecordType,
  SALE_LOG_HEADERS,
  type TSaleLogRow,
  type TSaleLogSortField,
} from '@salesdesk/contract';
import type { DataColumn } from '../ui/data-table';
import { Peso, Price } from '../ui/money';

const h = SALE_LOG_HEADERS;

export function saleLogColumns(show: {
  /** For admins: an office's or agent's sales are all its own office. */
  office: boolean;
  earning: boolean;
  referer: boolean;
}): DataColumn<TSaleLogRow, TSaleLogSortField>[] {
  return [
    { id: 'date', header: h.date, sortable: true, cell: (r) => formatDateTime(r.date) },
    { id: 'customerEmail', header: h.customerEmail, cell: (r) => r.customerEmail },
    { id: 'officeName', header: h.officeName, hidden: !show.office, cell: (r) => r.officeName },
    { id: 'agent', header: h.agent, cell: (r) => r.agent },
    { id: 'sitename', header: h.sitename, cell: (r) => r.sitename },
    { id: 'typename', header: h.typename, cell: (r) => r.typename },
    {
      id: 'earning',
      header: h.earning,
      hidden: !show.earning,
      align: 'right',
      cell: (r) => <Price value={r.earning} />,
    },
    { id: 'payout', header: h.payout, align: 'right', cell: (r) => <Peso value={r.payout} /> },
    { id: 'clickId', header: h.clickId, cell: (r) => r.clickId },
    { id: 'eventType', header: h.eventType, cell: (r) => formatRecordType(r.eventType) },
    {
      id: 'referer',
      header: h.referer,
      wrap: true,
      hidden: !show.referer,
      cell: (r) => (
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {r.referer}
        </Text>
      ),
    },
  ];
}
