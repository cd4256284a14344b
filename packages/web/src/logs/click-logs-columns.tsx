// The columns of /app/logs/click-outs: office, agent, site, type, link, click time (sortable), IP from
// and uniques where the brand shows them, the click's invalid reason, and the referrer where shown.
import { Text } from '@mantine/core';
import {
  CLICK_LOG_HEADERS,
  formatClickReason,
  formatDateTime,
  type TBrand,
  type TClickLogRow,
  type TClickLogSortField,
} from '@salesdesk/contract';
import type { DataColumn } from '../ui/data-table';
import { IpLink } from '../ui/ip-link';

const h = CLICK_LOG_HEADERS;

/** Long URLs wrap instead of widening the table. */
const Wrapped = ({ text }: { text: string | null }) => (
  <Text size="sm" style={{ wordBreak: 'break-all' }}>
    {text}
  </Text>
);

/** `showOffice` is for admins: an office's or agent's clicks are all its own office. */
export function clickLogColumns(
  brand: Pick<TBrand, 'showIp' | 'showUniques' | 'showReferer'>,
  showOffice: boolean,
): DataColumn<TClickLogRow, TClickLogSortField>[] {
  const ip = brand.showIp;
  return [
    { id: 'officeName', header: h.officeName, hidden: !showOffice, cell: (r) => r.officeName },
    { id: 'agentUsername', header: h.agentUsername, cell: (r) => r.agentUsername },
    { id: 'sitename', header: h.sitename, cell: (r) => r.sitename },
    { id: 'typename', header: h.typename, cell: (r) => r.typename },
    { id: 'url', header: h.url, wrap: true, cell: (r) => <Wrapped text={r.url} /> },
    { id: 'clickTime', header: h.clickTime, sortable: true, cell: (r) => formatDateTime(r.clickTime) },
    { id: 'fromIp', header: h.fromIp, hidden: !ip, cell: (r) => <IpLink ip={r.fromIp} /> },
    { id: 'uniques', header: h.uniques, hidden: !(ip && brand.showUniques), cell: (r) => r.uniques },
    // Empty for a valid click; what a bot matched comes only to admins (the server leaves it null).
    {
      id: 'invalidReason',
      header: h.invalidReason,
      cell: (r) => formatClickReason(r.invalidReason, r.invalidDetail),
    },
    {
      id: 'referer',
      header: h.referer,
      wrap: true,
      hidden: !(ip && brand.showReferer),
      cell: (r) => <Wrapped text={r.referer} />,
    },
  ];
}
