// The limits that must hold across nodes (DESIGN.md section 8): sign-in tries, per-address and per-site
// limits, used captcha answers. In this process on a single node; in Redis when REDIS_URL is set.
// When Redis does not answer: a sign-in (password, second-step code, captcha, forgot) and a password
// change are refused with a 503, never let through unchecked; a postback is counted in this process
// alone, so sales keep coming in.
import type { AppContext } from '../../context';
import type { Redis } from '../redis';
import { unavailable } from '../../http/errors';
import { inProcessLimits } from './memory';
import { RedisLimits } from './redis';
import { SharedLimitsDown, type SharedLimits } from './types';

export { inProcessLimits } from './memory';
export { SharedLimitsDown, type Counted, type Hit, type Limit, type SharedLimits } from './types';

const byClient = new WeakMap<Redis, RedisLimits>();

/** The limits of this app: in Redis in cluster mode (one set per connection), else this process's. */
export function sharedLimits(ctx: Pick<AppContext, 'redis'>): SharedLimits {
  if (!ctx.redis) return inProcessLimits;
  let limits = byClient.get(ctx.redis);
  if (!limits) byClient.set(ctx.redis, (limits = new RedisLimits(ctx.redis, inProcessLimits)));
  return limits;
}

/** A step that fails closed: Redis away answers 503 with `message` in the API's envelope. */
export async function refuseWhenDown<T>(step: Promise<T>, message: string): Promise<T> {
  try {
    return await step;
  } catch (err) {
    if (err instanceof SharedLimitsDown) throw unavailable(message);
    throw err;
  }
}

/** What a sign-in step answers (503) while the shared limits cannot be read. */
export const SIGN_IN_UNAVAILABLE = 'Signing in is not possible right now, please try again in a moment';
