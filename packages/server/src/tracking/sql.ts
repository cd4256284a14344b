// Tracking queries: what the click cache loads, the batched click insert with its rollup, the link list.
import { sql } from 'drizzle-orm';
import { INVALID_OPTION_NAMES } from '@salesdesk/contract';
import { queryOne, queryRows, type Queryable } from '../db/client';
import { preparedStatement, queryPrepared } from '../db/prepared';
import { isUniqueViolation } from '../db/unique-violation';
import { rollupColumns, type ClickBatch } from './click-batch';
import {
  CLICK_INCREMENTS,
  CLICK_ON_CONFLICT,
  INVALID_COUNTERS,
  ROLLUP_COLUMNS,
  ROLLUP_ON_CONFLICT,
  sumIncrements,
} from '../rollups/increments';

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

/** The saved options of invalid traffic (the reasons' modes, internal addresses, the repeat rule). */
export async function loadTrafficOptions(db: Queryable): Promise<Map<string, string>> {
  const rows = await queryRows<{ name: string; value: string }>(
    db,
    sql`select name, value from options where name = any(${sql.param(Object.values(INVALID_OPTION_NAMES))}::text[])`,
  );
  return new Map(rows.map((r) => [r.name, r.value]));
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

/** `count` fresh click ids; nextval per id, so concurrent processes never get the same one. One row of
 *  one array literal: a thousand rows cost the driver a thousand row objects on the click server's loop. */
export async function nextClickIds(db: Queryable, count: number): Promise<number[]> {
  if (count <= 0) return [];
  const row = await queryOne<{ ids: string }>(
    db,
    sql`select array_agg(nextval('click_id_seq'))::text as ids from generate_series(1, ${count})`,
  );
  return row!.ids.slice(1, -1).split(',').map(Number);
}

const CLICK_COLUMNS =
  'id, click_time, site_id, type_id, agent_id, office_id, ip, is_unique, referer, user_agent, invalid_reason';

// $1-$13: the click columns of ClickBatch.columns() (click_time as epoch ms: to_timestamp is exact to the µs;
// a referer or user agent index of 0 is out of the array, so NULL).
const CLICK_ROWS = sql`
  insert into clicks (${sql.raw(CLICK_COLUMNS)})
  select id, to_timestamp(ms::float8 / 1000), site_id, type_id, agent_id, office_id, ip, is_unique,
    ($11::text[])[referer], ($12::text[])[user_agent], invalid_reason
  from unnest($1::bigint[], $2::bigint[], $3::int[], $4::int[], $5::int[], $6::int[], $7::varchar[],
              $8::boolean[], $9::int[], $10::int[], $13::smallint[])
    as c(id, ms, site_id, type_id, agent_id, office_id, ip, is_unique, referer, user_agent, invalid_reason)`;

// $14-$27: the increments of rollupColumns(): the key, raws, uniques and each invalid reason's count.
const INCREMENT_COLUMNS = ['raws', 'uniques', ...INVALID_COUNTERS];

/**
 * The batch as it nearly always is, all new: a plain insert, with the increments summed in memory
 * ($14-$27) added to stats_daily in the same statement. A stored click fails the whole statement (the
 * primary key, (id, click_time): a click keeps its time, so a batch written again repeats both), and
 * nothing of it is kept. No ON CONFLICT and no RETURNING: together they were a fifth
 * of the database's work per click (bench/analysis.md).
 */
const INSERT_NEW_CLICKS = preparedStatement(
  'insert_new_clicks',
  sql`
  with inserted as (${CLICK_ROWS})
  insert into stats_daily (day, site_id, type_id, office_id, agent_id, ${sql.raw(INCREMENT_COLUMNS.join(', '))})
  select *
  from unnest($14::date[], $15::int[], $16::int[], $17::int[], $18::int[], ${sql.raw(
    INCREMENT_COLUMNS.map((_, i) => `$${19 + i}::int[]`).join(', '),
  )})
  ${CLICK_ON_CONFLICT}`,
);

/**
 * A batch that may be partly stored (a retry after an unknown outcome) or that the database must sum
 * (a click before easternDay()'s rule): ids already stored are skipped and the increments are summed
 * here from the rows actually inserted, so a retry never counts twice.
 */
const INSERT_CLICKS_ONCE = preparedStatement(
  'insert_clicks_once',
  sql`
  with inserted as (
    ${CLICK_ROWS}
    on conflict (id, click_time) do nothing
    returning click_time, site_id, type_id, office_id, agent_id, is_unique, invalid_reason
  )
  insert into stats_daily (${ROLLUP_COLUMNS})
  ${sumIncrements(sql`select ${CLICK_INCREMENTS} from inserted`)}
  ${ROLLUP_ON_CONFLICT}`,
);

// The primary key as a partition names it (clicks_2026_03_pkey, clicks_default_pkey): a unique
// violation is reported by the partition the row went to.
export const CLICKS_PKEY = /^clicks(_\d{4}_\d{2}|_default)?_pkey$/;

/**
 * Inserts a batch of clicks and adds them to stats_daily in one statement (one transaction). Not inside
 * a caller's transaction: the fast path's failure on a stored id would abort it.
 */
export async function insertClicks(db: Queryable, batch: ClickBatch): Promise<void> {
  const columns = batch.columns();
  const rollup = batch.increments();
  if (rollup) {
    try {
      await queryPrepared(db, INSERT_NEW_CLICKS, [...columns, ...rollupColumns(rollup)]);
      return;
    } catch (err) {
      if (!isUniqueViolation(err, CLICKS_PKEY)) throw err;
    }
  }
  await queryPrepared(db, INSERT_CLICKS_ONCE, columns);
}

/** A batch read back from a click journal, likely stored in part already: the idempotent path at once. */
export async function insertClicksOnce(db: Queryable, batch: ClickBatch): Promise<void> {
  await queryPrepared(db, INSERT_CLICKS_ONCE, batch.columns());
}

/** True when the click id has been handed out by the sequence (to any node), stored or not yet. */
export async function clickIdIssued(db: Queryable, id: number): Promise<boolean> {
  const row = await queryOne<{ last: string }>(
    db,
    sql`select (case when is_called then last_value else last_value - 1 end)::text as last from click_id_seq`,
  );
  return id <= Number(row?.last ?? 0);
}

/** True when the click is in the table. */
export async function clickStored(db: Queryable, id: number): Promise<boolean> {
  return !!(await queryOne(db, sql`select 1 as found from clicks where id = ${id}`));
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
