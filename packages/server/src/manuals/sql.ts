// Site manual queries: the list and one manual as the caller may see them, the sites without a
// manual, and the writes. A deleted site's manual is gone with it (the row stays, unseen).
import { sql, type SQL } from 'drizzle-orm';
import {
  Role,
  type TManualSiteOption,
  type TSiteManual,
  type TSiteManualRow,
  type TSiteManualSortField,
  type TSiteManualsQuery,
} from '@salesdesk/contract';
import { queryOne, queryRows, type Queryable } from '../db/client';
import { pagedQuery, type SortSpec } from '../common/list';
import type { Principal } from '../http/auth';
import { col, scopedSites } from '../http/tenant';

const SORT: SortSpec<TSiteManualSortField> = {
  fields: { sitename: sql`lower(s.sitename)`, title: sql`lower(m.title)` },
  default: { field: 'sitename', asc: true },
  tieBreak: sql`m.id`,
};

const FROM = sql`site_manuals m join sites s on s.id = m.site_id`;
const ROW = sql`m.id, m.site_id as "siteId", s.sitename, m.title`;

/**
 * The superadmin manages the manuals of every site that is not deleted; everyone else reads those of
 * the active sites they have (an office its sites, an agent its enabled ones, an admin all).
 */
function visible(p: Principal): SQL {
  const live = sql`s.deleted_at is null`;
  if (p.role === Role.Superadmin) return live;
  return sql`${live} and s.status and ${scopedSites(p, col('s.id'))}`;
}

export const searchManuals = (db: Queryable, p: Principal, q: TSiteManualsQuery) =>
  pagedQuery<TSiteManualRow, TSiteManualSortField>(db, {
    select: ROW,
    from: FROM,
    where: visible(p),
    sort: SORT,
    query: q,
  });

export const findManual = (db: Queryable, p: Principal, id: number) =>
  queryOne<TSiteManual>(db, sql`select ${ROW}, m.html from ${FROM} where m.id = ${id} and ${visible(p)}`);

/** Sites that are not deleted and have no manual yet, for the create form. */
export const findSitesWithoutManual = (db: Queryable) =>
  queryRows<TManualSiteOption>(
    db,
    sql`select s.id, s.sitename from sites s
        where s.deleted_at is null and not exists (select 1 from site_manuals m where m.site_id = s.id)
        order by lower(s.sitename), s.id`,
  );

/**
 * Adds the manual of a live site in one statement; undefined when the site is unknown, deleted or
 * already has one (so of two creates at once, the second finds the first's row at the unique key).
 */
export async function insertManual(
  db: Queryable,
  v: { siteId: number; title: string; html: string },
): Promise<number | undefined> {
  const row = await queryOne<{ id: number }>(
    db,
    sql`insert into site_manuals (site_id, title, html)
        select s.id, ${v.title}, ${v.html} from sites s where s.id = ${v.siteId} and s.deleted_at is null
        on conflict (site_id) do nothing
        returning id`,
  );
  return row?.id;
}

/** Changes title and html of a live site's manual; false when there is none. */
export async function updateManual(
  db: Queryable,
  id: number,
  v: { title: string; html: string },
): Promise<boolean> {
  const row = await queryOne<{ id: number }>(
    db,
    sql`update site_manuals m set title = ${v.title}, html = ${v.html}
        from sites s where s.id = m.site_id and m.id = ${id} and s.deleted_at is null
        returning m.id`,
  );
  return !!row;
}

/** Removes a live site's manual; false when there is none. */
export async function deleteManual(db: Queryable, id: number): Promise<boolean> {
  const row = await queryOne<{ id: number }>(
    db,
    sql`delete from site_manuals m using sites s
        where s.id = m.site_id and m.id = ${id} and s.deleted_at is null
        returning m.id`,
  );
  return !!row;
}
