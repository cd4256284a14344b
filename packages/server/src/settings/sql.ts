// Settings queries: the black list page and its writes, and the option rows.
import { eq, inArray, sql } from 'drizzle-orm';
import type { TBlackListIp, TBlackListSearch, TBlackListSortField } from '@salesdesk/contract';
import type { Queryable } from '../db/client';
import { blackListIps, options } from '../db/schema';
import { and, contains, criterion, pagedQuery, type SortSpec } from '../common/list';

const SORT: SortSpec<TBlackListSortField> = {
  fields: { id: sql`b.id`, ip: sql`b.ip` },
  default: { field: 'id', asc: true },
  tieBreak: sql`b.id`,
};

/** The black list is global (no tenant): only admins and above reach it. */
export function searchBlackList(db: Queryable, q: TBlackListSearch) {
  const ip = criterion(q.criteria, 'ip');
  return pagedQuery<TBlackListIp, TBlackListSortField>(db, {
    select: sql`b.id, b.ip`,
    from: sql`black_list_ips b`,
    where: and([ip ? contains(sql`b.ip`, ip) : undefined]),
    sort: SORT,
    query: q,
  });
}

/** Adds the addresses in one statement; one already listed (or added at the same time) is skipped. */
export async function insertIps(db: Queryable, ips: string[]): Promise<number> {
  if (!ips.length) return 0;
  const rows = await db
    .insert(blackListIps)
    .values(ips.map((ip) => ({ ip })))
    .onConflictDoNothing({ target: blackListIps.ip })
    .returning({ id: blackListIps.id });
  return rows.length;
}

export async function deleteIpsByValue(db: Queryable, ips: string[]): Promise<number> {
  if (!ips.length) return 0;
  const rows = await db
    .delete(blackListIps)
    .where(inArray(blackListIps.ip, ips))
    .returning({ id: blackListIps.id });
  return rows.length;
}

export async function deleteIpById(db: Queryable, id: number): Promise<boolean> {
  const rows = await db
    .delete(blackListIps)
    .where(eq(blackListIps.id, id))
    .returning({ id: blackListIps.id });
  return rows.length > 0;
}

export async function saveOptions(db: Queryable, list: { name: string; value: string }[]) {
  for (const o of list) {
    await db
      .insert(options)
      .values(o)
      .onConflictDoUpdate({ target: options.name, set: { value: o.value } });
  }
}
