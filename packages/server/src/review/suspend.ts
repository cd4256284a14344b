// Suspend for fraud: one transaction that suspends the agent for fraud (setFraudSuspended: its sessions
// end, it signs in to its Home's notice and its own statements only, its links stop, its new sales are
// recorded rejected), rejects its held sales and, when asked, charges back its approved sales not yet
// settled (the open pay periods). The agent's row lock makes two calls at once run one after the other;
// the second changes only what is left (the ledger changes a sale once however many calls race for it).
import { Permission, type TFraudSuspend, type TFraudSuspendAnswer } from '@salesdesk/contract';
import type { AppContext } from '../context';
import { publishChange } from '../common/changes';
import { hasPermission, type Principal } from '../http/auth';
import { forbidden, notFound } from '../http/errors';
import { assertAgent } from '../http/tenant';
import { chargeBackOpenSales, rejectHeldSalesOf } from '../ledger';
import { lockAgent } from '../agents/sql';
import { setFraudSuspended } from '../agents/status';

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
    await setFraudSuspended(tx, agent);
    const rejected = await rejectHeldSalesOf(tx, agent.id, input.reason, p.accountId);
    const reversed = input.reverseApproved
      ? await chargeBackOpenSales(tx, agent.id, input.reason, p.accountId)
      : 0;
    return { ok: true as const, rejected, reversed };
  });
  // A suspended agent's links stop: every process's cache hears of it.
  await publishChange(ctx, 'tracking');
  return answer;
}
