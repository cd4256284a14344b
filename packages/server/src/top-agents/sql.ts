// Sales rankings of agents and of offices, read from stats_daily (one row per Eastern day, site, type, office, agent).
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Queryable } from '../db/client';
import { and, orderBy, pagedQuery, type SortSpec } from '../common/list';
import type { Principal } from '../http/auth';
import { col, scopedSites } from '../http/tenant';

/** Which sales a ranking counts: Eastern days (both included; none means all time) and sites (none means all). */
export interface RankingFilter {
  start?: string;
  end?: string;
  siteIds?: number[];
}

export interface RankRecord {
  /** The agent's or the office's id. */
  id: number;
  office: string | null;
  agent: string | null;
  agent_name: string | null;
  sales: number;
}

const filterOf = (f: RankingFilter): SQL =>
  and([
    f.start ? sql`sd.day >= ${f.start}::date` : undefined,
    f.end ? sql`sd.day <= ${f.end}::date` : undefined,
    f.siteIds?.length ? sql`sd.site_id = any(${sql.param(f.siteIds)}::int[])` : undefined,
  ]);

// Only places with sales: an empty period answers no rows ('No data for period'). stats_daily.sales counts
// approved sales only: held and rejected ones never; a reversed sale still counts in its own day (its
// reversal is a row of the day it arrived, which takes back the money, not the sale).
const agentTotals = (f: RankingFilter) => sql`(
  select sd.agent_id, sum(sd.sales)::int as sales from stats_daily sd
  where ${filterOf(f)} group by sd.agent_id having sum(sd.sales) > 0) r`;

const officeTotals = (f: RankingFilter) => sql`(
  select sd.office_id, sum(sd.sales)::int as sales from stats_daily sd
  where ${filterOf(f)} group by sd.office_id having sum(sd.sales) > 0) r`;

/** An agent's place shows its current office; `withOffice` false leaves the office out (non-admins). */
const agentColumns = (withOffice: boolean) => sql`r.agent_id as id,
  ${withOffice ? sql`o.office_name` : sql`null::text`} as office, a.username as agent,
  nullif(btrim(concat_ws(' ', g.first_name, g.last_name)), '') as agent_name, r.sales`;

const agentFrom = (f: RankingFilter) => sql`${agentTotals(f)}
  join agents g on g.id = r.agent_id
  join accounts a on a.id = g.account_id
  join offices o on o.id = g.office_id`;

const officeColumns = sql`r.office_id as id, o.office_name as office, null::text as agent, null::text as agent_name, r.sales`;
const officeFrom = (f: RankingFilter) => sql`${officeTotals(f)} join offices o on o.id = r.office_id`;

// Most sales first; equal sales by name, so the places never change between two reads.
const AGENT_ORDER: SortSpec<'sales'> = {
  fields: { sales: sql`r.sales` },
  default: { field: 'sales', asc: false },
  tieBreak: sql`lower(a.username), g.id`,
};
const OFFICE_ORDER: SortSpec<'sales'> = {
  fields: { sales: sql`r.sales` },
  default: { field: 'sales', asc: false },
  tieBreak: sql`lower(o.office_name), o.id`,
};

export type Grouping = 'agent' | 'company';

/** `limit` places from the `offset`-th (0: the first). */
export function topPlaces(
  db: Queryable,
  grouping: Grouping,
  f: RankingFilter,
  withOffice: boolean,
  limit: number,
  offset = 0,
) {
  const query =
    grouping === 'agent'
      ? sql`select ${agentColumns(withOffice)} from ${agentFrom(f)} order by ${orderBy(AGENT_ORDER, {})}`
      : sql`select ${officeColumns} from ${officeFrom(f)} order by ${orderBy(OFFICE_ORDER, {})}`;
  return queryRows<RankRecord>(db, sql`${query} limit ${limit} offset ${offset}`);
}

/** One page of the whole ranking and the number of places. */
export function rankingPage(
  db: Queryable,
  grouping: Grouping,
  f: RankingFilter,
  withOffice: boolean,
  page: { page: number; pageSize: number },
) {
  const byAgent = grouping === 'agent';
  return pagedQuery<RankRecord, 'sales'>(db, {
    select: byAgent ? agentColumns(withOffice) : officeColumns,
    from: byAgent ? agentFrom(f) : officeFrom(f),
    where: sql`true`,
    sort: byAgent ? AGENT_ORDER : OFFICE_ORDER,
    query: page,
  });
}

/** Every place of the ranking, `size` places a chunk (the CSV export). */
export async function* rankingChunks(
  db: Queryable,
  grouping: Grouping,
  f: RankingFilter,
  withOffice: boolean,
  size: number,
): AsyncGenerator<RankRecord[]> {
  for (let offset = 0; ; offset += size) {
    const items = await topPlaces(db, grouping, f, withOffice, size, offset);
    if (items.length) yield items;
    if (items.length < size) return;
  }
}

/** The sales of some agents or offices (`ids`) over another range: a compared ranking's page. */
export async function salesOf(
  db: Queryable,
  grouping: Grouping,
  f: RankingFilter,
  ids: number[],
): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const key = grouping === 'agent' ? sql`sd.agent_id` : sql`sd.office_id`;
  const rows = await queryRows<{ id: number; sales: number }>(
    db,
    sql`select ${key} as id, sum(sd.sales)::int as sales from stats_daily sd
        where ${filterOf(f)} and ${key} = any(${sql.param(ids)}::int[]) group by ${key}`,
  );
  return new Map(rows.map((r) => [r.id, r.sales]));
}

/** The sales the ranking counts over its range and sites, every place together. */
export async function totalSales(db: Queryable, f: RankingFilter): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select coalesce(sum(sd.sales), 0)::int as n from stats_daily sd where ${filterOf(f)}`,
  );
  return row?.n ?? 0;
}

/** How many of `siteIds` are live sites the principal has (an office: its sites; admins: every site). */
export async function countVisibleSites(db: Queryable, p: Principal, siteIds: number[]): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from sites s
        where s.id = any(${sql.param(siteIds)}::int[]) and s.deleted_at is null and ${scopedSites(p, col('s.id'))}`,
  );
  return row?.n ?? 0;
}
