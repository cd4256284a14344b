// Chat log queries: the paged, tenant-scoped list, the agent's own sites, and the insert.
import { sql } from 'drizzle-orm';
import { addDays, easternDayStart, type TChatLogSearch, type TChatLogSortField } from '@salesdesk/contract';
import { queryOne, type Queryable } from '../db/client';
import { and, pagedQuery, type SortSpec } from '../common/list';
import { keysetChunks } from '../common/csv-rows';
import { chatLogs } from '../db/schema';
import type { Principal } from '../http/auth';
import { col, scopedFilter, scopedSites } from '../http/tenant';

export interface ChatLogRecord {
  id: number;
  office_name: string;
  agent_username: string;
  site_id: number;
  sitename: string;
  client_username: string;
  conversation: string;
  submit_time: Date | string;
}

const SORT: SortSpec<TChatLogSortField> = {
  fields: {
    officeName: sql`lower(o.office_name)`,
    agentUsername: sql`lower(a.username)`,
    sitename: sql`lower(s.sitename)`,
    clientUsername: sql`lower(l.client_username)`,
    submitTime: sql`l.submit_time`,
  },
  default: { field: 'officeName', asc: true },
  tieBreak: sql`l.id`,
};

// A log keeps its site's name after the site is deleted: the conversation happened.
const FROM = sql`chat_logs l
  join offices o on o.id = l.office_id
  join agents g on g.id = l.agent_id
  join accounts a on a.id = g.account_id
  join sites s on s.id = l.site_id`;

/** Submit time within the Eastern days start..end, both included. */
function inEasternDays(start: string, end: string) {
  const from = easternDayStart(start).toISOString();
  const until = easternDayStart(addDays(end, 1)).toISOString();
  return sql`l.submit_time >= ${from}::timestamptz and l.submit_time < ${until}::timestamptz`;
}

const SELECT = sql`l.id, o.office_name, a.username as agent_username, l.site_id, s.sitename,
                   l.client_username, l.conversation, l.submit_time`;

function where(p: Principal, q: TChatLogSearch) {
  const tenant = scopedFilter(
    p,
    { office: col('l.office_id'), agent: col('l.agent_id') },
    { officeId: q.companyId, agentId: q.agentId },
  );
  return and([
    tenant,
    q.siteId !== undefined ? sql`l.site_id = ${q.siteId}` : undefined,
    q.start && q.end ? inEasternDays(q.start, q.end) : undefined,
  ]);
}

export function searchChatLogs(db: Queryable, p: Principal, q: TChatLogSearch) {
  return pagedQuery<ChatLogRecord, TChatLogSortField>(db, {
    select: SELECT,
    from: FROM,
    where: where(p, q),
    sort: SORT,
    query: q,
  });
}

/**
 * Every matching log in chunks for the CSV export, by submit time (the export walks the time index):
 * oldest first only when the list is sorted by submit time ascending, else newest first.
 */
export function chatLogChunks(db: Queryable, p: Principal, q: TChatLogSearch) {
  return keysetChunks<ChatLogRecord>(db, {
    select: SELECT,
    from: FROM,
    where: where(p, q),
    time: sql`l.submit_time`,
    id: sql`l.id`,
    desc: !(q.sortField === 'submitTime' && (q.sortAsc ?? true)),
  });
}

/**
 * The site when it is one of the principal's sites (an agent: its enabled ones); `live` also asks that
 * it is active and not deleted (a new log), without it old logs of a suspended or deleted site are found.
 */
export const findOwnSite = (db: Queryable, p: Principal, siteId: number, opts: { live: boolean }) =>
  queryOne<{ id: number }>(
    db,
    sql`select s.id from sites s
        where s.id = ${siteId} and ${scopedSites(p, col('s.id'))}
          ${opts.live ? sql`and s.status and s.deleted_at is null` : sql``}`,
  );

export const findAgentOffice = (db: Queryable, agentId: number) =>
  queryOne<{ id: number; officeId: number }>(
    db,
    sql`select id, office_id as "officeId" from agents where id = ${agentId}`,
  );

export async function insertChatLog(db: Queryable, row: typeof chatLogs.$inferInsert): Promise<number> {
  const [created] = await db.insert(chatLogs).values(row).returning({ id: chatLogs.id });
  return created.id;
}
