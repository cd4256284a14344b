// Site queries: the selector of every role.
import { sql } from 'drizzle-orm';
import type { TSiteOption } from '@salesdesk/contract';
import type { AppContext } from '../context';
import { queryRows } from '../db/client';
import type { Principal } from '../http/auth';
import { col, scopedSites } from '../http/tenant';

/** Sites for selectors, by tenant; suspended ones only when asked for. */
export async function siteOptions(
  ctx: AppContext,
  p: Principal,
  withSuspended: boolean,
): Promise<TSiteOption[]> {
  return queryRows<TSiteOption>(
    ctx.db,
    sql`select s.id, s.sitename, s.status from sites s
        where ${scopedSites(p, col('s.id'))} ${withSuspended ? sql`` : sql`and s.status`}
        order by lower(s.sitename), s.id`,
  );
}
