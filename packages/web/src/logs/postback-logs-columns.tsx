// The columns of /app/logs/postbacks: time (sortable), site, address, event, txId, click id, result (with
// what was wrong: a bad input names its fields), the sale it made or touched, and how many refused
// postbacks the row sums.
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

/** `Bad input (clickId: Invalid input)`: the result, and what was wrong when the log says it. */
export const postbackResultText = (r: Pick<TPostbackLogRow, 'result' | 'detail'>) =>
  r.detail ? `${POSTBACK_RESULT_LABELS[r.result]} (${r.detail})` : POSTBACK_RESULT_LABELS[r.result];

export const postbackLogColumns: DataColumn<TPostbackLogRow, 'time'>[] = [
  { id: 'time', header: h.time, sortable: true, cell: (r) => formatDateTime(r.time) },
  { id: 'sitename', header: h.sitename, cell: postbackSiteName },
  { id: 'ip', header: h.ip, priority: 'low', cell: (r) => r.ip },
  { id: 'event', header: h.event, cell: (r) => r.event },
  { id: 'txId', header: h.txId, priority: 'low', cell: (r) => r.txId },
  { id: 'clickId', header: h.clickId, priority: 'low', cell: (r) => r.clickId },
  { id: 'result', header: h.result, wrap: true, cell: postbackResultText },
  { id: 'saleId', header: h.saleId, priority: 'low', cell: (r) => r.saleId },
  { id: 'count', header: h.count, align: 'right', cell: (r) => formatCount(r.count) },
];
