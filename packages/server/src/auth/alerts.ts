import { desc, eq } from 'drizzle-orm';
import type { TLoginAlerts } from '@salesdesk/contract';
import type { AppContext } from '../context';
import { accounts, alerts } from '../db/schema';
import type { Principal } from '../http/auth';

/** The account's own alert and the common alert; each only when it has html (spec 1 section 4). */
export async function loadLoginAlerts(ctx: AppContext, p: Principal): Promise<TLoginAlerts> {
  const [own] = await ctx.db
    .select({ html: accounts.alertHtml })
    .from(accounts)
    .where(eq(accounts.id, p.accountId));
  const [common] = await ctx.db.select().from(alerts).orderBy(desc(alerts.id)).limit(1);
  return {
    accountAlert: own?.html?.trim() ? { html: own.html } : null,
    commonAlert: common?.enable && common.html.trim() ? { html: common.html } : null,
  };
}
