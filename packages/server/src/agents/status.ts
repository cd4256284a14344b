// Agent status (activate/suspend, show/hide, login block) and delete: the writes that end what an agent may do.
import { and, eq, inArray, not, sql } from 'drizzle-orm';
import type { TAgentStatus } from '@salesdesk/contract';
import type { AppContext } from '../context';
import { publishChange } from '../common/changes';
import { fraudSuspendedSql } from '../common/fraud-suspension';
import type { Queryable } from '../db/client';
import { accounts, agents } from '../db/schema';
import { writeAgentsSuspended } from '../ledger';
import type { Principal } from '../http/auth';
import { forbidden, notFound } from '../http/errors';
import { lockedOr404 } from '../http/locked-rows';
import { assertAgent } from '../http/tenant';
import { flushClicks } from '../tracking/service';
import { agentToLock, deleteAgentRows, deleteLateClicks, findScopedAgents } from './sql';

type Change = Omit<TAgentStatus, 'ids'>;
type AgentRef = { id: number; account_id: number };

/** Suspending or blocking ends the agents' sessions for good (re-activation does not revive them). */
export async function setAgentsStatus(db: Queryable, rows: AgentRef[], change: Change) {
  const ids = rows.map((r) => r.id);
  const accountIds = rows.map((r) => r.account_id);
  const endSessions = { sessionVersion: sql`${accounts.sessionVersion} + 1` };
  if (change.active !== undefined) {
    // Activation lifts a fraud suspension too: the notice goes and the agent is whole again.
    const lifted = change.active ? { showFraudNotes: false } : {};
    // A suspension skips the agents suspended already: it would change nothing, and is no event.
    const reached = change.active ? undefined : eq(agents.active, true);
    const changed = await db
      .update(agents)
      .set({ active: change.active, ...lifted })
      .where(and(inArray(agents.id, ids), reached))
      .returning({ id: agents.id });
    await db
      .update(accounts)
      .set({ active: change.active, ...(change.active ? {} : endSessions) })
      .where(inArray(accounts.id, accountIds));
    if (!change.active)
      await writeAgentsSuspended(
        db,
        changed.map((r) => r.id),
        false,
      );
  }
  if (change.hidden !== undefined)
    await db.update(agents).set({ hidden: change.hidden }).where(inArray(agents.id, ids));
  if (change.loginBlocked !== undefined)
    await db
      .update(accounts)
      .set({ loginBlocked: change.loginBlocked, ...(change.loginBlocked ? endSessions : {}) })
      .where(inArray(accounts.id, accountIds));
}

/**
 * Suspend for fraud, the account's part: the agent row is suspended (its links stop, its sales earn
 * nothing) and carries the notice, while the account stays active, so the agent signs in to its Home and
 * pay statements only (common/fraud-suspension.ts). Its sessions end: the next one is the limited one.
 */
export async function setFraudSuspended(db: Queryable, agent: AgentRef & { office_id: number }) {
  // An agent suspended for fraud already is left as it is; one only plainly suspended is news (fraud now).
  const changed = await db
    .update(agents)
    .set({ active: false, showFraudNotes: true })
    .where(and(eq(agents.id, agent.id), not(fraudSuspendedSql('agents'))))
    .returning({ id: agents.id });
  await db
    .update(accounts)
    // Signs in again unless its office is suspended (that keeps every account of the office out).
    .set({
      active: sql`exists (select 1 from offices o where o.id = ${agent.office_id} and o.active)`,
      sessionVersion: sql`${accounts.sessionVersion} + 1`,
    })
    .where(eq(accounts.id, agent.account_id));
  await writeAgentsSuspended(
    db,
    changed.map((r) => r.id),
    true,
  );
}

/** All the ids must be agents the principal may change; otherwise 404 and nothing changes. */
export async function changeAgentsStatus(ctx: AppContext, p: Principal, input: TAgentStatus) {
  const { ids, ...change } = input;
  const unique = [...new Set(ids)];
  await ctx.db.transaction(async (tx) => {
    const rows = await findScopedAgents(tx, p, unique);
    if (rows.length !== unique.length) throw notFound();
    await setAgentsStatus(tx, rows, change);
  });
  // A login block changes no link; activation and visibility are published for every process's cache.
  if (change.loginBlocked === undefined) await publishChange(ctx, 'tracking');
}

/** Only a superadmin carrying the special flag deletes agents (the route admits superadmins only). */
export async function deleteAgent(ctx: AppContext, p: Principal, id: number) {
  if (!p.canDelete) throw forbidden('Deleting agents needs the special flag');
  // Locked inside the request's transaction: a second delete at once waits, then finds none (404).
  const [agent] = await lockedOr404<AgentRef & { office_id: number }>(ctx.db, agentToLock(id));
  assertAgent(p, { id, officeId: agent.office_id });
  // Clicks this process still buffers must land first, or they would outlive the agent.
  await flushClicks(ctx);
  await ctx.db.transaction((tx) => deleteAgentRows(tx, agent.id, agent.account_id));
  await publishChange(ctx, 'tracking');
  // A click taken between the flush and the cache reload: swept once the cache no longer knows the agent.
  await flushClicks(ctx);
  await ctx.db.transaction((tx) => deleteLateClicks(tx, agent.id));
}
