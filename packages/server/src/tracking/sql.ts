// Tracking queries: what the click cache loads, the batched click insert with its rollup, the link list.
import { sql } from 'drizzle-orm';
import { queryOne, queryRows, type Queryable } from '../db/client';
import { CLICK_INCREMENTS, ROLLUP_COLUMNS, ROLLUP_ON_CONFLICT, sumIncrements } from '../stats/rollup';

export interface ActiveTypeRow {
  id: number;
  site_id: number;
  url: string;
  click_param: string;
}

/** Link types that can be clicked: the type and its site are active and not deleted. */
export const loadActiveTypes = (db: Queryable) =>
  queryRows<ActiveTypeRow>(
    db,
    sql`select t.id, t.site_id, t.url, s.click_param
        from link_types t join sites s on s.id = t.site_id
        where t.status and s.status and t.deleted_at is null and s.deleted_at is null`,
  );

export interface ClickableAgentSiteRow {
  agent_id: number;
  office_id: number;
  site_id: number;
}

/** (agent, site) pairs that can click: agent, its account (approved) and office active, site enabled. */
export const loadClickableAgentSites = (db: Queryable) =>
  queryRows<ClickableAgentSiteRow>(
    db,
    sql`select g.id as agent_id, g.office_id, x.site_id
        from agents g
        join accounts a on a.id = g.account_id
        join offices o on o.id = g.office_id
        join agent_sites x on x.agent_id = g.id and x.enable
        -- An agent sends traffic only to sites its office still has.
        join office_sites os on os.office_id = g.office_id and os.site_id = x.site_id
        where g.active and a.active and a.approved and o.active`,
  );

/** Every live site's postback token (suspended sites still take postbacks for their clicks; deleted ones not). */
export const loadSiteTokens = (db: Queryable) =>
  queryRows<{ id: number; postback_token: string }>(
    db,
    sql`select id, postback_token from sites where deleted_at is null`,
  );

export async function loadBlackList(db: Queryable): Promise<string[]> {
  const rows = await queryRows<{ ip: string }>(db, sql`select ip from black_list_ips`);
  return rows.map((r) => r.ip);
}

/** The (type, agent, ip) keys that already had their unique click in [start, end). */
export const loadUniqueKeys = (db: Queryable, start: Date, end: Date, limit: number) =>
  queryRows<{ type_id: number; agent_id: number; ip: string }>(
    db,
    sql`select distinct type_id, agent_id, ip from clicks
        where click_time >= ${start.toISOString()}::timestamptz and click_time < ${end.toISOString()}::timestamptz
          and is_unique
        limit ${limit}`,
  );

/** `count` fresh click ids; nextval per row, so concurrent processes never get the same id. */
export async function nextClickIds(db: Queryable, count: number): Promise<number[]> {
  const rows = await queryRows<{ id: string | number }>(
    db,
    sql`select nextval('click_id_seq') as id from generate_series(1, ${count})`,
  );
  return rows.map((r) => Number(r.id));
}

export interface ClickRecord {
  id: number;
  time: Date;
  siteId: number;
  typeId: number;
  agentId: number;
  officeId: number;
  ip: string;
  isUnique: boolean;
  referer: string | null;
  userAgent: string | null;
}

const column = <T>(batch: ClickRecord[], pick: (c: ClickRecord) => T) => sql.param(batch.map(pick));

/**
 * Inserts a batch of clicks and adds them to stats_daily in one statement (one transaction).
 * A click id already stored is skipped with its increment, so retrying a batch never double counts.
 */
export async function insertClicks(db: Queryable, batch: ClickRecord[]): Promise<void> {
  await db.execute(sql`
    with inserted as (
      insert into clicks (id, click_time, site_id, type_id, agent_id, office_id, ip, is_unique, referer, user_agent)
      select * from unnest(
        ${column(batch, (c) => c.id)}::bigint[], ${column(batch, (c) => c.time.toISOString())}::timestamptz[],
        ${column(batch, (c) => c.siteId)}::int[], ${column(batch, (c) => c.typeId)}::int[],
        ${column(batch, (c) => c.agentId)}::int[], ${column(batch, (c) => c.officeId)}::int[],
        ${column(batch, (c) => c.ip)}::varchar[], ${column(batch, (c) => c.isUnique)}::boolean[],
        ${column(batch, (c) => c.referer)}::text[], ${column(batch, (c) => c.userAgent)}::text[])
      on conflict (id) do nothing
      returning click_time, site_id, type_id, office_id, agent_id, is_unique
    )
    insert into stats_daily (${ROLLUP_COLUMNS})
    ${sumIncrements(sql`select ${CLICK_INCREMENTS} from inserted`)}
    ${ROLLUP_ON_CONFLICT}`);
}

export interface LinkTarget {
  agent_id: number;
  office_id: number;
  domain: string | null;
}

export const findLinkAgent = (db: Queryable, agentId: number) =>
  queryOne<LinkTarget>(
    db,
    sql`select g.id as agent_id, g.office_id, d.domain
        from agents g join offices o on o.id = g.office_id
        left join preferred_domains d on d.id = o.preferred_domain_id
        where g.id = ${agentId}`,
  );

/** The site's name when it is active and the agent has it enabled through its office (else its links answer 404). */
export const findAgentSiteName = (db: Queryable, agentId: number, siteId: number) =>
  queryOne<{ sitename: string }>(
    db,
    sql`select s.sitename from sites s
        join agent_sites x on x.site_id = s.id and x.agent_id = ${agentId} and x.enable
        join agents g on g.id = x.agent_id
        join office_sites os on os.office_id = g.office_id and os.site_id = s.id
        where s.id = ${siteId} and s.status and s.deleted_at is null`,
  );

export const findActiveTypes = (db: Queryable, siteId: number) =>
  queryRows<{ id: number; typename: string }>(
    db,
    sql`select id, typename from link_types
        where site_id = ${siteId} and status and deleted_at is null order by id`,
  );
