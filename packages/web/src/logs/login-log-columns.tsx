// The columns of /app/logs/login: Username, IP (where the brand shows it), Login (sortable), Logout.
import {
  formatDateTime,
  LOGIN_LOG_HEADERS,
  type LOGIN_LOG_SORT_FIELDS,
  type TLoginLogRow,
} from '@salesdesk/contract';
import type { DataColumn } from '../ui/data-table';
import { IpLink } from '../ui/ip-link';

type LoginLogSortField = (typeof LOGIN_LOG_SORT_FIELDS)[number];

export function loginLogColumns(showIp: boolean): DataColumn<TLoginLogRow, LoginLogSortField>[] {
  return [
    { id: 'username', header: LOGIN_LOG_HEADERS.username, cell: (r) => r.username },
    { id: 'ip', header: LOGIN_LOG_HEADERS.ip, hidden: !showIp, cell: (r) => <IpLink ip={r.ip} /> },
    { id: 'inTime', header: LOGIN_LOG_HEADERS.inTime, sortable: true, cell: (r) => formatDateTime(r.inTime) },
    { id: 'outTime', header: LOGIN_LOG_HEADERS.outTime, cell: (r) => formatDateTime(r.outTime) },
  ];
}
