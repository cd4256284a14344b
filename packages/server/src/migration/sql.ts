// Migration queries: agents waiting in migration_agents, their offices, and the agents made from them.
import { sql } from 'drizzle-orm';
import { queryOne, queryRows, type Queryable } from '../db/client';

const WAITING = sql`m.ready_to_migrate and m.migrated_agent_id is null`;

export async function countWaiting(db: Queryable): Promise<number> {
  const row = await queryOne<{ count: number }>(
    db,
    sql`select count(*)::int as count from migration_agents m where ${WAITING}`,
  );
  return row?.count ?? 0;
}

export const listWaiting = (db: Queryable) =>
  queryRows<{ id: number; username: string }>(
    db,
    sql`select m.id, m.username from migration_agents m where ${WAITING} order by m.id`,
  );

export interface WaitingAgent {
  id: number;
  username: string;
  password_secret: string;
  first_name: string;
  last_name: string;
  email: string | null;
  office_name: string;
}

/** The row if it is still waiting, locked until the transaction ends: two migrations never both take it. */
export const lockWaiting = (db: Queryable, id: number) =>
  queryOne<WaitingAgent>(
    db,
    sql`select m.id, m.username, m.password_secret, m.first_name, m.last_name, m.email, m.office_name
        from migration_agents m where m.id = ${id} and ${WAITING} for update`,
  );

/** Offices whose name matches, ignoring case and surrounding spaces (the old server's export is loose). */
export const officesNamed = (db: Queryable, name: string) =>
  queryRows<{ id: number; active: boolean }>(
    db,
    sql`select o.id, o.active from offices o
        where lower(trim(o.office_name)) = lower(trim(${name})) order by o.id limit 2`,
  );

/** A migrated agent gets every site of its office, enabled, like the agents already there. */
export async function enableOfficeSites(db: Queryable, agentId: number, officeId: number) {
  await db.execute(sql`insert into agent_sites (agent_id, site_id, enable)
    select ${agentId}, s.site_id, true from office_sites s where s.office_id = ${officeId}`);
}

export async function markMigrated(db: Queryable, id: number, agentId: number) {
  await db.execute(sql`update migration_agents set migrated_agent_id = ${agentId} where id = ${id}`);
}

/** Of these usernames, those already imported (compared ignoring case). */
export async function importedUsernames(db: Queryable, usernames: string[]): Promise<Set<string>> {
  if (!usernames.length) return new Set();
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select lower(username) as name from migration_agents
        where lower(username) in (${sql.join(
          usernames.map((u) => sql`lower(${u})`),
          sql`, `,
        )})`,
  );
  return new Set(rows.map((r) => r.name));
}
