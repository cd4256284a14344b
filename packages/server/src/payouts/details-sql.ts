// The payout_details rows: one per agent, the account encrypted (account_secret) beside its last 4.
import { sql, type SQL } from 'drizzle-orm';
import { PayoutLineStatus as S } from '@salesdesk/contract';
import { queryOne, queryRows, type Queryable } from '../db/client';

export interface DetailsRecord {
  agent_id: number;
  method: string;
  bank: string | null;
  account_name: string | null;
  account_secret: string;
  account_last4: string;
  changed_at: Date | string;
}

/** An agent (alias `g`, account `a`) with its details, when `where` (a tenant condition on g) admits it. */
export interface AgentPayoutRecord {
  agent_id: number;
  office_id: number;
  username: string;
  email: string | null;
  details: DetailsRecord | null;
}

export async function agentWithDetails(
  db: Queryable,
  agentId: number,
  where: SQL,
): Promise<AgentPayoutRecord | null> {
  const row = await queryOne<AgentPayoutRecord & { d: DetailsRecord | null }>(
    db,
    sql`select g.id as agent_id, g.office_id, a.username, coalesce(g.email, a.email) as email,
               case when d.agent_id is null then null else to_jsonb(d) end as d
        from agents g join accounts a on a.id = g.account_id
        left join payout_details d on d.agent_id = g.id
        where g.id = ${agentId} and ${where}`,
  );
  return row ? { ...row, details: row.d } : null;
}

export interface DetailsWrite {
  method: string;
  bank: string | null;
  accountName: string | null;
  accountSecret: string;
  accountLast4: string;
}

/** Sets the agent's details (a first time or a change), by `by` at `now`. */
export async function saveDetails(db: Queryable, agentId: number, d: DetailsWrite, by: number, now: Date) {
  await db.execute(
    sql`insert into payout_details (agent_id, method, bank, account_name, account_secret, account_last4,
                                    changed_at, changed_by)
        values (${agentId}, ${d.method}, ${d.bank}, ${d.accountName}, ${d.accountSecret}, ${d.accountLast4},
                ${now.toISOString()}, ${by})
        on conflict (agent_id) do update set method = excluded.method, bank = excluded.bank,
          account_name = excluded.account_name, account_secret = excluded.account_secret,
          account_last4 = excluded.account_last4, changed_at = excluded.changed_at,
          changed_by = excluded.changed_by`,
  );
}

/**
 * After a change of details, the agent's lines still to be paid (pending in a batch made before the change)
 * take the new method and wait, held, as a line made within 48 hours of a change does: for an admin's
 * confirm, or for the next batch. A file made before the change no longer lists them, and a file made
 * after it lists them only once confirmed. Answers how many lines it held.
 */
export async function holdOpenLines(db: Queryable, agentId: number, d: DetailsWrite, by: number, now: Date) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update payout_lines set status = ${S.held}, method = ${d.method}, last4 = ${d.accountLast4},
          confirmed_by = null, changed_at = ${now.toISOString()}, changed_by = ${by}
        where agent_id = ${agentId} and status = ${S.pending} and carried_to is null
        returning id`,
  );
  return rows.length;
}
