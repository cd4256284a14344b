// The current password beside a change to one's own sign-in (a new password, new recovery codes): a
// session left open is not enough to take an account over, nor a way to guess its password.
import { eq } from 'drizzle-orm';
import { CURRENT_PASSWORD_TRIES, CURRENT_PASSWORD_WRONG } from '@salesdesk/contract';
import type { AppContext } from '../context';
import { accounts } from '../db/schema';
import { verifyPassword } from '../common/crypto';
import { sharedLimits, type Limit } from '../common/shared-limits';
import type { Principal } from '../http/auth';
import { rateLimited, validationError } from '../http/errors';
import { refuseWhenDown } from '../http/limits-down';

/**
 * Wrong current passwords per account (the login form has its own limits). A shared limit, like the
 * sign-in throttles: on every node in cluster mode, where a Redis that does not answer refuses (503).
 */
export const CURRENT_PASSWORD_MAX_WRONG = 5;
const WRONG_CURRENT: Limit = {
  kind: 'wrong-current-password',
  max: CURRENT_PASSWORD_MAX_WRONG,
  windowMs: 15 * 60_000,
};
const PASSWORD_UNAVAILABLE = 'Your password cannot be checked right now, please try again in a moment';

export async function assertCurrentPassword(ctx: AppContext, p: Principal, current: string) {
  const limits = sharedLimits(ctx);
  const wrong = { limit: WRONG_CURRENT, key: String(p.accountId) };
  if (await refuseWhenDown(limits.isFull(wrong), PASSWORD_UNAVAILABLE))
    throw rateLimited(CURRENT_PASSWORD_TRIES);
  const [row] = await ctx.db
    .select({ hash: accounts.passwordHash })
    .from(accounts)
    .where(eq(accounts.id, p.accountId));
  if (!row || !(await verifyPassword(row.hash, current))) {
    await refuseWhenDown(limits.hit(wrong, 'refuse'), PASSWORD_UNAVAILABLE);
    throw validationError({ currentPassword: [CURRENT_PASSWORD_WRONG] });
  }
}
