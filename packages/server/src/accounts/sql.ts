// Account-wide queries: unapproved agents (count, list) and their approval.
import { Role, type TUnapprovedQuery, type UNAPPROVED_SORT_FIELDS } from '@salesdesk/contract';
import { queryOne, queryRows, sql, type Queryable } from '../db/client';
import { pagedQuery, type SortSpec } from '../common/list';
import type { Principal } from '../http/auth';
import { col, scoped } from '../http/tenant';

type UnapprovedSortField = (typeof UNAPPROVED_SORT_FIELDS)[number];

export async function countUnapproved(db: Queryable): Promise<number> {
  const row = await queryOne<{ count: number }>(
    db,
    sql`select count(*)::int as count from accounts where role = ${Role.Agent} and not approved`,
  );
  return row?.count ?? 0;
}

export interface UnapprovedRecord {
  id: number;
  account_id: number;
  username: string;
  office_id: number;
  office_name: string;
  reg_time: Date;
}

const SORT: SortSpec<UnapprovedSortField> = {
  fields: {
    username: sql`lower(a.username)`,
    // The spec's "role" column shows the office.
    role: sql`lower(o.office_name)`,
    regTime: sql`a.reg_time`,
  },
  default: { field: 'regTime', asc: false },
  tieBreak: sql`g.id`,
};

const FROM = sql`agents g
  join accounts a on a.id = g.account_id
  join offices o on o.id = g.office_id`;

const unapprovedIn = (p: Principal) =>
  sql`a.role = ${Role.Agent} and not a.approved
    and ${scoped(p, { office: col('g.office_id'), agent: col('g.id') })}`;

export const searchUnapproved = (db: Queryable, p: Principal, q: TUnapprovedQuery) =>
  pagedQuery<UnapprovedRecord, UnapprovedSortField>(db, {
    select: sql`g.id, g.account_id, a.username, g.office_id, o.office_name, a.reg_time`,
    from: FROM,
    where: unapprovedIn(p),
    sort: SORT,
    query: q,
  });

/**
 * Approves the given agents if every one is an unapproved agent in scope; answers the agent ids it
 * approved. Rows are locked by the update, so of two calls at once only the first finds them unapproved.
 */
export const approveAgents = (db: Queryable, p: Principal, agentIds: number[]) =>
  queryRows<{ id: number }>(
    db,
    sql`update accounts a set approved = true
        from agents g
        where g.account_id = a.id and g.id in (${sql.join(
          agentIds.map((id) => sql`${id}`),
          sql`, `,
        )})
          and ${unapprovedIn(p)}
        returning g.id`,
  );
