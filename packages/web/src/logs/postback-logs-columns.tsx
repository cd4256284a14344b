// The columns of /app/logs/postbacks: time (sortable), site, address, event, txId, click id, result,
// the sale it made or touched, and how many refused postbacks the row sums.
import {
  formatCount,
  formatDateTime,
  POSTBACK_LOG_HEADERS,
  POSTBACK_RESULT_LABELS,
  type TPostbackLogRow,
} from '@salesdesk/contract';
import type { DataColumn } from '../ui/data-table';

const h = POSTBACK_LOG_HEADERS;

/** A postback may name a site that does not exist: its id is all there is to show. */
export const postbackSiteName = (r: Pick<TPostbackLogRow, 'sitename' | 'siteId'>) =>
  r.sitename ?? `#${r.siteId}`;

export const postbackLogColumns: DataColumn<TPostbackLogRow, 'time'>[] = [
  { id: 'time', header: h.time, sortable: true, cell: (r) => formatDateTime(r.time) },
  { id: 'sitename', header: h.sitename, cell: postbackSiteName },
  { id: 'ip', header: h.ip, cell: (r) => r.ip },
  { id: 'event', header: h.event, cell: (r) => r.event },
  { id: 'txId', header: h.txId, cell: (r) => r.txId },
  { id: 'clickId', header: h.clickId, cell: (r) => r.clickId },
  { id: 'result', header: h.result, cell: (r) => POSTBACK_RESULT_LABELS[r.result] },
  { id: 'saleId', header: h.saleId, cell: (r) => r.saleId },
  { id: 'count', header: h.count, align: 'right', cell: (r) => formatCount(r.count) },
];
