// A fixed-window counter per key, with bounded memory: for limits that must be counted after a check
// (a route's rate limit counts every request before the handler runs), and for limits shared by a
// Fastify route and a lane in front of Fastify (the postback's limit per client address).
export interface Window {
  /** Hits in the current window, this one included. */
  readonly count: number;
  readonly start: number;
}

export class WindowLimit<K> {
  private windows = new Map<K, { start: number; count: number }>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
    private readonly maxKeys = 100_000,
  ) {}

  /** Counts one hit and answers the key's window (read it before the next hit). */
  count(key: K, now = Date.now()): Window {
    const w = this.windows.get(key);
    if (!w || now - w.start >= this.windowMs) {
      if (this.windows.size >= this.maxKeys) this.windows.clear();
      const fresh = { start: now, count: 1 };
      this.windows.set(key, fresh);
      return fresh;
    }
    w.count += 1;
    return w;
  }

  /** True when the key's current window already holds `max` hits, so the next one is one too many; counts nothing. */
  isFull(key: K, now = Date.now()): boolean {
    const w = this.windows.get(key);
    return !!w && now - w.start < this.windowMs && w.count >= this.max;
  }

  /** Counts one hit; false when the key is over its limit in the current window. */
  hit(key: K, now = Date.now()): boolean {
    return this.count(key, now).count <= this.max;
  }
}
