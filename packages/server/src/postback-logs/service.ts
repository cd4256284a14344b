// Postback log rules: admins and superadmins see every postback that reached the server, newest first;
// the CSV holds every matching row with the screen's columns.
import {
  formatDateTime,
  POSTBACK_LOG_HEADERS,
  POSTBACK_RESULT_LABELS,
  POSTBACK_RESULTS,
  type TPostbackLogRow,
  type TPostbackLogSearch,
  type TPostbackResult,
} from '@salesdesk/contract';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../context';
import { csvFileName, sendCsv, type CsvColumn } from '../common/csv';
import { postbackLogChunks, searchPostbackLogs, type PostbackLogRecord } from './sql';

const toId = (v: string | number | null) => (v === null ? null : Number(v));
// ord is twice the source row's id, plus one for a postback_logs row (postback-logs/sql.ts).
const rowKey = (ord: string | number) => {
  const n = BigInt(ord);
  return n % 2n === 0n ? `sale-${n / 2n}` : `log-${n / 2n}`;
};

// The column is a varchar written by the postback; a code this version does not know is shown as sent.
const isResult = (v: string): v is TPostbackResult => (POSTBACK_RESULTS as readonly string[]).includes(v);
const resultLabel = (v: string) => (isResult(v) ? POSTBACK_RESULT_LABELS[v] : v);

function toRow(r: PostbackLogRecord): TPostbackLogRow {
  return {
    id: rowKey(r.ord),
    time: new Date(r.time).toISOString(),
    siteId: r.site_id,
    sitename: r.sitename,
    ip: r.ip,
    event: r.event,
    txId: r.tx_id,
    clickId: toId(r.click_id),
    result: r.result as TPostbackResult,
    saleId: toId(r.sale_id),
    count: r.count,
    detail: r.detail,
  };
}

export async function listPostbackLogs(ctx: AppContext, q: TPostbackLogSearch) {
  const { items, total } = await searchPostbackLogs(ctx.db, q);
  return { items: items.map(toRow), total };
}

const h = POSTBACK_LOG_HEADERS;
const CSV_COLUMNS: CsvColumn<PostbackLogRecord>[] = [
  { header: h.time, value: (r) => formatDateTime(r.time) },
  { header: h.sitename, value: (r) => r.sitename ?? `#${r.site_id}` },
  { header: h.ip, value: (r) => r.ip },
  { header: h.event, value: (r) => r.event },
  { header: h.txId, value: (r) => r.tx_id },
  { header: h.clickId, value: (r) => toId(r.click_id) },
  { header: h.result, value: (r) => resultLabel(r.result) },
  { header: h.saleId, value: (r) => toId(r.sale_id) },
  { header: h.count, value: (r) => r.count },
  { header: h.detail, value: (r) => r.detail },
];

export function exportPostbackLogs(ctx: AppContext, q: TPostbackLogSearch, reply: FastifyReply) {
  const chunks = postbackLogChunks(ctx.db, q);
  return sendCsv(reply, csvFileName(['postback-logs', q.start, q.end]), CSV_COLUMNS, chunks);
}
