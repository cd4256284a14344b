// The routes' own limits (@fastify/rate-limit) in cluster mode: counted by the shared limits in Redis,
// so a route allows its requests a minute per address across all nodes. Every route with such a limit
// is a sign-in step, so a Redis that does not answer refuses it (503) rather than skip the limit.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { SharedLimits } from '../common/shared-limits';
import { refuseWhenDown, SIGN_IN_UNAVAILABLE } from './limits-down';

class SharedStore implements FastifyRateLimitStore {
  constructor(
    private readonly limits: SharedLimits,
    private readonly route = '',
  ) {}

  incr(
    key: string,
    done: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow?: number,
    max?: number,
  ) {
    const limit = { kind: `route:${this.route}`, max: max ?? 0, windowMs: timeWindow ?? 60_000 };
    refuseWhenDown(this.limits.hit({ limit, key }, 'refuse'), SIGN_IN_UNAVAILABLE).then(
      (hit) => done(null, { current: hit.count, ttl: hit.resetMs }),
      (err: Error) => done(err),
    );
  }

  /** One store per limited route: the plugin hands in the route's merged options, the route as routeInfo. */
  child(options: object) {
    const route = (options as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
    return new SharedStore(this.limits, `${String(route?.method)} ${String(route?.url)}`);
  }
}

/** The store @fastify/rate-limit builds for an app whose limits live in Redis. */
export function sharedRateLimitStore(limits: SharedLimits): FastifyRateLimitStoreCtor {
  return class extends SharedStore {
    constructor() {
      super(limits);
    }
  };
}
