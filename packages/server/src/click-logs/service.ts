// Click log rules: every role sees the clicks of its tenant (an agent its own); IP, uniques and referrer
// only where the brand shows them; each click's invalid reason, and for admins what a machine's user
// agent matched; the CSV holds every matching click with the columns on screen.
import {
  CLICK_LOG_HEADERS,
  formatClickReason,
  formatDateTime,
  invalidReasonOf,
  isAdmin,
  type TBrand,
  type TClickLogRow,
  type TClickLogSearch,
} from '@salesdesk/contract';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../context';
import type { Principal } from '../http/auth';
import { validationError } from '../http/errors';
import { csvFileName, sendCsv, type CsvColumn } from '../common/csv';
import { assertAgentFilter } from '../event-logs/filters';
import { userAgentReason } from '../tracking/user-agent-reason';
import { clickLogChunks, searchClickLogs, type ClickLogRecord } from './sql';

/** What the brand shows: IP and uniques together; the referrer only with them. */
export const clickLogView = (brand: TBrand) => ({
  ip: brand.showIp,
  uniques: brand.showIp && brand.showUniques,
  referer: brand.showIp && brand.showReferer,
});
type View = ReturnType<typeof clickLogView>;

/**
 * What a bot's or preview's user agent matched, for admins (offices and agents get the reason only).
 * Found again at read time: the match is a pure function of the kept agent, so no column stores it.
 */
function invalidDetail(r: ClickLogRecord, admin: boolean): string | null {
  const reason = invalidReasonOf(r.invalid_reason);
  if (!admin || (reason !== 'BOT' && reason !== 'PREVIEW')) return null;
  return userAgentReason(r.user_agent)?.pattern ?? null;
}

function toRow(r: ClickLogRecord, view: View, admin: boolean): TClickLogRow {
  return {
    id: Number(r.id),
    officeName: r.office_name ?? '',
    agentUsername: r.agent_username ?? '',
    sitename: r.sitename ?? '',
    typename: r.typename ?? '',
    url: r.url ?? '',
    clickTime: new Date(r.click_time).toISOString(),
    fromIp: view.ip ? r.ip : null,
    uniques: view.uniques ? Number(r.is_unique) : null,
    referer: view.referer ? r.referer : null,
    invalidReason: invalidReasonOf(r.invalid_reason),
    invalidDetail: invalidDetail(r, admin),
  };
}

async function checkFilters(ctx: AppContext, p: Principal, q: TClickLogSearch) {
  // Where the brand hides addresses, searching by one would reveal them.
  if (!ctx.brand.showIp && q.ipAddress) throw validationError({ ipAddress: ['IP addresses are not shown'] });
  await assertAgentFilter(ctx.db, p, q.agentId);
}

export async function listClickLogs(ctx: AppContext, p: Principal, q: TClickLogSearch) {
  await checkFilters(ctx, p, q);
  const view = clickLogView(ctx.brand);
  const { items, total, keptFrom } = await searchClickLogs(ctx.db, p, q);
  const admin = isAdmin(p.role);
  return { items: items.map((r) => toRow(r, view, admin)), total, keptFrom };
}

/** The CSV columns: the screen's, in its order and with its headers and formats; the office and the
 * reason's detail only for admins (an office's or agent's rows are all its own office). */
function csvColumns(view: View, admin: boolean): CsvColumn<ClickLogRecord>[] {
  const h = CLICK_LOG_HEADERS;
  const columns: (CsvColumn<ClickLogRecord> | false)[] = [
    admin && { header: h.officeName, value: (r) => r.office_name },
    { header: h.agentUsername, value: (r) => r.agent_username },
    { header: h.sitename, value: (r) => r.sitename },
    { header: h.typename, value: (r) => r.typename },
    { header: h.url, value: (r) => r.url },
    { header: h.clickTime, value: (r) => formatDateTime(r.click_time) },
    view.ip && { header: h.fromIp, value: (r) => r.ip },
    view.uniques && { header: h.uniques, value: (r) => Number(r.is_unique) },
    {
      header: h.invalidReason,
      value: (r) => formatClickReason(invalidReasonOf(r.invalid_reason), invalidDetail(r, admin)),
    },
    view.referer && { header: h.referer, value: (r) => r.referer },
  ];
  return columns.filter((c): c is CsvColumn<ClickLogRecord> => !!c);
}

export async function exportClickLogs(
  ctx: AppContext,
  p: Principal,
  q: TClickLogSearch,
  reply: FastifyReply,
) {
  await checkFilters(ctx, p, q);
  const chunks = await clickLogChunks(ctx.db, p, q);
  return sendCsv(
    reply,
    csvFileName(['click-logs', q.start, q.end]),
    csvColumns(clickLogView(ctx.brand), isAdmin(p.role)),
    chunks,
  );
}
