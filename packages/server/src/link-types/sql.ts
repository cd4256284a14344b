// Link type queries: a site's live types (sorted), one type, the name check and the soft delete.
import { sql } from 'drizzle-orm';
import type { TLinkTypeSortField, TLinkTypesQuery } from '@salesdesk/contract';
import { queryOne, queryRows, type Queryable } from '../db/client';
import { orderBy, type SortSpec } from '../common/list';
import type { Principal } from '../http/auth';
import { col, scopedSites } from '../http/tenant';

export interface LinkTypeRecord {
  id: number;
  site_id: number;
  typename: string;
  typealias: string;
  bbr_ch: number | null;
  username: string;
  url: string;
  payout: string;
  earning: string;
  lpp: number;
  bonus: boolean;
  bonus_payout: string;
  bonus_earning: string;
  bonus_lpp: number;
  status: boolean;
}

const SORT: SortSpec<TLinkTypeSortField> = {
  fields: {
    typename: sql`lower(t.typename)`,
    typealias: sql`lower(t.typealias)`,
    url: sql`t.url`,
    payout: sql`t.payout`,
    earning: sql`t.earning`,
    lpp: sql`t.lpp`,
    status: sql`t.status`,
    bbrCh: sql`t.bbr_ch`,
  },
  default: { field: 'typename', asc: true },
  tieBreak: sql`t.id`,
};

// Money as text: numeric never passes through a float.
const COLUMNS = sql`t.id, t.site_id, t.typename, t.typealias, t.bbr_ch, t.username, t.url,
  t.payout::text as payout, t.earning::text as earning, t.lpp, t.bonus,
  t.bonus_payout::text as bonus_payout, t.bonus_earning::text as bonus_earning, t.bonus_lpp, t.status`;

/** The live link types of a live site the principal may see. */
const LIVE = (p: Principal) =>
  sql`t.deleted_at is null and s.deleted_at is null and ${scopedSites(p, col('s.id'))}`;

export const findTypesOfSite = (db: Queryable, p: Principal, siteId: number, q: TLinkTypesQuery) =>
  queryRows<LinkTypeRecord>(
    db,
    sql`select ${COLUMNS} from link_types t join sites s on s.id = t.site_id
        where t.site_id = ${siteId} and ${LIVE(p)}
        order by ${orderBy(SORT, q)}`,
  );

export const findLinkType = (db: Queryable, p: Principal, id: number) =>
  queryOne<LinkTypeRecord>(
    db,
    sql`select ${COLUMNS} from link_types t join sites s on s.id = t.site_id
        where t.id = ${id} and ${LIVE(p)}`,
  );

/** The live site of a type change, locked so a site delete cannot pass the write in between. */
export const lockLiveSite = (db: Queryable, siteId: number) =>
  queryOne<{ id: number }>(
    db,
    sql`select id from sites where id = ${siteId} and deleted_at is null for update`,
  );

/** True when the site is live and the principal may see it. */
export async function siteVisible(db: Queryable, p: Principal, siteId: number): Promise<boolean> {
  const row = await queryOne(
    db,
    sql`select 1 as one from sites s
        where s.id = ${siteId} and s.deleted_at is null and ${scopedSites(p, col('s.id'))}`,
  );
  return !!row;
}

/** The site of a live type (a type never moves to another site); undefined when unknown or deleted. */
export const typeSiteId = (db: Queryable, id: number) =>
  queryOne<{ site_id: number }>(
    db,
    sql`select site_id from link_types where id = ${id} and deleted_at is null`,
  );

/** Locks a live type row; undefined when it is unknown or was deleted meanwhile. */
export const lockLinkType = (db: Queryable, id: number) =>
  queryOne<{ id: number }>(
    db,
    sql`select id from link_types where id = ${id} and deleted_at is null for update`,
  );

/** True when another live type of the site has this name (case-insensitive). */
export async function typeNameTaken(db: Queryable, siteId: number, typename: string, exceptId?: number) {
  const row = await queryOne(
    db,
    sql`select 1 as one from link_types
        where site_id = ${siteId} and lower(typename) = lower(${typename}) and deleted_at is null
          ${exceptId === undefined ? sql`` : sql`and id <> ${exceptId}`}`,
  );
  return !!row;
}

/** Soft delete: the type leaves every list and link; its clicks, sales and rollups stay. */
export async function softDeleteLinkType(db: Queryable, id: number) {
  await db.execute(sql`update link_types set deleted_at = now(), status = false where id = ${id}`);
  await db.execute(sql`delete from office_fees where type_id = ${id}`);
}
