// The demo's payout details (issue 36): most approved agents paid by bank, GCash, Maya or PayPal, set a month
// ago (no 48-hour hold), the account encrypted as the app keeps it; every sixth agent has none, so a batch
// lists some apart. The latest closed period is left without a batch: Make batch is the first thing to try.
import { sql } from 'drizzle-orm';
import { PAYOUT_METHODS, type TPayoutDetails, payoutAccount } from '@salesdesk/contract';
import type { AppContext } from '../context';
import { encryptSecret } from '../common/crypto';
import { queryRows } from '../db/client';

const BANKS = ['BDO', 'BPI', 'Metrobank', 'Landbank', 'UnionBank'];

function detailsOf(n: number, name: string, username: string): TPayoutDetails {
  const method = PAYOUT_METHODS[n % PAYOUT_METHODS.length];
  const digits = String(1000 + n).padStart(4, '0');
  if (method === 'bank')
    return {
      method,
      bank: BANKS[n % BANKS.length],
      accountName: name,
      accountNumber: `00${n % 10}31415926${digits}`,
    };
  if (method === 'paypal') return { method, email: `${username}@example.com` };
  return { method, mobileNumber: `+63917555${digits}`, accountName: name };
}

export async function seedDemoPayoutDetails(ctx: AppContext): Promise<number> {
  const agents = await queryRows<{ id: number; account_id: number; name: string; username: string }>(
    ctx.db,
    sql`select g.id, g.account_id, g.first_name || ' ' || g.last_name as name, a.username
        from agents g join accounts a on a.id = g.account_id where a.approved order by g.id`,
  );
  const since = new Date(Date.now() - 30 * 86_400_000).toISOString();
  let n = 0;
  for (const [i, g] of agents.entries()) {
    if (i % 6 === 5) continue;
    const d = detailsOf(i, g.name, g.username);
    const account = payoutAccount(d);
    await ctx.db.execute(
      sql`insert into payout_details (agent_id, method, bank, account_name, account_secret, account_last4,
                                      changed_at, changed_by)
          values (${g.id}, ${d.method}, ${d.method === 'bank' ? d.bank : null},
                  ${d.method === 'paypal' ? null : d.accountName}, ${encryptSecret(ctx.keys, account)},
                  ${account.slice(-4)}, ${since}, ${g.account_id})`,
    );
    n++;
  }
  return n;
}
