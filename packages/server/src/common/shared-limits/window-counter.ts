// A window per key that can give a hit back (a try that turned out right), with bounded memory: past
// `maxKeys`, the oldest windows go first, so spraying new keys cannot grow it.
export const MAX_KEYS = 50_000;

export class WindowCounter {
  // Insertion order is window-start order: a restarted window is deleted and set again.
  private readonly entries = new Map<string, { count: number; since: number }>();

  constructor(
    private readonly windowMs: number,
    private readonly maxKeys = MAX_KEYS,
  ) {}

  count(key: string, now: number): number {
    const e = this.entries.get(key);
    return e && now - e.since < this.windowMs ? e.count : 0;
  }

  add(key: string, now: number) {
    const e = this.entries.get(key);
    if (e && now - e.since < this.windowMs) {
      e.count += 1;
      return;
    }
    this.entries.delete(key);
    this.evict(now);
    this.entries.set(key, { count: 1, since: now });
  }

  /** Takes back one counted hit. */
  undo(key: string) {
    const e = this.entries.get(key);
    if (e && e.count > 0) e.count -= 1;
  }

  delete(key: string) {
    this.entries.delete(key);
  }

  get size() {
    return this.entries.size;
  }

  private evict(now: number) {
    for (const [key, e] of this.entries) {
      if (this.entries.size < this.maxKeys || now - e.since < this.windowMs) break;
      this.entries.delete(key);
    }
    const oldest = this.entries.keys().next();
    if (this.entries.size >= this.maxKeys && !oldest.done) this.entries.delete(oldest.value);
  }
}
