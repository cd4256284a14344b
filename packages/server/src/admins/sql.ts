// Admin queries: the paged list and one admin. Admins are accounts of role 5; no office owns them.
import { sql } from 'drizzle-orm';
import { Role, type ADMIN_SORT_FIELDS, type TAdminsQuery } from '@salesdesk/contract';
import { queryOne, type Queryable } from '../db/client';
import { pagedQuery, type SortSpec } from '../common/list';

type AdminSortField = (typeof ADMIN_SORT_FIELDS)[number];

export interface AdminRecord {
  id: number;
  username: string;
  password_secret: string;
  email: string | null;
  earning_visible: boolean;
  approve_agents: boolean;
  show_suspend: boolean;
  reg_time: Date;
}

const SORT: SortSpec<AdminSortField> = {
  fields: {
    username: sql`lower(a.username)`,
    email: sql`lower(a.email)`,
    regTime: sql`a.reg_time`,
  },
  default: { field: 'username', asc: true },
  tieBreak: sql`a.id`,
};

const COLUMNS = sql`a.id, a.username, a.password_secret, a.email, a.earning_visible, a.approve_agents,
  a.show_suspend, a.reg_time`;

const IS_ADMIN = sql`a.role = ${Role.Admin}`;

export const searchAdmins = (db: Queryable, q: TAdminsQuery) =>
  pagedQuery<AdminRecord, AdminSortField>(db, {
    select: COLUMNS,
    from: sql`accounts a`,
    where: IS_ADMIN,
    sort: SORT,
    query: q,
  });

export const findAdmin = (db: Queryable, id: number) =>
  queryOne<AdminRecord>(db, sql`select ${COLUMNS} from accounts a where a.id = ${id} and ${IS_ADMIN}`);
