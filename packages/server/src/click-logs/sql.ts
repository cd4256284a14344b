// Click log queries: one page (the page of click ids first, then its names), its total, every row in chunks.
import { sql, type SQL } from 'drizzle-orm';
import { INVALID_REASONS, invalidReasonCode, type TClickLogSearch } from '@salesdesk/contract';
import { rawClicksKeptFrom } from '../common/options';
import { queryOne, type Queryable } from '../db/client';
import { and, contains } from '../common/list';
import { keysetChunks } from '../common/csv-rows';
import type { Principal } from '../http/auth';
import { col } from '../http/tenant';
import { INVALID_COUNTERS } from '../rollups/increments';
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
  /** The reason's code, 0 for a valid click. */
  invalid_reason: number;
  user_agent: string | null;
}

const COLUMNS = {
  time: col('c.click_time'),
  office: col('c.office_id'),
  agent: col('c.agent_id'),
  site: col('c.site_id'),
};

const CLICKS: EventTable = { from: sql`clicks c`, alias: 'c', time: COLUMNS.time, id: col('c.id') };

const SELECT = sql`c.id, o.office_name, a.username as agent_username, s.sitename, t.typename, t.url,
  c.click_time, c.ip, c.is_unique, c.referer, c.invalid_reason, c.user_agent`;

const PAGE_SELECT = sql`c.id, ${eventNameLookups('c')}, t.typename, t.url, c.click_time, c.ip, c.is_unique, c.referer,
  c.invalid_reason, c.user_agent`;

/** The search, from the first day whose raw clicks are kept (stats_daily still counts the days before). */
type KeptSearch = TClickLogSearch & { keptFrom: string | null };

/** The reason filter on clicks. `<> 0` is the partial index's own predicate, so a reason uses it too. */
function reasonWhere(reason: TClickLogSearch['reason']): SQL | undefined {
  if (reason === undefined) return undefined;
  if (reason === 'valid') return sql`c.invalid_reason = 0`;
  if (reason === 'invalid') return sql`c.invalid_reason <> 0`;
  return sql`c.invalid_reason <> 0 and c.invalid_reason = ${invalidReasonCode(reason)}`;
}

/** The same filter as a sum over stats_daily rows (alias r): raws less the invalid ones are the valid. */
function reasonCounter(reason: TClickLogSearch['reason']): SQL {
  const invalid = INVALID_COUNTERS.map((c) => `r.${c}`).join(' + ');
  if (reason === undefined) return sql`r.raws`;
  if (reason === 'valid') return sql.raw(`r.raws - (${invalid})`);
  if (reason === 'invalid') return sql.raw(invalid);
  return sql.raw(`r.${INVALID_COUNTERS[INVALID_REASONS.indexOf(reason)]}`);
}

function where(p: Principal, q: KeptSearch): SQL {
  return and([
    eventWhere(p, q, COLUMNS),
    q.ipAddress ? contains(sql`c.ip`, q.ipAddress) : undefined,
    reasonWhere(q.reason),
  ]);
}

export async function searchClickLogs(db: Queryable, p: Principal, search: TClickLogSearch) {
  const keptFrom = await rawClicksKeptFrom(db);
  const q = { ...search, keptFrom };
  const filter = where(p, q);
  const page = eventLogPage<ClickLogRecord>(db, CLICKS, q, filter, PAGE_SELECT);
  const [items, total] = await Promise.all([page, countClickLogs(db, p, q, filter)]);
  return { items, total, keptFrom };
}

/** The rollup counts clicks by day, office, agent, site and reason; an IP filter needs the raw rows. */
async function countClickLogs(db: Queryable, p: Principal, q: KeptSearch, filter: SQL) {
  if (!q.ipAddress) return rollupTotal(db, p, q, reasonCounter(q.reason));
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
