// Suspend for fraud: one transaction that suspends the agent (its sessions end), sets its dashboard's
// fraud notice, rejects its held sales and, when asked, charges back its approved sales not yet settled
// (the open pay periods). The agent's row lock makes two calls at once run one after the other; the
// second changes only what is left (the ledger changes a sale once however many calls race for it).
import { eq, sql } from 'drizzle-orm';
import { Permission, SaleStatus, type TFraudSuspend, type TFraudSuspendAnswer } from '@salesdesk/contract';
import type { AppContext } from '../context';
import { publishChange } from '../common/changes';
import type { Queryable } from '../db/client';
import { agents } from '../db/schema';
import { hasPermission, type Principal } from '../http/auth';
import { forbidden, notFound } from '../http/errors';
import { assertAgent } from '../http/tenant';
import { reverseSale } from '../ledger/reverse';
import { changeHeldSales } from '../ledger/status';
import { lockAgent } from '../agents/sql';
import { setAgentsStatus } from '../agents/status';
import { openApprovedSales } from './sql';

const BATCH = 1000;

/** Rejects every held sale and bonus of the agent, a batch per statement; answers how many. */
async function rejectHeld(db: Queryable, agentId: number, reason: string, by: number): Promise<number> {
  let total = 0;
  for (;;) {
    const change = { status: SaleStatus.Rejected, reason, by } as const;
    const n = await changeHeldSales(db, sql`agent_id = ${agentId}`, change, BATCH);
    total += n;
    if (n < BATCH) return total;
  }
}

/** Charges back the agent's approved sales of the open periods; answers how many. */
async function reverseOpen(db: Queryable, agentId: number, reason: string, by: number): Promise<number> {
  let n = 0;
  for (const { id } of await openApprovedSales(db, agentId)) {
    const out = await reverseSale(db, { id: Number(id) }, { kind: 'chargeback', reason, by });
    if (out.kind === 'reversed') n += 1;
  }
  return n;
}

export async function suspendForFraud(
  ctx: AppContext,
  p: Principal,
  agentId: number,
  input: TFraudSuspend,
): Promise<TFraudSuspendAnswer> {
  // Taking paid money back is the money calls' permission, as for a single reversal.
  if (input.reverseApproved && !hasPermission(p, Permission.EarningVisible))
    throw forbidden('Charging back sales needs the earnings permission');
  const answer = await ctx.db.transaction(async (tx) => {
    const agent = await lockAgent(tx, agentId);
    if (!agent) throw notFound('Agent not found');
    assertAgent(p, { id: agent.id, officeId: agent.office_id });
    await setAgentsStatus(tx, [agent], { active: false });
    await tx.update(agents).set({ showFraudNotes: true }).where(eq(agents.id, agent.id));
    const rejected = await rejectHeld(tx, agent.id, input.reason, p.accountId);
    const reversed = input.reverseApproved ? await reverseOpen(tx, agent.id, input.reason, p.accountId) : 0;
    return { ok: true as const, rejected, reversed };
  });
  // A suspended agent's links stop: every process's cache hears of it.
  await publishChange(ctx, 'tracking');
  return answer;
}
