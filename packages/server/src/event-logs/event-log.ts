// What the click and sale logs share beyond their filters: the names of an event's office, agent and
// site, the order, and the page read as ids first. Each log gives its table, alias and time column.
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Queryable } from '../db/client';
import type { Col } from '../http/tenant';

export interface EventTable {
  /** `clicks c`, `sales l`: the table with the alias its columns are written with. */
  from: SQL;
  alias: 'c' | 'l';
  time: Col;
  id: Col;
  /** What a page's rows are joined to for their names: the link type (as t) unless said otherwise. */
  pageJoins?: SQL;
}

// Left joins: an event stays in its log (and in the rollup's total) whatever happens to its names.
// The export walks thousands of rows per statement, where joins beat a lookup per row.
export const eventNameJoins = (alias: EventTable['alias']) =>
  sql.raw(`left join offices o on o.id = ${alias}.office_id
  left join agents g on g.id = ${alias}.agent_id
  left join accounts a on a.id = g.account_id
  left join sites s on s.id = ${alias}.site_id
  left join link_types t on t.id = ${alias}.type_id`);

// A page has 50 rows: a lookup per row plans in a tenth of the time of the five-table join.
export const eventNameLookups = (alias: EventTable['alias']) =>
  sql.raw(`(select office_name from offices where id = ${alias}.office_id) as office_name,
  (select a.username from agents g join accounts a on a.id = g.account_id where g.id = ${alias}.agent_id) as agent_username,
  (select sitename from sites where id = ${alias}.site_id) as sitename`);

/** As every list: a sort field without a direction sorts ascending; the default is newest first. */
export const newestFirst = (q: { sortField?: string; sortAsc?: boolean }) =>
  !(q.sortField ? (q.sortAsc ?? true) : false);

/**
 * One page of the log: its ids come from a (filter, time, id) index alone, however deep the page; only
 * its rows are then read and named by `select` (with `table.pageJoins`: link_types as t by default),
 * each by id and time (clicks are partitioned by month: the time finds a row's partition).
 */
export function eventLogPage<R>(
  db: Queryable,
  table: EventTable,
  q: { page: number; pageSize: number; sortField?: string; sortAsc?: boolean },
  filter: SQL,
  select: SQL,
): Promise<R[]> {
  const dir = newestFirst(q) ? sql`desc` : sql`asc`;
  const e = sql.raw(table.alias);
  const joins = table.pageJoins ?? sql`left join link_types t on t.id = ${e}.type_id`;
  return queryRows<R>(
    db,
    sql`with page as (
          select ${table.id} as id, ${table.time} as time from ${table.from} where ${filter}
          order by ${table.time} ${dir}, ${table.id} ${dir}
          limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}
        )
        select ${select}
        from page p join ${table.from} on ${e}.id = p.id and ${table.time} = p.time ${joins}
        order by p.time ${dir}, p.id ${dir}`,
  );
}
