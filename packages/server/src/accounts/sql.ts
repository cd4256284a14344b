// Account-wide queries.
import { Role } from '@salesdesk/contract';
import { queryOne, sql, type Queryable } from '../db/client';

export async function countUnapproved(db: Queryable): Promise<number> {
  const row = await queryOne<{ count: number }>(
    db,
    sql`select count(*)::int as count from accounts where role = ${Role.Agent} and not approved`,
  );
  return row?.count ?? 0;
}
