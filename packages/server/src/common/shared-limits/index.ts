// The limits that must hold across nodes (DESIGN.md section 8): sign-in tries, per-address and per-site
// limits, used captcha answers. In this process on a single node; in Redis when REDIS_URL is set.
// When Redis does not answer, a step throws SharedLimitsDown: http/limits-down.ts answers it with a 503.
import type { Redis } from '../redis';
import { inProcessLimits } from './memory';
import { RedisLimits } from './redis';
import type { SharedLimits } from './types';

export { inProcessLimits } from './memory';
export { SharedLimitsDown, type Counted, type Hit, type Limit, type SharedLimits } from './types';

const byClient = new WeakMap<Redis, RedisLimits>();

/** The limits of this app: in Redis in cluster mode (one set per connection), else this process's. */
export function sharedLimits(ctx: { redis?: Redis }): SharedLimits {
  if (!ctx.redis) return inProcessLimits;
  let limits = byClient.get(ctx.redis);
  if (!limits) byClient.set(ctx.redis, (limits = new RedisLimits(ctx.redis, inProcessLimits)));
  return limits;
}
