// Office queries: the list with its counts, one office, options for selectors.
import { sql } from 'drizzle-orm';
import type {
  TOfficeSortField,
  TAgentOption,
  TCompaniesAgentsMode,
  TCompanyOption,
  TOfficeSearch,
} from '@salesdesk/contract';
import { queryOne, queryRows, type Queryable } from '../db/client';
import { and, contains, criterion, pagedQuery, type SortSpec } from '../common/list';
import type { Principal } from '../http/auth';
import { col, scoped } from '../http/tenant';

export interface OfficeRecord {
  id: number;
  account_id: number;
  office_name: string;
  man_first_name: string;
  man_last_name: string;
  man_email: string | null;
  agent_notes: string | null;
  username: string;
  password_secret: string;
  preferred_domain_id: number | null;
  preferred_domain: string | null;
  agents_count: number;
  sites_count: number;
  active: boolean;
  hidden: boolean;
  reg_time: Date;
}

const SORT: SortSpec<TOfficeSortField> = {
  fields: {
    officeName: sql`lower(o.office_name)`,
    agentsCount: sql`agents_count`,
    sitesCount: sql`sites_count`,
    username: sql`lower(a.username)`,
    active: sql`o.active`,
    regTime: sql`o.reg_time`,
  },
  default: { field: 'officeName', asc: true },
  tieBreak: sql`o.id`,
};

const COLUMNS = sql`
  o.id, o.account_id, o.office_name, o.man_first_name, o.man_last_name, o.man_email, o.agent_notes,
  a.username, a.password_secret, o.preferred_domain_id, d.domain as preferred_domain,
  o.active, o.hidden, o.reg_time,
  (select count(*)::int from agents g where g.office_id = o.id) as agents_count,
  (select count(*)::int from office_sites s where s.office_id = o.id) as sites_count`;

const FROM = sql`offices o
  join accounts a on a.id = o.account_id
  left join preferred_domains d on d.id = o.preferred_domain_id`;

export function searchOffices(db: Queryable, q: TOfficeSearch) {
  const username = criterion(q.criteria, 'username');
  return pagedQuery<OfficeRecord, TOfficeSortField>(db, {
    select: COLUMNS,
    from: FROM,
    where: and([username ? contains(sql`a.username`, username) : undefined]),
    sort: SORT,
    query: q,
  });
}

export const findOffice = (db: Queryable, id: number) =>
  queryOne<OfficeRecord>(db, sql`select ${COLUMNS} from ${FROM} where o.id = ${id}`);

export async function officeSiteIds(db: Queryable, officeId: number): Promise<number[]> {
  const rows = await queryRows<{ site_id: number }>(
    db,
    sql`select site_id from office_sites where office_id = ${officeId} order by site_id`,
  );
  return rows.map((r) => r.site_id);
}

/** Offices for selectors: admins get all, everyone else only their own office. */
export const findOfficeOptions = (db: Queryable, p: Principal, onlyAvailable: boolean) =>
  queryRows<TCompanyOption>(
    db,
    sql`select o.id, o.office_name as "officeName", o.active from offices o
        where ${scoped(p, { office: col('o.id'), agent: 'office' })}
          ${onlyAvailable ? sql`and o.active and not o.hidden` : sql``}
        order by lower(o.office_name), o.id`,
  );

const AGENT_MODES: Record<TCompaniesAgentsMode, ReturnType<typeof sql>> = {
  All: sql`true`,
  Available: sql`g.active and not g.hidden and a.approved`,
  AvailablePlusSuspended: sql`not g.hidden and a.approved`,
};

/** Agents for selectors, scoped (an agent gets only itself), optionally of one office. */
export const findOfficeAgentOptions = (
  db: Queryable,
  p: Principal,
  officeId: number | undefined,
  mode: TCompaniesAgentsMode,
) =>
  queryRows<TAgentOption>(
    db,
    sql`select g.id, a.username, g.first_name as "firstName", g.last_name as "lastName",
               g.office_id as "companyId", g.active
        from agents g join accounts a on a.id = g.account_id
        where ${scoped(p, { office: col('g.office_id'), agent: col('g.id') })} and ${AGENT_MODES[mode]}
          ${officeId !== undefined ? sql`and g.office_id = ${officeId}` : sql``}
        order by lower(a.username), g.id`,
  );

/** Links the office to the given sites that exist (unknown ids are ignored), replacing its old ones. */
export async function replaceOfficeSites(db: Queryable, officeId: number, siteIds: number[]) {
  await db.execute(sql`delete from office_sites where office_id = ${officeId}`);
  const unique = [...new Set(siteIds)];
  if (!unique.length) return;
  await db.execute(sql`insert into office_sites (office_id, site_id)
    select ${officeId}, s.id from sites s where s.deleted_at is null and s.id in (${sql.join(
      unique.map((i) => sql`${i}`),
      sql`, `,
    )})`);
}

export async function domainExists(db: Queryable, id: number): Promise<boolean> {
  return !!(await queryOne(db, sql`select 1 as one from preferred_domains where id = ${id}`));
}

/** The offices of `ids` with their accounts (a select the status change locks). */
export const officesById = (ids: number[]) =>
  sql`select id, account_id from offices where id in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
