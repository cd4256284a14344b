// Site queries: the selector of every role, the admin list, one site, and the writes that need SQL.
// A deleted site (deleted_at set) is in none of them: its clicks, sales and rollups stay where they are.
import { sql } from 'drizzle-orm';
import type { TSiteOption, TSiteSearch, TSiteSortField } from '@salesdesk/contract';
import type { AppContext } from '../context';
import { queryOne, queryRows, type Queryable } from '../db/client';
import { pagedQuery, type SortSpec } from '../common/list';
import type { Principal } from '../http/auth';
import { col, scopedSites } from '../http/tenant';

/** Sites for selectors, by tenant; suspended ones only when asked for. */
export async function siteOptions(
  ctx: AppContext,
  p: Principal,
  withSuspended: boolean,
): Promise<TSiteOption[]> {
  return queryRows<TSiteOption>(
    ctx.db,
    sql`select s.id, s.sitename, s.status from sites s
        where ${scopedSites(p, col('s.id'))} and s.deleted_at is null
          ${withSuspended ? sql`` : sql`and s.status`}
        order by lower(s.sitename), s.id`,
  );
}

export interface SiteRecord {
  id: number;
  sitename: string;
  shortname: string;
  abbr: string;
  url: string;
  click_param: string;
  contact_name: string | null;
  email: string | null;
  phone_num: string | null;
  type: string;
  note: string | null;
  status: boolean;
  hidden: boolean;
  special_report: boolean;
  use_approve_sale: boolean;
  avp: boolean;
  hold_days: number;
  postback_token: string;
  type_count: number;
}

const SORT: SortSpec<TSiteSortField> = {
  fields: {
    sitename: sql`lower(s.sitename)`,
    type: sql`s.type`,
    status: sql`s.status`,
  },
  default: { field: 'sitename', asc: true },
  tieBreak: sql`s.id`,
};

const COLUMNS = sql`
  s.id, s.sitename, s.shortname, s.abbr, s.url, s.click_param, s.contact_name, s.email, s.phone_num,
  s.type, s.note, s.status, s.hidden, s.special_report, s.use_approve_sale, s.avp, s.hold_days, s.postback_token,
  (select count(*)::int from link_types t where t.site_id = s.id and t.deleted_at is null) as type_count`;

export function searchSites(db: Queryable, p: Principal, q: TSiteSearch) {
  return pagedQuery<SiteRecord, TSiteSortField>(db, {
    select: COLUMNS,
    from: sql`sites s`,
    where: sql`${scopedSites(p, col('s.id'))} and s.deleted_at is null`,
    sort: SORT,
    query: q,
  });
}

export const findSite = (db: Queryable, p: Principal, id: number) =>
  queryOne<SiteRecord>(
    db,
    sql`select ${COLUMNS} from sites s
        where s.id = ${id} and ${scopedSites(p, col('s.id'))} and s.deleted_at is null`,
  );

/** The site row locked for a change; undefined when unknown or deleted. */
export const lockSite = (db: Queryable, id: number) =>
  queryOne<{ id: number }>(db, sql`select id from sites where id = ${id} and deleted_at is null for update`);

/**
 * Serialises writes that check a name is free (two creates of one name at once): the second waits
 * for the first to commit, then sees its row. Held until the transaction ends.
 */
export const lockNames = (db: Queryable, scope: string) =>
  db.execute(sql`select pg_advisory_xact_lock(hashtext(${`salesdesk:names:${scope}`}))`);

/** True when another live site has this name (case-insensitive). */
export async function siteNameTaken(db: Queryable, sitename: string, exceptId?: number): Promise<boolean> {
  const row = await queryOne(
    db,
    sql`select 1 as one from sites
        where lower(sitename) = lower(${sitename}) and deleted_at is null
          ${exceptId === undefined ? sql`` : sql`and id <> ${exceptId}`}`,
  );
  return !!row;
}

/** Sets the status of the live sites among `ids` (activating sets, suspending unsets approve-sale). */
export async function setSitesStatus(db: Queryable, ids: number[], status: boolean): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update sites set status = ${status}, use_approve_sale = ${status}
        where id = any(${sql.param(ids)}::int[]) and deleted_at is null
        returning id`,
  );
  return rows.length;
}

/** The live sites among `ids`, locked for the change. */
export async function lockLiveSites(db: Queryable, ids: number[]): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from sites where id = any(${sql.param(ids)}::int[]) and deleted_at is null
        order by id for update`,
  );
  return rows.map((r) => r.id);
}

/**
 * Soft delete: the site and its link types get deleted_at; what only configured the site (office and
 * agent switches, custom rates, the manual) goes. Clicks, sales and stats_daily are not touched.
 */
export async function softDeleteSite(db: Queryable, id: number) {
  // status false too, so a query that forgets deleted_at still never clicks a deleted row.
  await db.execute(sql`update link_types set deleted_at = now(), status = false
    where site_id = ${id} and deleted_at is null`);
  await db.execute(sql`update sites set deleted_at = now(), status = false where id = ${id}`);
  await db.execute(
    sql`delete from office_fees where type_id in (select id from link_types where site_id = ${id})`,
  );
  await db.execute(sql`delete from office_sites where site_id = ${id}`);
  await db.execute(sql`delete from agent_sites where site_id = ${id}`);
  await db.execute(sql`delete from site_manuals where site_id = ${id}`);
}

/** Gives the site to every office that does not have it yet. */
export const addSiteToAllOffices = (db: Queryable, siteId: number) =>
  db.execute(sql`insert into office_sites (office_id, site_id)
    select o.id, ${siteId} from offices o
    on conflict (office_id, site_id) do nothing`);
