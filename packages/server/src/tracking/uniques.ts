// Which (type, agent, IP) keys already clicked in an Eastern day: a bounded in-memory set per day.
import { easternDay, easternDayStart } from '@salesdesk/contract';

const HOUR_MS = 3_600_000;
/** Keys remembered per day; past it the oldest are forgotten (and may count unique once more). */
export const MAX_KEYS_PER_DAY = 500_000;
/** Days kept at once: today, yesterday around midnight, and one more for back-filled history. */
const MAX_DAYS = 3;

interface Day {
  start: number;
  end: number;
  keys: Set<string>;
}

export const uniqueKey = (typeId: number, agentId: number, ip: string) => `${typeId}:${agentId}:${ip}`;

/** The Eastern day holding the instant `t` (ms) as [start, end) in ms. */
export function easternDayBounds(t: number): { start: number; end: number } {
  const start = easternDayStart(easternDay(new Date(t))).getTime();
  // A day lasts 23 to 25 hours, so 25.5 hours after its start is always inside the next day.
  const end = easternDayStart(easternDay(new Date(start + 25.5 * HOUR_MS))).getTime();
  return { start, end };
}

export class UniqueTracker {
  // Least recently used day first (Map keeps insertion order).
  private readonly days = new Map<number, Day>();
  private current: Day | undefined;

  constructor(private readonly maxKeysPerDay = MAX_KEYS_PER_DAY) {}

  /** True when `key` is new in the Eastern day of `t` (ms); the key is remembered either way. */
  firstInDay(key: string, t: number): boolean {
    const day = this.dayOf(t);
    if (day.keys.has(key)) return false;
    if (day.keys.size >= this.maxKeysPerDay) day.keys.delete(day.keys.values().next().value as string);
    day.keys.add(key);
    return true;
  }

  /** Remembers keys known to have clicked in the day of `t` (loaded from the clicks table on start). */
  preload(keys: Iterable<string>, t: number) {
    const day = this.dayOf(t);
    for (const key of keys) {
      if (day.keys.size >= this.maxKeysPerDay) break;
      day.keys.add(key);
    }
  }

  private dayOf(t: number): Day {
    const current = this.current;
    if (current && t >= current.start && t < current.end) return current;
    let day = [...this.days.values()].find((d) => t >= d.start && t < d.end);
    if (day) this.days.delete(day.start);
    else day = { ...easternDayBounds(t), keys: new Set<string>() };
    this.days.set(day.start, day);
    if (this.days.size > MAX_DAYS) this.evictOldDay();
    this.current = day;
    return day;
  }

  // The least recently used day goes, but never the real today (back-filled history must not reset it).
  private evictOldDay() {
    const now = Date.now();
    for (const day of this.days.values()) {
      if (now >= day.start && now < day.end) continue;
      this.days.delete(day.start);
      return;
    }
  }
}
