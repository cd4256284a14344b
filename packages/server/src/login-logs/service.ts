// Login log rules: offices and above, scoped to the caller's tenant; IPs only where the brand shows them.
import {
  formatDateTime,
  LOGIN_LOG_HEADERS,
  type TLoginLogRow,
  type TLoginLogSearch,
} from '@salesdesk/contract';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../context';
import { csvFileName, sendCsv, type CsvColumn } from '../common/csv';
import type { Principal } from '../http/auth';
import { notFound, validationError } from '../http/errors';
import { assertAgent, scopeOf } from '../http/tenant';
import { findAgentOffice, loginLogChunks, searchLoginLogs, type LoginLogRecord } from './sql';

const iso = (t: Date | string) => new Date(t).toISOString();

function toRow(r: LoginLogRecord, showIp: boolean): TLoginLogRow {
  return {
    id: Number(r.id),
    username: r.username,
    ip: showIp ? r.ip : null,
    inTime: iso(r.in_time),
    outTime: r.out_time === null ? null : iso(r.out_time),
  };
}

/** Another office's agent is answered 404; for an admin an unknown agent simply has no logs. */
async function assertAgentFilter(ctx: AppContext, p: Principal, agentId: number) {
  const agent = await findAgentOffice(ctx.db, agentId);
  if (agent) assertAgent(p, agent);
  else if (scopeOf(p).kind !== 'all') throw notFound();
}

async function checkFilters(ctx: AppContext, p: Principal, q: TLoginLogSearch) {
  // Where the brand hides addresses, searching by one would reveal them.
  if (!ctx.brand.showIp && q.ipAddress) throw validationError({ ipAddress: ['IP addresses are not shown'] });
  if (q.agentId !== undefined) await assertAgentFilter(ctx, p, q.agentId);
}

export async function listLoginLogs(ctx: AppContext, p: Principal, q: TLoginLogSearch) {
  await checkFilters(ctx, p, q);
  const { items, total } = await searchLoginLogs(ctx.db, p, q);
  return { items: items.map((r) => toRow(r, ctx.brand.showIp)), total };
}

/** The CSV columns: the screen's, with its headers and formats. */
function csvColumns(showIp: boolean): CsvColumn<LoginLogRecord>[] {
  const h = LOGIN_LOG_HEADERS;
  const columns: (CsvColumn<LoginLogRecord> | false)[] = [
    { header: h.username, value: (r) => r.username },
    showIp && { header: h.ip, value: (r) => r.ip },
    { header: h.inTime, value: (r) => formatDateTime(r.in_time) },
    { header: h.outTime, value: (r) => formatDateTime(r.out_time) },
  ];
  return columns.filter((c): c is CsvColumn<LoginLogRecord> => !!c);
}

/** Every matching login as CSV, whatever the page. */
export async function exportLoginLogs(
  ctx: AppContext,
  p: Principal,
  q: TLoginLogSearch,
  reply: FastifyReply,
) {
  await checkFilters(ctx, p, q);
  const chunks = loginLogChunks(ctx.db, p, q);
  return sendCsv(reply, csvFileName(['login-logs', q.start, q.end]), csvColumns(ctx.brand.showIp), chunks);
}
