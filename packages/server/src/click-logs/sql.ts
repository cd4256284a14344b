// Click log queries: one page (the page of click ids first, then its names), its total, every row in chunks.
import { sql, type SQL } from 'drizzle-orm';
import type { TClickLogSearch } from '@salesdesk/contract';
import { rawClicksKeptFrom } from '../common/options';
import { queryOne, type Queryable } from '../db/client';
import { and, contains } from '../common/list';
import { keysetChunks } from '../common/csv-rows';
import type { Principal } from '../http/auth';
import { col } from '../http/tenant';
import {
  eventLogPage,
  eventNameJoins,
  eventNameLookups,
  newestFirst,
  type EventTable,
} from '../event-logs/event-log';
import { eventWhere, rollupTotal } from '../event-logs/filters';

export interface ClickLogRecord {
  id: string | number;
  office_name: string | null;
  agent_username: string | null;
  sitename: string | null;
  typename: string | null;
  url: string | null;
  click_time: Date | string;
  ip: string;
  is_unique: boolean;
  referer: string | null;
}

const COLUMNS = {
  time: col('c.click_time'),
  office: col('c.office_id'),
  agent: col('c.agent_id'),
  site: col('c.site_id'),
};

const CLICKS: EventTable = { from: sql`clicks c`, alias: 'c', time: COLUMNS.time, id: col('c.id') };

const SELECT = sql`c.id, o.office_name, a.username as agent_username, s.sitename, t.typename, t.url,
  c.click_time, c.ip, c.is_unique, c.referer`;

const PAGE_SELECT = sql`c.id, ${eventNameLookups('c')}, t.typename, t.url, c.click_time, c.ip, c.is_unique, c.referer`;

/** The search, from the first day whose raw clicks are kept (stats_daily still counts the days before). */
type KeptSearch = TClickLogSearch & { keptFrom: string | null };

function where(p: Principal, q: KeptSearch): SQL {
  return and([eventWhere(p, q, COLUMNS), q.ipAddress ? contains(sql`c.ip`, q.ipAddress) : undefined]);
}

export async function searchClickLogs(db: Queryable, p: Principal, search: TClickLogSearch) {
  const keptFrom = await rawClicksKeptFrom(db);
  const q = { ...search, keptFrom };
  const filter = where(p, q);
  const page = eventLogPage<ClickLogRecord>(db, CLICKS, q, filter, PAGE_SELECT);
  const [items, total] = await Promise.all([page, countClickLogs(db, p, q, filter)]);
  return { items, total, keptFrom };
}

/** The rollup counts clicks by day, office, agent and site; an IP filter needs the raw rows. */
async function countClickLogs(db: Queryable, p: Principal, q: KeptSearch, filter: SQL) {
  if (!q.ipAddress) return rollupTotal(db, p, q, sql`r.raws`);
  const row = await queryOne<{ total: string | number }>(
    db,
    sql`select count(*)::text as total from clicks c where ${filter}`,
  );
  return Number(row?.total ?? 0);
}

/** Every matching click, in the list's order, in chunks. */
export async function clickLogChunks(db: Queryable, p: Principal, q: TClickLogSearch) {
  return keysetChunks<ClickLogRecord>(db, {
    select: SELECT,
    from: sql`clicks c ${eventNameJoins('c')}`,
    where: where(p, { ...q, keptFrom: await rawClicksKeptFrom(db) }),
    time: sql`c.click_time`,
    id: sql`c.id`,
    desc: newestFirst(q),
  });
}
