// Profile queries: the caller's own account and office.
import { sql } from 'drizzle-orm';
import { queryOne, type Queryable } from '../db/client';

export interface AdminProfileRecord {
  username: string;
  email: string | null;
  show_suspend: boolean;
}

export const findAdminProfile = (db: Queryable, accountId: number) =>
  queryOne<AdminProfileRecord>(
    db,
    sql`select username, email, show_suspend from accounts where id = ${accountId}`,
  );

export interface OfficeProfileRecord {
  id: number;
  username: string;
  office_name: string;
  man_first_name: string;
  man_last_name: string;
  man_email: string | null;
  agent_notes: string | null;
  active: boolean;
}

/** The office whose own account this is (an office's profile is its office row). */
export const findOfficeProfile = (db: Queryable, accountId: number) =>
  queryOne<OfficeProfileRecord>(
    db,
    sql`select o.id, a.username, o.office_name, o.man_first_name, o.man_last_name, o.man_email,
               o.agent_notes, o.active
        from offices o join accounts a on a.id = o.account_id
        where o.account_id = ${accountId}`,
  );
