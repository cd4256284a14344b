import { sql } from 'drizzle-orm';
import type { TSiteOption } from '@salesdesk/contract';
import type { AppContext } from '../context';
import { queryRows } from '../db/client';
import type { Principal } from '../http/auth';
import { scopeOf } from '../http/tenant';

/** Sites for selectors, by tenant; suspended ones only when asked for. */
export async function siteOptions(
  ctx: AppContext,
  p: Principal,
  withSuspended: boolean,
): Promise<TSiteOption[]> {
  const s = scopeOf(p);
  const scope =
    s.kind === 'all'
      ? sql`true`
      : s.kind === 'office'
        ? sql`s.id in (select site_id from office_sites where office_id = ${s.officeId})`
        : sql`s.id in (select site_id from agent_sites where agent_id = ${s.agentId} and enable)`;
  return queryRows<TSiteOption>(
    ctx.db,
    sql`select s.id, s.sitename, s.status from sites s
        where ${scope} ${withSuspended ? sql`` : sql`and s.status`}
        order by lower(s.sitename), s.id`,
  );
}
