// An agent of the demo who owes (issue 32): chargebacks clawed back in one ended period exceed what it
// earned there and in the next, so its statements show a balance carried out, carried in and out again,
// then paid off. Sized from the live payroll of the two periods before they close.
import { sql } from 'drizzle-orm';
import { addDays, payPeriodOf, type TPayCycle, type TPeriod } from '@salesdesk/contract';
import { queryRows, type Queryable } from '../db/client';
import { addAdjustment } from '../ledger/adjust';
import { avpLinesSql, liveLinesSql, statementsSql } from '../pay-periods/snapshot-sql';

/** The margin owed after the second period, in pesos: the third one pays it off. */
const STILL_OWED = 500;

/** The periods from `first` that have ended before `today`, oldest first. */
export function endedPeriods(cycle: TPayCycle, first: string, today: string): TPeriod[] {
  const out: TPeriod[] = [];
  for (
    let p = payPeriodOf(cycle, first, null);
    p.end < today;
    p = payPeriodOf(cycle, addDays(p.end, 1), null)
  ) {
    out.push(p);
  }
  return out;
}

/** Each agent's live statement total of the open period starting `start`, in whole pesos rounded up. */
const liveTotals = (db: Queryable, start: string) =>
  queryRows<{ agent_id: number; total: string }>(
    db,
    sql`select agent_id, ceil(total)::text as total
        from (${statementsSql(start, liveLinesSql(start), avpLinesSql(liveLinesSql(start)))}) s`,
  );

/**
 * Before any period closes: claws back, dated on the last day of `periods[0]`, what the agent earning
 * least (but something) in both `periods[0]` and `periods[1]` earned there, and ₱500 more. Answers the
 * agent, or null when no agent earned in both.
 */
export async function addOwedBalance(
  db: Queryable,
  periods: [TPeriod, TPeriod],
  by: number,
): Promise<number | null> {
  const [first, second] = await Promise.all(periods.map((p) => liveTotals(db, p.start)));
  const next = new Map(second.map((b) => [b.agent_id, Number(b.total)]));
  const earned = first
    .filter((a) => Number(a.total) > 0 && (next.get(a.agent_id) ?? 0) > 0)
    .map((a) => ({ agentId: a.agent_id, sum: Number(a.total) + next.get(a.agent_id)! }))
    .sort((a, b) => a.sum - b.sum || a.agentId - b.agentId);
  const agent = earned[0];
  if (!agent) return null;
  await addAdjustment(
    db,
    {
      agentId: agent.agentId,
      payout: `-${agent.sum + STILL_OWED}.00`,
      earning: '0',
      date: periods[0].end,
      note: 'Chargebacks of a card fraud ring clawed back',
      agentNote: 'Chargebacks of sales made with stolen cards, clawed back',
    },
    by,
  );
  return agent.agentId;
}
