// Login log queries. A log belongs to an account; the account gives its office (an office account or
// an agent's office) and its agent, so an office sees its own logins and its agents'.
import { sql } from 'drizzle-orm';
import {
  addDays,
  easternDayStart,
  type LOGIN_LOG_SORT_FIELDS,
  type TLoginLogSearch,
} from '@salesdesk/contract';
import { queryOne, type Queryable } from '../db/client';
import { and, contains, pagedQuery, type SortSpec } from '../common/list';
import { keysetChunks } from '../common/csv-rows';
import type { Principal } from '../http/auth';
import { col, scopedFilter } from '../http/tenant';

type LoginLogSortField = (typeof LOGIN_LOG_SORT_FIELDS)[number];

export interface LoginLogRecord {
  id: number;
  username: string;
  ip: string;
  in_time: Date | string;
  out_time: Date | string | null;
}

// Newest first; the in_time index serves the order and the date range.
const SORT: SortSpec<LoginLogSortField> = {
  fields: { inTime: sql`l.in_time` },
  default: { field: 'inTime', asc: false },
  tieBreak: sql`l.id`,
};

const FROM = sql`login_logs l
  join (select a.id, a.username, coalesce(o.id, g.office_id) as office_id, g.id as agent_id
        from accounts a
        left join offices o on o.account_id = a.id
        left join agents g on g.account_id = a.id) t on t.id = l.account_id`;

/** In_time within the Eastern days start..end, both included. */
function inEasternDays(start: string, end: string) {
  const from = easternDayStart(start).toISOString();
  const until = easternDayStart(addDays(end, 1)).toISOString();
  return sql`l.in_time >= ${from}::timestamptz and l.in_time < ${until}::timestamptz`;
}

const SELECT = sql`l.id, t.username, l.ip, l.in_time, l.out_time`;

function where(p: Principal, q: TLoginLogSearch) {
  const tenant = scopedFilter(
    p,
    { office: col('t.office_id'), agent: col('t.agent_id') },
    { officeId: q.companyId, agentId: q.agentId },
  );
  return and([
    tenant,
    q.ipAddress ? contains(sql`l.ip`, q.ipAddress) : undefined,
    q.start && q.end ? inEasternDays(q.start, q.end) : undefined,
  ]);
}

export function searchLoginLogs(db: Queryable, p: Principal, q: TLoginLogSearch) {
  return pagedQuery<LoginLogRecord, LoginLogSortField>(db, {
    select: SELECT,
    from: FROM,
    where: where(p, q),
    sort: SORT,
    query: q,
  });
}

/** Every matching login, in the list's order (login time), in chunks for the CSV export. */
export function loginLogChunks(db: Queryable, p: Principal, q: TLoginLogSearch) {
  return keysetChunks<LoginLogRecord>(db, {
    select: SELECT,
    from: FROM,
    where: where(p, q),
    time: sql`l.in_time`,
    id: sql`l.id`,
    desc: !(q.sortField ? (q.sortAsc ?? true) : SORT.default.asc),
  });
}

export const findAgentOffice = (db: Queryable, agentId: number) =>
  queryOne<{ id: number; officeId: number }>(
    db,
    sql`select id, office_id as "officeId" from agents where id = ${agentId}`,
  );
