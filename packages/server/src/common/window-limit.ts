// A fixed-window counter per key, with bounded memory: for limits that must be counted after a check
// (a route's rate limit counts every request before the handler runs).
export class WindowLimit<K> {
  private windows = new Map<K, { start: number; count: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly maxKeys = 100_000,
  ) {}

  /** Counts one hit; false when the key is over its limit in the current window. */
  hit(key: K, now = Date.now()): boolean {
    const w = this.windows.get(key);
    if (!w || now - w.start >= this.windowMs) {
      if (this.windows.size >= this.maxKeys) this.windows.clear();
      this.windows.set(key, { start: now, count: 1 });
      return true;
    }
    w.count += 1;
    return w.count <= this.max;
  }
}
