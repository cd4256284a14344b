// Which (type, agent, IP) keys already clicked in an Eastern day: a bounded in-memory set per day. Each key
// also holds its REPEAT window (repeats.ts): the rules ask for it before the answer, and the same lookup
// then says whether the click is the first of the day.
import { easternDay, easternDayStart } from '@salesdesk/contract';
import {
  counted,
  holdsClicks,
  NO_CLICKS,
  REPEATED,
  type RepeatKey,
  type RepeatWindows,
  type Slot,
} from './repeats';

const HOUR_MS = 3_600_000;
/** Keys remembered per day; past it the oldest are forgotten (and may count unique once more). */
export const MAX_KEYS_PER_DAY = 500_000;
/** Days kept at once: today, yesterday around midnight, and one more for back-filled history. */
const MAX_DAYS = 3;

/**
 * One Eastern day's keys, looked up by agent, then type, then IP: no key string is built per click. A ring
 * of the keys in arrival order (filled up to the bound, then overwritten oldest first) says which to forget.
 * Each key's value is its repeat window.
 */
class DayKeys {
  private readonly byAgent = new Map<number, Map<number, Map<string, Slot>>>();
  private readonly agents: number[] = [];
  private readonly types: number[] = [];
  private readonly ips: string[] = [];
  private oldest = 0;

  constructor(private readonly max: number) {}

  get size(): number {
    return this.agents.length;
  }

  has(typeId: number, agentId: number, ip: string): boolean {
    return this.byAgent.get(agentId)?.get(typeId)?.has(ip) ?? false;
  }

  /** A key's slot, if held. */
  slot(typeId: number, agentId: number, ip: string): Slot | undefined {
    return this.byAgent.get(agentId)?.get(typeId)?.get(ip);
  }

  /** The keys of one link, by IP. */
  ipsOf(typeId: number, agentId: number): Map<string, Slot> {
    let types = this.byAgent.get(agentId);
    if (!types) this.byAgent.set(agentId, (types = new Map()));
    let ips = types.get(typeId);
    if (!ips) types.set(typeId, (ips = new Map()));
    return ips;
  }

  /** Adds a key not yet held; past the bound, the oldest key goes first. */
  add(
    typeId: number,
    agentId: number,
    ip: string,
    slot: Slot = NO_CLICKS,
    ips = this.ipsOf(typeId, agentId),
  ) {
    if (this.max <= 0) return;
    if (this.agents.length < this.max) {
      this.agents.push(agentId);
      this.types.push(typeId);
      this.ips.push(ip);
    } else {
      const i = this.oldest;
      this.byAgent.get(this.agents[i])?.get(this.types[i])?.delete(this.ips[i]);
      this.agents[i] = agentId;
      this.types[i] = typeId;
      this.ips[i] = ip;
      this.oldest = (i + 1) % this.max;
    }
    ips.set(ip, slot);
  }
}

interface Day {
  start: number;
  end: number;
  keys: DayKeys;
}

export interface UniqueKey {
  typeId: number;
  agentId: number;
  ip: string;
}

/** The Eastern day holding the instant `t` (ms) as [start, end) in ms. */
export function easternDayBounds(t: number): { start: number; end: number } {
  const start = easternDayStart(easternDay(new Date(t))).getTime();
  // A day lasts 23 to 25 hours, so 25.5 hours after its start is always inside the next day.
  const end = easternDayStart(easternDay(new Date(start + 25.5 * HOUR_MS))).getTime();
  return { start, end };
}

export class UniqueTracker implements RepeatWindows {
  // Least recently used day first (Map keeps insertion order).
  private readonly days = new Map<number, Day>();
  private current: Day | undefined;
  /** The key isRepeat() last counted, and whether it was new in its day (for firstInDayOf). */
  private counted: RepeatKey | undefined;
  private countedFirst = false;

  constructor(private readonly maxKeysPerDay = MAX_KEYS_PER_DAY) {}

  /** True when (type, agent, IP) is new in the Eastern day of `t` (ms); it is remembered either way. */
  firstInDay(typeId: number, agentId: number, ip: string, t: number): boolean {
    const keys = this.dayOf(t).keys;
    const ips = keys.ipsOf(typeId, agentId);
    if (ips.has(ip)) return false;
    keys.add(typeId, agentId, ip, NO_CLICKS, ips);
    return true;
  }

  /**
   * firstInDay() of a click, answered without a lookup when isRepeat() has just counted this very click
   * (the same object): it remembered the key then.
   */
  firstInDayOf(k: RepeatKey, t: number): boolean {
    if (k === this.counted) {
      this.counted = undefined;
      return this.countedFirst;
    }
    return this.firstInDay(k.typeId, k.agentId, k.ip, t);
  }

  /**
   * The REPEAT test of a click (repeats.ts), in the key's slot of its day. A click that is not a repeat is
   * counted and its key remembered in the day: the caller, for whom it is a valid click, then asks
   * firstInDayOf() with the same object. A key new today carries over yesterday's window in the first
   * window length after midnight.
   */
  isRepeat(k: RepeatKey, agent: number, now: number, max: number, windowMs: number): boolean {
    const day = this.dayOf(now);
    const ips = day.keys.ipsOf(k.typeId, k.agentId);
    let slot = ips.get(k.ip);
    const first = slot === undefined;
    if (slot === undefined) {
      const before = now - day.start < windowMs ? this.dayEndingAt(day.start) : undefined;
      const carried = before?.keys.slot(k.typeId, k.agentId, k.ip);
      slot = carried !== undefined && holdsClicks(carried, now, windowMs) ? carried : NO_CLICKS;
    }
    const next = counted(slot, agent, now, max, windowMs);
    if (next === REPEATED) return true;
    if (first) day.keys.add(k.typeId, k.agentId, k.ip, next, ips);
    else if (next !== slot) ips.set(k.ip, next);
    this.counted = k;
    this.countedFirst = first;
    return false;
  }

  private dayEndingAt(start: number): Day | undefined {
    for (const day of this.days.values()) if (day.end === start) return day;
    return undefined;
  }

  /** Remembers keys known to have clicked in the day of `t` (loaded from the clicks table on start). */
  preload(keys: Iterable<UniqueKey>, t: number) {
    const day = this.dayOf(t);
    for (const k of keys) {
      if (day.keys.size >= this.maxKeysPerDay) break;
      if (!day.keys.has(k.typeId, k.agentId, k.ip)) day.keys.add(k.typeId, k.agentId, k.ip);
    }
  }

  private dayOf(t: number): Day {
    const current = this.current;
    if (current && t >= current.start && t < current.end) return current;
    let day = [...this.days.values()].find((d) => t >= d.start && t < d.end);
    if (day) this.days.delete(day.start);
    else day = { ...easternDayBounds(t), keys: new DayKeys(this.maxKeysPerDay) };
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
