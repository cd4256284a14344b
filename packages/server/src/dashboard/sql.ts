// Dashboard queries: the notes an office leaves for its agents and an agent's own Must Read.
import { sql } from 'drizzle-orm';
import { queryOne, type Queryable } from '../db/client';
import type { Principal } from '../http/auth';
import { col, scoped } from '../http/tenant';

export interface AgentPanelRecord {
  agent_notes: string | null;
  must_read: string | null;
}

/** The signed-in agent's own row: its office's notes, its own Must Read. */
export const findAgentPanel = (db: Queryable, p: Principal) =>
  queryOne<AgentPanelRecord>(
    db,
    sql`select o.agent_notes, g.must_read
        from agents g join offices o on o.id = g.office_id
        where g.id = ${p.agentId ?? -1} and ${scoped(p, { office: col('g.office_id'), agent: col('g.id') })}`,
  );

/** The notes the signed-in office leaves for its agents. */
export const findOfficeNotes = (db: Queryable, p: Principal) =>
  queryOne<{ agent_notes: string | null }>(
    db,
    sql`select o.agent_notes from offices o
        where o.id = ${p.companyId ?? -1} and ${scoped(p, { office: col('o.id'), agent: 'office' })}`,
  );
