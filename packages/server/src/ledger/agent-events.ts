// The agent events (issue 34): agent.created, agent.approved and agent.suspended, written by the agent
// writes in their own transaction from the rows as the change left them, so an event exists exactly
// when its change committed. The callers pass only the agents the change reached (an agent suspended
// again is no news). An agent's event is its office's and no site's.
import { sql, type SQL } from 'drizzle-orm';
import type { TWebhookEventType } from '@salesdesk/contract';
import type { Queryable } from '../db/client';
import { isoTime, typeValue, writeEvents } from './events';

/** The agent `g` with its account `a` as the events carry it (ZWebhookAgent). */
const agentData = sql`jsonb_build_object('id', g.id, 'officeId', g.office_id, 'username', a.username,
  'firstName', g.first_name, 'lastName', g.last_name, 'active', g.active, 'approved', a.approved,
  'regTime', ${isoTime('g.reg_time')})`;

async function writeAgentEvents(tx: Queryable, type: TWebhookEventType, agentIds: number[], data: SQL) {
  if (!agentIds.length) return;
  const ids = sql.join(
    agentIds.map((id) => sql`${id}`),
    sql`, `,
  );
  await writeEvents(
    tx,
    sql`select ${typeValue(type)} as type, g.office_id, null::int as site_id, ${data} as data
        from agents g join accounts a on a.id = g.account_id
        where g.id in (${ids}) order by g.id`,
  );
}

/** agent.created for the agents just inserted. */
export const writeAgentsCreated = (tx: Queryable, agentIds: number[]) =>
  writeAgentEvents(tx, 'agent.created', agentIds, agentData);

/** agent.approved for the agents whose account was just approved. */
export const writeAgentsApproved = (tx: Queryable, agentIds: number[]) =>
  writeAgentEvents(tx, 'agent.approved', agentIds, agentData);

/** agent.suspended for the agents just suspended: `fraud` when by Suspend for fraud. */
export const writeAgentsSuspended = (tx: Queryable, agentIds: number[], fraud: boolean) =>
  writeAgentEvents(
    tx,
    'agent.suspended',
    agentIds,
    sql`${agentData} || jsonb_build_object('fraud', ${sql.raw(String(fraud))})`,
  );
