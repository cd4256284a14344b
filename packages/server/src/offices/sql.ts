// Office queries: the list with its counts, one office, options for selectors.
import { sql, type SQL } from 'drizzle-orm';
import type { TOfficeSearch } from '@salesdesk/contract';
import { queryOne, queryRows, type Queryable } from '../db/client';
import { and, containsPattern, criterion, limitOffset, orderBy } from '../common/list';

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

const SORTABLE: Record<string, SQL> = {
  officeName: sql`lower(o.office_name)`,
  agentsCount: sql`agents_count`,
  sitesCount: sql`sites_count`,
  username: sql`lower(a.username)`,
  active: sql`o.active`,
  regTime: sql`o.reg_time`,
};

const SELECT = sql`
  select o.id, o.account_id, o.office_name, o.man_first_name, o.man_last_name, o.man_email, o.agent_notes,
         a.username, a.password_secret, o.preferred_domain_id, d.domain as preferred_domain,
         o.active, o.hidden, o.reg_time,
         (select count(*)::int from agents g where g.office_id = o.id) as agents_count,
         (select count(*)::int from office_sites s where s.office_id = o.id) as sites_count
  from offices o
  join accounts a on a.id = o.account_id
  left join preferred_domains d on d.id = o.preferred_domain_id`;

function searchWhere(q: TOfficeSearch): SQL {
  const username = criterion(q.criteria, 'username');
  return and([username ? sql`lower(a.username) like lower(${containsPattern(username)})` : undefined]);
}

export async function searchOffices(db: Queryable, q: TOfficeSearch) {
  const where = searchWhere(q);
  const order = orderBy(SORTABLE, q, { field: 'officeName', asc: true }, sql`o.id`);
  const items = await queryRows<OfficeRecord>(
    db,
    sql`${SELECT} where ${where} order by ${order} ${limitOffset(q)}`,
  );
  const count = await queryOne<{ total: number }>(
    db,
    sql`select count(*)::int as total from offices o join accounts a on a.id = o.account_id where ${where}`,
  );
  return { items, total: count?.total ?? 0 };
}

export const findOffice = (db: Queryable, id: number) =>
  queryOne<OfficeRecord>(db, sql`${SELECT} where o.id = ${id}`);

export async function officeSiteIds(db: Queryable, officeId: number): Promise<number[]> {
  const rows = await queryRows<{ site_id: number }>(
    db,
    sql`select site_id from office_sites where office_id = ${officeId} order by site_id`,
  );
  return rows.map((r) => r.site_id);
}
