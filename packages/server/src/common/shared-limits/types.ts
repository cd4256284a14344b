// What must hold across nodes, behind one API: counters in this process on a single node, in Redis in
// cluster mode (REDIS_URL). Each area keeps its own rules and figures and hands them in as a Limit.

/** A family of counters: its name (its own keys; in this process, its own memory bound), max and window. */
export interface Limit {
  readonly kind: string;
  /** Hits a window may hold; Infinity for a counter that only counts (a slowdown reads it). */
  readonly max: number;
  readonly windowMs: number;
}

/** One counter of a family. */
export interface Counted {
  limit: Limit;
  key: string;
}

/** A fixed window after a hit: its hits, this one included, and the time left until it ends. */
export interface Hit {
  count: number;
  resetMs: number;
}

/**
 * What a limit does when the shared store does not answer: refuse (the call rejects with
 * SharedLimitsDown; the caller answers 503), or count in this process alone.
 */
export type WhenDown = 'refuse' | 'count-here';

export interface SharedLimits {
  /**
   * One try of a secret (a password, a code), counted as failed before it is checked so tries at once
   * cannot all slip under a limit: null, counting nothing, when one counter already holds its max;
   * else every counter counts it and the answer is what `counters[slow]` held before.
   */
  startTry(counters: Counted[], slow: number): Promise<number | null>;
  /** The try was right: `reset` start afresh, `undo` give back the one try each counted. */
  endTry(reset: Counted[], undo: Counted[]): Promise<void>;
  /** Counts one hit in the key's fixed window (the window starts at its first hit). */
  hit(c: Counted, whenDown: WhenDown): Promise<Hit>;
  /** True when the window already holds `max` hits, so the next is one too many; counts nothing. */
  isFull(c: Counted): Promise<boolean>;
  /**
   * Counts `first`, then `then` only when `first` stayed within its max, in one step (one round trip):
   * `then` answers whether it stayed within its own, or undefined when it was not counted.
   */
  hitBoth(first: Counted, then: Counted | null, whenDown: WhenDown): Promise<{ first: Hit; then?: boolean }>;
  /** True the first time a key is claimed within `ttlMs`; false for every later claim. */
  claimOnce(kind: string, key: string, ttlMs: number): Promise<boolean>;
}

/** The shared store did not answer; the caller answers 503 (SharedLimits never fails this way in process). */
export class SharedLimitsDown extends Error {
  constructor(cause: unknown) {
    super('The shared limits store (Redis) did not answer', { cause });
  }
}
