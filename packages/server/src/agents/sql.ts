// Agent queries: the list with its counts, one agent, its sites, status writes and the delete cascade.
import { sql } from 'drizzle-orm';
import type { AGENT_SORT_FIELDS, TAgentSearch } from '@salesdesk/contract';
import { queryOne, queryRows, type Queryable } from '../db/client';
import { and, contains, criterion, pagedQuery, type SortSpec } from '../common/list';
import type { Principal } from '../http/auth';
import { col, scoped, scopedFilter } from '../http/tenant';

type AgentSortField = (typeof AGENT_SORT_FIELDS)[number];

export interface AgentRecord {
  id: number;
  account_id: number;
  office_id: number;
  office_name: string;
  first_name: string;
  last_name: string;
  email: string | null;
  must_read: string | null;
  username: string;
  password_secret: string;
  active: boolean;
  hidden: boolean;
  login_blocked: boolean;
  approved: boolean;
  reg_time: Date | string;
  last_login_time: Date | string | null;
  login_count: number;
  sites_count: number;
}

const SORT: SortSpec<AgentSortField> = {
  fields: {
    username: sql`lower(a.username)`,
    officeName: sql`lower(o.office_name)`,
    regTime: sql`g.reg_time`,
    lastLoginTime: sql`a.last_login_time`,
    loginCount: sql`a.login_count`,
    active: sql`g.active`,
    sitesCount: sql`sites_count`,
  },
  default: { field: 'username', asc: true },
  tieBreak: sql`g.id`,
};

const COLUMNS = sql`
  g.id, g.account_id, g.office_id, o.office_name, g.first_name, g.last_name, g.email, g.must_read,
  a.username, a.password_secret, g.active, g.hidden, a.login_blocked, a.approved, g.reg_time,
  a.last_login_time, a.login_count,
  (select count(*)::int from agent_sites x where x.agent_id = g.id and x.enable) as sites_count`;

const FROM = sql`agents g
  join accounts a on a.id = g.account_id
  join offices o on o.id = g.office_id`;

const AGENT_COLS = { office: col('g.office_id'), agent: col('g.id') };

/** One page of agents in the principal's scope; another office's companyId answers 404. */
export function searchAgents(db: Queryable, p: Principal, q: TAgentSearch) {
  const username = criterion(q.criteria, 'username');
  const officeId = criterion(q.criteria, 'companyId');
  return pagedQuery<AgentRecord, AgentSortField>(db, {
    select: COLUMNS,
    from: FROM,
    where: and([
      scopedFilter(p, AGENT_COLS, { officeId: officeId ? Number(officeId) : null }),
      username ? contains(sql`a.username`, username) : undefined,
    ]),
    sort: SORT,
    query: q,
  });
}

/** One agent (unscoped: the service checks the tenant and answers 404). */
export const findAgent = (db: Queryable, id: number) =>
  queryOne<AgentRecord>(db, sql`select ${COLUMNS} from ${FROM} where g.id = ${id}`);

/** The agent row a delete locks (http/locked-rows.ts). */
export const agentToLock = (id: number) => sql`select id, account_id, office_id from agents where id = ${id}`;

/** Locks the agent row for an update, so two updates of one agent run one after the other. */
export const lockAgent = (db: Queryable, id: number) =>
  queryOne<{ id: number; account_id: number; office_id: number; active: boolean }>(
    db,
    sql`select id, account_id, office_id, active from agents where id = ${id} for update`,
  );

/** The agents among `ids` the principal may change. */
export const findScopedAgents = (db: Queryable, p: Principal, ids: number[]) =>
  queryRows<{ id: number; account_id: number }>(
    db,
    sql`select g.id, g.account_id from agents g
        where g.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
          and ${scoped(p, AGENT_COLS)}
        order by g.id
        for update`,
  );

/** Every site of the agent's office, with the agent's switch (off when it has no row). */
export const officeSitesOfAgent = (db: Queryable, agentId: number, officeId: number) =>
  queryRows<{ siteId: number; sitename: string; enable: boolean }>(
    db,
    sql`select s.id as "siteId", s.sitename, coalesce(x.enable, false) as enable
        from office_sites os
        join sites s on s.id = os.site_id and s.deleted_at is null
        left join agent_sites x on x.agent_id = ${agentId} and x.site_id = s.id
        where os.office_id = ${officeId}
        order by lower(s.sitename), s.id`,
  );

export async function officeExists(db: Queryable, id: number): Promise<boolean> {
  return !!(await queryOne(db, sql`select 1 as one from offices where id = ${id}`));
}

export async function officeSiteIds(db: Queryable, officeId: number): Promise<Set<number>> {
  const rows = await queryRows<{ site_id: number }>(
    db,
    sql`select site_id from office_sites where office_id = ${officeId}`,
  );
  return new Set(rows.map((r) => r.site_id));
}

/** Replaces the agent's site switches with `sites` (already checked against its office). */
export async function replaceAgentSites(
  db: Queryable,
  agentId: number,
  sites: { siteId: number; enable: boolean }[],
) {
  await db.execute(sql`delete from agent_sites where agent_id = ${agentId}`);
  if (!sites.length) return;
  const values = sites.map((s) => sql`(${agentId}, ${s.siteId}, ${s.enable})`);
  await db.execute(
    sql`insert into agent_sites (agent_id, site_id, enable) values ${sql.join(values, sql`, `)}`,
  );
}

/** After a move to another office: the sites the new office does not have are dropped. */
export const dropSitesOutsideOffice = (db: Queryable, agentId: number, officeId: number) =>
  db.execute(sql`delete from agent_sites x where x.agent_id = ${agentId}
    and not exists (select 1 from office_sites os where os.office_id = ${officeId} and os.site_id = x.site_id)`);

/**
 * Removes an agent with everything recorded about it, so every report still adds up: its clicks,
 * sales and their rollups, its login and chat logs, its sites, the agent and its account.
 */
export async function deleteAgentRows(db: Queryable, agentId: number, accountId: number) {
  await db.execute(sql`delete from sales where agent_id = ${agentId}`);
  await db.execute(sql`delete from clicks where agent_id = ${agentId}`);
  await db.execute(sql`delete from stats_daily where agent_id = ${agentId}`);
  await db.execute(sql`delete from chat_logs where agent_id = ${agentId}`);
  await db.execute(sql`delete from agent_sites where agent_id = ${agentId}`);
  await db.execute(sql`delete from login_logs where account_id = ${accountId}`);
  // An uploaded file outlives its uploader.
  await db.execute(sql`update files set account_id = null where account_id = ${accountId}`);
  await db.execute(sql`delete from agents where id = ${agentId}`);
  await db.execute(sql`delete from accounts where id = ${accountId}`);
}

/** Clicks (and their rollups) a click writer stored after the agent was deleted. */
export async function deleteLateClicks(db: Queryable, agentId: number) {
  await db.execute(sql`delete from clicks where agent_id = ${agentId}`);
  await db.execute(sql`delete from stats_daily where agent_id = ${agentId}`);
}
