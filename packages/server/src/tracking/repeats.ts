// The REPEAT reason (issue 35): the same address and user agent on the same link more than `max` times in
// `minutes` minutes. The first `max` count; each later one within the window is a repeat. Only counted
// clicks enter the window, so a steady clicker gets one counted click back each time an old one ages out.
//
// Kept in memory by the process that answers the click (a node in cluster mode asks Redis instead,
// repeats-shared.ts). A flood of distinct keys is bounded: past MAX_KEYS the keys whose window has
// passed are dropped, then the oldest.

/** One key's counted click times, oldest first. */
type Times = number[];

export const MAX_KEYS = 200_000;
const SWEEP_EVERY = 10_000;

/** 32-bit FNV-1a of the user agent: the key holds a number, not a string of up to 2 KiB. */
export function agentHash(ua: string | null | undefined): number {
  let h = 0x811c9dc5;
  if (ua)
    for (let i = 0; i < ua.length; i++) {
      h ^= ua.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
  return h >>> 0;
}

/** The key of a (link, address, user agent): the link is the link type and the agent. */
export const repeatKey = (typeId: number, agentId: number, ip: string, ua: string | null | undefined) =>
  `${typeId}:${agentId}:${ip}:${agentHash(ua)}`;

export class RepeatCounter {
  private readonly times = new Map<string, Times>();
  private calls = 0;

  constructor(private readonly maxKeys = MAX_KEYS) {}

  /** Counts a click of `key` at `now` unless it is a repeat; true for a repeat (not counted). */
  isRepeat(key: string, now: number, max: number, windowMs: number): boolean {
    if (++this.calls % SWEEP_EVERY === 0 || this.times.size >= this.maxKeys) this.sweep(now, windowMs);
    const since = now - windowMs;
    let t = this.times.get(key);
    if (!t) {
      this.times.set(key, [now]);
      return max < 1;
    }
    let old = 0;
    while (old < t.length && t[old] <= since) old++;
    if (old) t = t.slice(old);
    if (t.length >= max) {
      if (old) this.times.set(key, t);
      return true;
    }
    t.push(now);
    if (old) this.times.set(key, t);
    return false;
  }

  get size(): number {
    return this.times.size;
  }

  /**
   * Drops the keys whose window has passed; still too many, the oldest keys go, down to nine tenths of
   * the bound, so a flood sweeps once per tenth of MAX_KEYS new keys, not on every click.
   */
  private sweep(now: number, windowMs: number) {
    const since = now - windowMs;
    for (const [key, t] of this.times) if (t[t.length - 1] <= since) this.times.delete(key);
    const keep = Math.floor(this.maxKeys * 0.9);
    for (const key of this.times.keys()) {
      if (this.times.size <= keep) break;
      this.times.delete(key);
    }
  }
}
