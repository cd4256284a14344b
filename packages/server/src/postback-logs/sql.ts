// Postback log queries: one page (ids first, from the (time, id) or (site_id, time, id) index), its
// total, every matching row in chunks for the CSV, and the retention's batched delete.
import { sql, type SQL } from 'drizzle-orm';
import { addDays, easternDayStart, type TPostbackLogSearch } from '@salesdesk/contract';
import { queryOne, type Queryable } from '../db/client';
import { and } from '../common/list';
import { keysetChunks } from '../common/csv-rows';
import { col } from '../http/tenant';
import { eventLogPage, newestFirst, type EventTable } from '../click-logs/event-log';

export interface PostbackLogRecord {
  id: string | number;
  time: Date | string;
  site_id: number;
  sitename: string | null;
  ip: string;
  event: string | null;
  tx_id: string | null;
  click_id: string | number | null;
  result: string;
  sale_id: string | number | null;
  count: number;
}

// A refused postback may name a site that does not exist: the join is LEFT.
const SITE_JOIN = sql`left join sites s on s.id = l.site_id`;

const LOGS: EventTable = {
  from: sql`postback_logs l`,
  alias: 'l',
  time: col('l.time'),
  id: col('l.id'),
  pageJoins: SITE_JOIN,
};

const SELECT = sql`l.id, l.time, l.site_id, s.sitename, l.ip, l.event, l.tx_id, l.click_id, l.result,
  l.sale_id, l.count`;

/** Admins see every row: no tenant condition. A site id that names no site simply finds nothing. */
function where(q: TPostbackLogSearch): SQL {
  return and([
    q.siteId !== undefined && sql`l.site_id = ${q.siteId}`,
    q.result !== undefined && sql`l.result = ${q.result}`,
    q.start !== undefined &&
      q.end !== undefined &&
      sql`l.time >= ${easternDayStart(q.start).toISOString()}::timestamptz
          and l.time < ${easternDayStart(addDays(q.end, 1)).toISOString()}::timestamptz`,
    q.txId ? sql`l.tx_id = ${q.txId}` : undefined,
    q.clickId !== undefined && sql`l.click_id = ${q.clickId}`,
  ]);
}

export async function searchPostbackLogs(db: Queryable, q: TPostbackLogSearch) {
  const filter = where(q);
  const [items, total] = await Promise.all([
    eventLogPage<PostbackLogRecord>(db, LOGS, q, filter, SELECT),
    queryOne<{ total: number }>(db, sql`select count(*)::int as total from postback_logs l where ${filter}`),
  ]);
  return { items, total: total?.total ?? 0 };
}

/** Every matching row, in the list's order, in chunks. */
export function postbackLogChunks(db: Queryable, q: TPostbackLogSearch) {
  return keysetChunks<PostbackLogRecord>(db, {
    select: SELECT,
    from: sql`postback_logs l ${SITE_JOIN}`,
    where: where(q),
    time: sql`l.time`,
    id: sql`l.id`,
    desc: newestFirst(q),
  });
}
