// Custom office rates: every office's row for one link type, and the upsert of one row.
import { sql } from 'drizzle-orm';
import type { TCompanyFeeSave, TCompanyFeeSortField } from '@salesdesk/contract';
import { queryOne, type Queryable } from '../db/client';
import { pagedQuery, type SortSpec } from '../common/list';

export interface FeeRecord {
  type_id: number;
  office_id: number;
  office_name: string;
  enable: boolean;
  payout: string;
  earning: string;
  lpp: number;
  bonus_payout: string;
  bonus_earning: string;
  bonus_lpp: number;
  d_payout: string;
  d_earning: string;
  d_lpp: number;
  d_bonus_payout: string;
  d_bonus_earning: string;
  d_bonus_lpp: number;
}

/** A link type that is not deleted, nor is its site. */
export const findLiveType = (db: Queryable, typeId: number) =>
  queryOne<{ id: number; site_id: number }>(
    db,
    sql`select t.id, t.site_id from link_types t join sites s on s.id = t.site_id
        where t.id = ${typeId} and t.deleted_at is null and s.deleted_at is null`,
  );

export const officeExists = async (db: Queryable, officeId: number) =>
  !!(await queryOne(db, sql`select 1 as one from offices where id = ${officeId}`));

const SORT: SortSpec<TCompanyFeeSortField> = {
  fields: { officeName: sql`lower(o.office_name)` },
  default: { field: 'officeName', asc: true },
  tieBreak: sql`o.id`,
};

// An office without a row shows the type's defaults as its custom rates, with Custom off.
const COLUMNS = sql`
  t.id as type_id, o.id as office_id, o.office_name, coalesce(f.enable, false) as enable,
  coalesce(f.payout, t.payout)::text as payout, coalesce(f.earning, t.earning)::text as earning,
  coalesce(f.lpp, t.lpp) as lpp, coalesce(f.bonus_payout, t.bonus_payout)::text as bonus_payout,
  coalesce(f.bonus_earning, t.bonus_earning)::text as bonus_earning, coalesce(f.bonus_lpp, t.bonus_lpp) as bonus_lpp,
  t.payout::text as d_payout, t.earning::text as d_earning, t.lpp as d_lpp,
  t.bonus_payout::text as d_bonus_payout, t.bonus_earning::text as d_bonus_earning, t.bonus_lpp as d_bonus_lpp`;

const from = (typeId: number) => sql`offices o
  join link_types t on t.id = ${typeId}
  left join office_fees f on f.type_id = t.id and f.office_id = o.id`;

/** Every office's row for the type, one page, by office name. */
export const searchFees = (
  db: Queryable,
  typeId: number,
  query: { page: number; pageSize: number; sortField?: TCompanyFeeSortField; sortAsc?: boolean },
) =>
  pagedQuery<FeeRecord, TCompanyFeeSortField>(db, {
    select: COLUMNS,
    from: from(typeId),
    where: sql`true`,
    sort: SORT,
    query,
  });

export const findFee = (db: Queryable, typeId: number, officeId: number) =>
  queryOne<FeeRecord>(db, sql`select ${COLUMNS} from ${from(typeId)} where o.id = ${officeId}`);

/**
 * Creates or replaces the office's row for the type in one statement, only while the type, its site
 * and the office exist (so a type deleted meanwhile is not given a rate); false when nothing was written.
 */
export async function upsertFee(db: Queryable, v: TCompanyFeeSave): Promise<boolean> {
  const row = await queryOne<{ type_id: number }>(
    db,
    sql`insert into office_fees (type_id, office_id, enable, payout, earning, lpp, bonus_payout, bonus_earning, bonus_lpp)
        select t.id, o.id, ${v.enable}, ${v.payout}::numeric, ${v.earning}::numeric, ${v.lpp},
               ${v.bonusPayout}::numeric, ${v.bonusEarning}::numeric, ${v.bonusLpp}
        from link_types t join sites s on s.id = t.site_id, offices o
        where t.id = ${v.typeId} and t.deleted_at is null and s.deleted_at is null and o.id = ${v.companyId}
        on conflict (type_id, office_id) do update set
          enable = excluded.enable, payout = excluded.payout, earning = excluded.earning, lpp = excluded.lpp,
          bonus_payout = excluded.bonus_payout, bonus_earning = excluded.bonus_earning, bonus_lpp = excluded.bonus_lpp
        returning type_id`,
  );
  return !!row;
}
