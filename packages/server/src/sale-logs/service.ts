// Sale log rules: every role sees the sales of its tenant (an agent its own); earnings only with the
// EARNING_VISIBLE permission, referers only for the superadmin, notes (a rejection's or reversal's
// reason) only for admins; the CSV holds every matching sale with the columns of the caller's screen.
import {
  saleStatusLabel,
  saleStatusName,
  formatDateTime,
  formatRecordType,
  isAdmin,
  pesoAmount,
  priceAmount,
  Permission,
  Role,
  SALE_LOG_HEADERS,
  type TSaleLogRow,
  type TSaleLogSearch,
} from '@salesdesk/contract';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../context';
import { hasPermission, type Principal } from '../http/auth';
import { csvFileName, sendCsv, type CsvColumn } from '../common/csv';
import { assertAgentFilter } from '../event-logs/filters';
import { saleLogChunks, searchSaleLogs, type SaleLogRecord } from './sql';

const saleLogView = (p: Principal) => ({
  // An office's or agent's rows are all its own office.
  office: isAdmin(p.role),
  earning: hasPermission(p, Permission.EarningVisible),
  referer: p.role === Role.Superadmin,
  note: isAdmin(p.role),
});
type View = ReturnType<typeof saleLogView>;

const toId = (v: string | number | null) => (v === null ? null : Number(v));

function toRow(r: SaleLogRecord, view: View): TSaleLogRow {
  return {
    id: Number(r.id),
    date: new Date(r.date).toISOString(),
    customerEmail: r.customer_email,
    officeName: r.office_name ?? '',
    agent: r.agent_username ?? '',
    sitename: r.sitename ?? '',
    typename: r.typename ?? '',
    earning: view.earning ? r.earning : null,
    payout: r.payout,
    clickId: toId(r.click_id),
    eventType: r.event_type,
    status: saleStatusName(r.status, r.reversal_kind),
    // A rejection's reason is internal: admins only.
    note: view.note ? r.note : null,
    reversesId: toId(r.reverses_id),
    referer: view.referer ? r.referer : null,
  };
}

export async function listSaleLogs(ctx: AppContext, p: Principal, q: TSaleLogSearch) {
  await assertAgentFilter(ctx.db, p, q.agentId);
  const view = saleLogView(p);
  const { items, total } = await searchSaleLogs(ctx.db, p, q);
  return { earningVisible: view.earning, items: { items: items.map((r) => toRow(r, view)), total } };
}

/** The CSV columns: the screen's, in its order and with its headers (which name the currencies); money as
 * bare numbers a spreadsheet sums. */
function csvColumns(view: View, role: number): CsvColumn<SaleLogRecord>[] {
  const h = SALE_LOG_HEADERS;
  const columns: (CsvColumn<SaleLogRecord> | false)[] = [
    { header: h.date, value: (r) => formatDateTime(r.date) },
    { header: h.customerEmail, value: (r) => r.customer_email },
    view.office && { header: h.officeName, value: (r) => r.office_name },
    { header: h.agent, value: (r) => r.agent_username },
    { header: h.sitename, value: (r) => r.sitename },
    { header: h.typename, value: (r) => r.typename },
    view.earning && { header: h.earning, value: (r) => priceAmount(r.earning) },
    { header: h.payout, value: (r) => pesoAmount(r.payout) },
    { header: h.clickId, value: (r) => toId(r.click_id) },
    { header: h.eventType, value: (r) => formatRecordType(r.event_type) },
    { header: h.status, value: (r) => saleStatusLabel(saleStatusName(r.status, r.reversal_kind), role) },
    // Why a sale was rejected or reversed is internal: the admins' file only, as on their screen.
    view.note && { header: h.note, value: (r) => r.note },
    view.referer && { header: h.referer, value: (r) => r.referer },
  ];
  return columns.filter((c): c is CsvColumn<SaleLogRecord> => !!c);
}

export async function exportSaleLogs(ctx: AppContext, p: Principal, q: TSaleLogSearch, reply: FastifyReply) {
  await assertAgentFilter(ctx.db, p, q.agentId);
  const chunks = saleLogChunks(ctx.db, p, q);
  return sendCsv(
    reply,
    csvFileName(['sale-logs', q.start, q.end]),
    csvColumns(saleLogView(p), p.role),
    chunks,
  );
}
