// The limits of a single node: counters in this process, each family bounded in memory. Cluster mode
// falls back on these for the limits that count here when Redis is away (a postback's).
import { WindowLimit } from '../window-limit';
import type { Counted, Hit, Limit, SharedLimits } from './types';
import { WindowCounter } from './window-counter';

/** Claims kept before the expired ones are swept. */
const CLAIMS_BEFORE_SWEEP = 1000;

export class MemoryLimits implements SharedLimits {
  private readonly counters = new Map<string, WindowCounter>();
  private readonly windows = new Map<string, WindowLimit<string>>();
  private readonly claims = new Map<string, Map<string, number>>();

  /** The try counters of a family (sign-in tries count, give back and slow down). */
  counter(limit: Limit): WindowCounter {
    let c = this.counters.get(limit.kind);
    if (!c) this.counters.set(limit.kind, (c = new WindowCounter(limit.windowMs)));
    return c;
  }

  /** The fixed windows of a family (hits that are never given back). */
  window(limit: Limit): WindowLimit<string> {
    let w = this.windows.get(limit.kind);
    if (!w) this.windows.set(limit.kind, (w = new WindowLimit<string>(limit.max, limit.windowMs)));
    return w;
  }

  startTry(counters: Counted[], slow: number) {
    return Promise.resolve(this.startTryAt(counters, slow, Date.now()));
  }

  startTryAt(counters: Counted[], slow: number, now: number): number | null {
    if (counters.some((c) => this.counter(c.limit).count(c.key, now) >= c.limit.max)) return null;
    const before = this.counter(counters[slow].limit).count(counters[slow].key, now);
    for (const c of counters) this.counter(c.limit).add(c.key, now);
    return before;
  }

  endTry(reset: Counted[], undo: Counted[]) {
    for (const c of reset) this.counter(c.limit).delete(c.key);
    for (const c of undo) this.counter(c.limit).undo(c.key);
    return Promise.resolve();
  }

  hit(c: Counted) {
    return Promise.resolve(this.hitAt(c, Date.now()));
  }

  hitAt(c: Counted, now: number): Hit {
    const w = this.window(c.limit).count(c.key, now);
    return { count: w.count, resetMs: w.start + c.limit.windowMs - now };
  }

  isFull(c: Counted) {
    return Promise.resolve(this.window(c.limit).isFull(c.key));
  }

  hitBoth(first: Counted, then: Counted | null) {
    const now = Date.now();
    const hit = this.hitAt(first, now);
    if (!then || hit.count > first.limit.max) return Promise.resolve({ first: hit });
    return Promise.resolve({ first: hit, then: this.hitAt(then, now).count <= then.limit.max });
  }

  claimOnce(kind: string, key: string, ttlMs: number) {
    let claimed = this.claims.get(kind);
    if (!claimed) this.claims.set(kind, (claimed = new Map()));
    const now = Date.now();
    const until = claimed.get(key);
    if (until !== undefined && until > now) return Promise.resolve(false);
    claimed.set(key, now + ttlMs);
    if (claimed.size >= CLAIMS_BEFORE_SWEEP)
      for (const [k, end] of claimed) if (end <= now) claimed.delete(k);
    return Promise.resolve(true);
  }
}

/** This process's limits: every limit of a single node, and cluster mode's fallback. */
export const inProcessLimits = new MemoryLimits();
