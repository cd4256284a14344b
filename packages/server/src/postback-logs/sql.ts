// Postback log queries. The log is two sources: an accepted postback is its own sale, bonus or reversal
// row in `sales` (postback_ip set), and `postback_logs` holds the rest (repeats, refusals, and the accepted
// reversal of a held sale, which has no row of its own). A page, its total and the CSV's chunks read both,
// each source in the list's order from its own indexes, limited, and merge them.
import { sql, type SQL } from 'drizzle-orm';
import { addDays, easternDayStart, type TPostbackLogSearch } from '@salesdesk/contract';
import { queryOne, queryRows, type Queryable } from '../db/client';
import { and } from '../common/list';
import { CSV_CHUNK_ROWS } from '../common/csv-rows';
import { newestFirst } from '../event-logs/event-log';

export interface PostbackLogRecord {
  /** Unique across both sources (sales ids even, postback_logs ids odd): the order's tie-breaker. */
  ord: string;
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
  detail: string | null;
}

/** Where the list continues from: the last row's time (as text: microseconds) and ord. */
interface Keyset {
  time: string;
  ord: string;
}

interface Arm {
  /** FROM (with any join) and WHERE of the rows, the source's table as `l`. */
  from: SQL;
  where: SQL;
  /** The source's time column and id, in its indexes' order. */
  time: SQL;
  id: SQL;
  /** 0 for sales, 1 for postback_logs: ord = id * 2 + source. */
  source: 0 | 1;
  select: SQL;
  /** How its rows are counted, when a cheaper way than counting them one by one exists. */
  count?: SQL;
}

const SALE_EVENT = sql`case l.event_type when 0 then 'sale' when 1 then 'bonus' when 3 then 'refund'
  when 4 then 'chargeback' end`;
// A refund's or chargeback's postback names no click: its entry shows none, as a logged one would.
const ACCEPTED_SELECT = sql`l.date as time, l.site_id, l.postback_ip as ip, ${SALE_EVENT} as event, l.tx_id,
  case when l.event_type in (0, 1) then l.click_id end as click_id, 'ACCEPTED' as result, l.id as sale_id,
  1 as count, null::text as detail`;
const LOGGED_SELECT = sql`l.time, l.site_id, l.ip, l.event::text, l.tx_id, l.click_id, l.result::text,
  l.sale_id, l.count, l.detail::text`;

const range = (time: SQL, q: TPostbackLogSearch) =>
  q.start !== undefined &&
  q.end !== undefined &&
  sql`${time} >= ${easternDayStart(q.start).toISOString()}::timestamptz
      and ${time} < ${easternDayStart(addDays(q.end, 1)).toISOString()}::timestamptz`;

/**
 * The accepted postbacks in `sales`. A txId is found through each site's (site_id, tx_id) index (there
 * are few sites; the index has no tx_id of its own) and a reversal through the sale it reverses.
 */
function acceptedArms(q: TPostbackLogSearch): Arm[] {
  const base = (extra: SQL | false | undefined) =>
    and([
      sql`l.postback_ip is not null`,
      q.siteId !== undefined && sql`l.site_id = ${q.siteId}`,
      range(sql`l.date`, q),
      q.clickId !== undefined && sql`l.click_id = ${q.clickId} and l.event_type in (0, 1)`,
      extra,
    ]);
  const arm = (from: SQL, where: SQL): Arm => ({
    from,
    where,
    time: sql`l.date`,
    id: sql`l.id`,
    source: 0,
    select: ACCEPTED_SELECT,
  });
  if (!q.txId && q.clickId === undefined) {
    // Nearly every sale is a postback's: counting all from the (site, date) index and taking away the
    // others, from their small partial index, reads no table row.
    const scope = and([q.siteId !== undefined && sql`l.site_id = ${q.siteId}`, range(sql`l.date`, q)]);
    const count = sql`(select count(*) from sales l where ${scope})
      - (select count(*) from sales l where l.postback_ip is null and ${scope})`;
    return [{ ...arm(sql`sales l`, base(undefined)), count }];
  }
  if (!q.txId) return [arm(sql`sales l`, base(undefined))];
  const sold = sql`sites x join sales l on l.site_id = x.id`;
  const sales = arm(sold, base(sql`l.tx_id = ${q.txId} and l.event_type in (0, 1)`));
  if (q.clickId !== undefined) return [sales];
  const reversed = sql`l.event_type in (3, 4) and l.reverses_id in (
    select s.id from sites x join sales s on s.site_id = x.id where s.tx_id = ${q.txId} and s.event_type in (0, 1))`;
  return [sales, arm(sql`sales l`, base(reversed))];
}

/** Repeats, refusals and the accepted reversals of held sales, in `postback_logs`. */
function loggedArm(q: TPostbackLogSearch): Arm {
  return {
    from: sql`postback_logs l`,
    where: and([
      q.siteId !== undefined && sql`l.site_id = ${q.siteId}`,
      q.result !== undefined && sql`l.result = ${q.result}`,
      range(sql`l.time`, q),
      q.txId ? sql`l.tx_id = ${q.txId}` : undefined,
      q.clickId !== undefined && sql`l.click_id = ${q.clickId}`,
    ]),
    time: sql`l.time`,
    id: sql`l.id`,
    source: 1,
    select: LOGGED_SELECT,
  };
}

function armsOf(q: TPostbackLogSearch): Arm[] {
  const accepted = q.result === undefined || q.result === 'ACCEPTED' ? acceptedArms(q) : [];
  return [...accepted, loggedArm(q)];
}

const ordOf = (a: Arm) => sql`${a.id} * 2 + ${sql.raw(String(a.source))}`;

/** (time, ord) past `last` in the list's direction, written so the source's time index bounds the scan. */
function after(a: Arm, desc: boolean, last: Keyset): SQL {
  const t = sql`${last.time}::timestamptz`;
  const ord = sql`${last.ord}::bigint`;
  return desc
    ? sql`${a.time} <= ${t} and (${a.time} < ${t} or ${ordOf(a)} < ${ord})`
    : sql`${a.time} >= ${t} and (${a.time} > ${t} or ${ordOf(a)} > ${ord})`;
}

/** The first `limit` rows after `offset` (or after `last`), merged from every source in the list's order. */
function merged(q: TPostbackLogSearch, limit: number, offset: number, last?: Keyset): SQL {
  const desc = newestFirst(q);
  const dir = desc ? sql`desc` : sql`asc`;
  const arms = armsOf(q).map(
    (a) =>
      sql`(select ${ordOf(a)} as ord, ${a.select} from ${a.from}
           where ${a.where} and ${last ? after(a, desc, last) : sql`true`}
           order by ${a.time} ${dir}, ${a.id} ${dir}
           limit ${limit + offset})`,
  );
  return sql`select u.*, s.sitename, u.time::text as keyset_time
    from (select * from (${sql.join(arms, sql` union all `)}) m
          order by m.time ${dir}, m.ord ${dir} limit ${limit} offset ${offset}) u
    left join sites s on s.id = u.site_id
    order by u.time ${dir}, u.ord ${dir}`;
}

type KeyedRecord = PostbackLogRecord & { keyset_time: string };

export async function searchPostbackLogs(db: Queryable, q: TPostbackLogSearch) {
  const counts = armsOf(q).map((a) => a.count ?? sql`(select count(*) from ${a.from} where ${a.where})`);
  const [items, total] = await Promise.all([
    queryRows<KeyedRecord>(db, merged(q, q.pageSize, (q.page - 1) * q.pageSize)),
    queryOne<{ total: number }>(db, sql`select (${sql.join(counts, sql` + `)})::int as total`),
  ]);
  return { items, total: total?.total ?? 0 };
}

/** Every matching row, in the list's order, in chunks (each after the last row of the one before). */
export async function* postbackLogChunks(
  db: Queryable,
  q: TPostbackLogSearch,
  chunkRows = CSV_CHUNK_ROWS,
): AsyncGenerator<PostbackLogRecord[]> {
  let last: Keyset | undefined;
  for (;;) {
    const rows = await queryRows<KeyedRecord>(db, merged(q, chunkRows, 0, last));
    if (rows.length) yield rows;
    if (rows.length < chunkRows) return;
    const end = rows[rows.length - 1];
    last = { time: end.keyset_time, ord: String(end.ord) };
  }
}
