// Chat log rules: everyone reads the logs of their tenant; only an agent submits one, for one of its
// own live sites, and a log is never changed afterwards.
import {
  CHAT_LOG_HEADERS,
  CHAT_LOG_SITE_INVALID,
  formatDateTime,
  isAdmin,
  type TChatLogRow,
  type TChatLogSearch,
  ZChatLogCreate,
} from '@salesdesk/contract';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../context';
import { csvFileName, sendCsv, type CsvColumn } from '../common/csv';
import type { Principal } from '../http/auth';
import { forbidden, notFound, validationError } from '../http/errors';
import { assertAgent, scopeOf } from '../http/tenant';
import {
  chatLogChunks,
  findAgentOffice,
  findOwnSite,
  insertChatLog,
  searchChatLogs,
  type ChatLogRecord,
} from './sql';

const toRow = (r: ChatLogRecord): TChatLogRow => ({
  id: Number(r.id),
  officeName: r.office_name,
  agentUsername: r.agent_username,
  siteId: r.site_id,
  sitename: r.sitename,
  clientUsername: r.client_username,
  conversation: r.conversation,
  submitTime: new Date(r.submit_time).toISOString(),
});

/** Another tenant's agent or site is answered 404; for an admin an unknown one simply has no logs. */
async function assertFilters(ctx: AppContext, p: Principal, q: TChatLogSearch) {
  if (scopeOf(p).kind === 'all') return;
  if (q.agentId !== undefined) {
    const agent = await findAgentOffice(ctx.db, q.agentId);
    if (!agent) throw notFound();
    assertAgent(p, agent);
  }
  if (q.siteId !== undefined && !(await findOwnSite(ctx.db, p, q.siteId, { live: false }))) throw notFound();
}

export async function listChatLogs(ctx: AppContext, p: Principal, q: TChatLogSearch) {
  await assertFilters(ctx, p, q);
  const { items, total } = await searchChatLogs(ctx.db, p, q);
  return { items: items.map(toRow), total };
}

const h = CHAT_LOG_HEADERS;
const OFFICE_COLUMN: CsvColumn<ChatLogRecord> = { header: h.officeName, value: (r) => r.office_name };
/** The CSV columns: the screen's, in its order and with its headers and formats (the office first, for
 * admins only: an office's or agent's rows are all its own office). */
const CSV_COLUMNS: CsvColumn<ChatLogRecord>[] = [
  { header: h.agentUsername, value: (r) => r.agent_username },
  { header: h.sitename, value: (r) => r.sitename },
  { header: h.clientUsername, value: (r) => r.client_username },
  { header: h.conversation, value: (r) => r.conversation },
  { header: h.submitTime, value: (r) => formatDateTime(r.submit_time) },
];

/** Every matching chat log as CSV, whatever the page. */
export async function exportChatLogs(ctx: AppContext, p: Principal, q: TChatLogSearch, reply: FastifyReply) {
  await assertFilters(ctx, p, q);
  const chunks = chatLogChunks(ctx.db, p, q);
  const columns = isAdmin(p.role) ? [OFFICE_COLUMN, ...CSV_COLUMNS] : CSV_COLUMNS;
  return sendCsv(reply, csvFileName(['chat-logs', q.start, q.end]), columns, chunks);
}

type ChatLogCreate = z.output<typeof ZChatLogCreate>;
export const ONLY_AGENTS = 'Only agents submit chat logs';

/** The office and agent come from the session; the site must be one the agent has enabled and live. */
export async function createChatLog(ctx: AppContext, p: Principal, v: ChatLogCreate): Promise<number> {
  const scope = scopeOf(p);
  // Offices and admins read chat logs; only an agent has conversations to submit.
  if (scope.kind !== 'agent') throw forbidden(ONLY_AGENTS);
  if (!(await findOwnSite(ctx.db, p, v.siteId, { live: true })))
    throw validationError({ siteId: [CHAT_LOG_SITE_INVALID] });
  return insertChatLog(ctx.db, {
    officeId: scope.officeId,
    agentId: scope.agentId,
    siteId: v.siteId,
    clientUsername: v.clientUsername,
    conversation: v.conversation,
  });
}
