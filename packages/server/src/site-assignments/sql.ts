// Sites of an office, sites of an agent, agents of a site: tenant-scoped, deleted sites left out.
import { sql } from 'drizzle-orm';
import type {
  TAssignedSiteRow,
  TAssignedSiteSortField,
  TAssignedSitesQuery,
  TSiteAgentRow,
  TSiteAgentSortField,
  TSiteAgentsQuery,
} from '@salesdesk/contract';
import { queryOne, type Queryable } from '../db/client';
import { pagedQuery, type SortSpec } from '../common/list';
import type { Principal } from '../http/auth';
import { col, scoped, scopedSites } from '../http/tenant';

// The host of the url, without scheme, credentials and port; the url itself when it has no scheme.
const HOSTNAME = sql`lower(coalesce(substring(s.url from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/@]*@)?([^/:?#]*)'), s.url))`;

const SITE_SORT: SortSpec<TAssignedSiteSortField> = {
  fields: {
    hostname: HOSTNAME,
    sitename: sql`lower(s.sitename)`,
    abbr: sql`lower(s.abbr)`,
    status: sql`s.status`,
  },
  default: { field: 'hostname', asc: true },
  tieBreak: sql`s.id`,
};

const SITE_COLUMNS = sql`s.id, s.sitename, s.abbr, s.url, s.status, s.hidden`;

/** The office's sites. */
export const officeSites = (db: Queryable, p: Principal, officeId: number, q: TAssignedSitesQuery) =>
  pagedQuery<TAssignedSiteRow, TAssignedSiteSortField>(db, {
    select: SITE_COLUMNS,
    from: sql`office_sites os join sites s on s.id = os.site_id`,
    where: sql`os.office_id = ${officeId} and s.deleted_at is null
      and ${scoped(p, { office: col('os.office_id'), agent: 'none' })}`,
    sort: SITE_SORT,
    query: q,
  });

/** The sites the agent has enabled. */
export const agentSites = (db: Queryable, p: Principal, agentId: number, q: TAssignedSitesQuery) =>
  pagedQuery<TAssignedSiteRow, TAssignedSiteSortField>(db, {
    select: SITE_COLUMNS,
    from: sql`agent_sites x join agents g on g.id = x.agent_id join sites s on s.id = x.site_id`,
    where: sql`x.agent_id = ${agentId} and x.enable and s.deleted_at is null
      and ${scoped(p, { office: col('g.office_id'), agent: col('g.id') })}`,
    sort: SITE_SORT,
    query: q,
  });

const AGENT_SORT: SortSpec<TSiteAgentSortField> = {
  fields: { username: sql`lower(a.username)`, officeName: sql`lower(o.office_name)` },
  default: { field: 'username', asc: true },
  tieBreak: sql`g.id`,
};

/** The agents, as the principal may see them, that have the site enabled. */
export const siteAgents = (db: Queryable, p: Principal, siteId: number, q: TSiteAgentsQuery) =>
  pagedQuery<TSiteAgentRow, TSiteAgentSortField>(db, {
    select: sql`g.id, a.username, g.first_name as "firstName", g.last_name as "lastName",
      g.office_id as "companyId", o.office_name as "officeName", g.active`,
    from: sql`agent_sites x join agents g on g.id = x.agent_id
      join accounts a on a.id = g.account_id join offices o on o.id = g.office_id`,
    where: sql`x.site_id = ${siteId} and x.enable
      and ${scoped(p, { office: col('g.office_id'), agent: col('g.id') })}`,
    sort: AGENT_SORT,
    query: q,
  });

export const officeExists = async (db: Queryable, officeId: number) =>
  !!(await queryOne(db, sql`select 1 as one from offices where id = ${officeId}`));

export const findAgentOffice = (db: Queryable, agentId: number) =>
  queryOne<{ id: number; office_id: number }>(
    db,
    sql`select id, office_id from agents where id = ${agentId}`,
  );

/** A site that is not deleted and that the principal has (an office its sites, an agent its enabled ones). */
export const visibleSiteExists = async (db: Queryable, p: Principal, siteId: number) =>
  !!(await queryOne(
    db,
    sql`select 1 as one from sites s
        where s.id = ${siteId} and s.deleted_at is null and ${scopedSites(p, col('s.id'))}`,
  ));
