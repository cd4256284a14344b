// Preferred-domain queries: selectors, the list with the offices using each domain, and the writes.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type {
  TDomainSortField,
  TPreferredDomain,
  TPreferredDomainCompanyOption,
  TPreferredDomainOption,
  TPreferredDomainSave,
} from '@salesdesk/contract';
import { queryOne, queryRows, type Queryable } from '../db/client';
import { preferredDomains } from '../db/schema';
import { pagedQuery, type SortSpec } from '../common/list';

export const domainOptions = (db: Queryable): Promise<TPreferredDomainOption[]> =>
  db
    .select({ id: preferredDomains.id, domain: preferredDomains.domain, hidden: preferredDomains.hidden })
    .from(preferredDomains)
    .orderBy(asc(preferredDomains.id));

/** One row per domain and office using it; a domain no office uses has one row with no name. */
export const domainOfficeOptions = (db: Queryable) =>
  queryRows<TPreferredDomainCompanyOption>(
    db,
    sql`select d.id, d.domain, d.hidden, o.office_name as "companyName"
        from preferred_domains d left join offices o on o.preferred_domain_id = d.id
        order by d.id, lower(o.office_name), o.id`,
  );

const COLUMNS = sql`d.id, d.domain, coalesce(d.description, '') as description, d.hidden,
  coalesce((select array_agg(o.office_name order by lower(o.office_name), o.id)
            from offices o where o.preferred_domain_id = d.id), '{}') as companies`;

const SORT: SortSpec<TDomainSortField> = {
  fields: { id: sql`d.id`, domain: sql`lower(d.domain)` },
  default: { field: 'id', asc: true },
  tieBreak: sql`d.id`,
};

export const searchDomains = (
  db: Queryable,
  query: { page: number; pageSize: number; sortField?: TDomainSortField; sortAsc?: boolean },
) =>
  pagedQuery<TPreferredDomain, TDomainSortField>(db, {
    select: COLUMNS,
    from: sql`preferred_domains d`,
    where: sql`true`,
    sort: SORT,
    query,
  });

export const findDomain = (db: Queryable, id: number) =>
  queryOne<TPreferredDomain>(db, sql`select ${COLUMNS} from preferred_domains d where d.id = ${id}`);

/**
 * Serialises domain writes until the transaction ends, so two writes cannot both pass the
 * duplicate check or both hide one of the last two active domains.
 */
export const lockDomains = (db: Queryable) =>
  db.execute(sql`lock table preferred_domains in share row exclusive mode`);

export const domainTaken = async (db: Queryable, domain: string, exceptId?: number) =>
  !!(await queryOne(
    db,
    sql`select 1 as one from preferred_domains
        where lower(domain) = lower(${domain}) ${exceptId === undefined ? sql`` : sql`and id <> ${exceptId}`}`,
  ));

/** Of `ids`, those that exist and how many of them are active now. */
export const domainsState = (db: Queryable, ids: number[]) =>
  queryRows<{ id: number; hidden: boolean }>(
    db,
    sql`select id, hidden from preferred_domains where id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );

/** Active domains outside `ids`. */
export async function activeDomainsBesides(db: Queryable, ids: number[]): Promise<number> {
  const row = await queryOne<{ n: number }>(
    db,
    sql`select count(*)::int as n from preferred_domains where not hidden and id not in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
  return row?.n ?? 0;
}

export async function insertDomain(db: Queryable, v: TPreferredDomainSave): Promise<number> {
  const [row] = await db
    .insert(preferredDomains)
    .values({ domain: v.domain, description: v.description || null, hidden: v.hidden })
    .returning({ id: preferredDomains.id });
  return row.id;
}

export async function updateDomain(db: Queryable, id: number, v: TPreferredDomainSave): Promise<boolean> {
  const rows = await db
    .update(preferredDomains)
    .set({ domain: v.domain, description: v.description || null, hidden: v.hidden })
    .where(eq(preferredDomains.id, id))
    .returning({ id: preferredDomains.id });
  return rows.length > 0;
}

export const setDomainsHidden = (db: Queryable, ids: number[], hidden: boolean) =>
  db.update(preferredDomains).set({ hidden }).where(inArray(preferredDomains.id, ids));
