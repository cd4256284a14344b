// The REPEAT reason (issue 35): the same address and user agent on the same link more than `max` times in
// `minutes` minutes. The first `max` count; each later one within the window is a repeat. Only counted
// clicks enter the window, so a steady clicker gets one counted click back each time an old one ages out.
// Times are kept to the second.
//
// A key's window is held where its uniqueness is (UniqueTracker, uniques.ts), as the value of the key in
// the day's keys: one lookup answers both, where two maps cost two misses in memory the processor has not
// cached (measured in the server: the second map alone cost about 5 % of its CPU per click, bench/RESULTS.md).
// Most keys are clicked once, so that case is a small integer, not an object the collector must keep: the
// click's second and 13 bits of its user agent's hash. Only a second click (or a second user agent) makes
// a window object, which holds whole hashes. (While a key has one click, a second browser whose 13 bits
// are the first one's, one pair in 8,192, shares its window.)

/** A key clicked once: (13 bits of its agent's hash) << 17 | (its second mod 2^17): a small integer. */
type Once = number;

/**
 * The counted click times of one (link, address, user agent) in seconds, oldest first, and the next user
 * agent's. `agent` is the whole hash, or for a window made from a Once of another agent, -1 - its 13 bits.
 */
export class Window {
  constructor(
    readonly agent: number,
    public times: number[],
    public next: Window | null,
  ) {}
}

/** A key's repeat state: NO_CLICKS, a Once, or its windows. */
export type Slot = Once | Window;
/** A key known to have clicked (loaded at start, or counted while REPEAT was off) with no window held. */
export const NO_CLICKS = -1;
/** counted()'s answer for a repeat: the slot stays as it was. */
export const REPEATED = -2;

/** User agents held per (link, address): past it the oldest window of the pair goes (a bounded walk). */
export const MAX_AGENTS_PER_ADDRESS = 32;

const SECONDS = 1 << 17; // 36 hours: more than the longest window (1,440 minutes)
const SHORT_HASH = 0x1fff;

/** Redis's key of a (link, address, user agent): the link is the link type and the agent. */
export const repeatKey = (typeId: number, agentId: number, ip: string, agent: number) =>
  `${typeId}:${agentId}:${ip}:${agent}`;

/** A click's link and address; its user agent is given as agentHash() of it. */
export interface RepeatKey {
  typeId: number;
  agentId: number;
  ip: string;
}

/** What counts the repeat windows: UniqueTracker, or a fixed answer asked of Redis before. */
export interface RepeatWindows {
  /** Counts a click of `k` (agent: agentHash()) at `now` ms unless it is a repeat; true for a repeat. */
  isRepeat(k: RepeatKey, agent: number, now: number, max: number, windowMs: number): boolean;
}

const once = (agent: number, second: number): Once => ((agent & SHORT_HASH) << 17) | (second & (SECONDS - 1));
/** The whole second of a Once, `second` being now (a Once is at most 36 hours old). */
const secondOf = (slot: Once, second: number) => second - ((second - slot) & (SECONDS - 1));
const matches = (w: Window, agent: number) =>
  w.agent === agent || (w.agent < 0 && -1 - w.agent === (agent & SHORT_HASH));

/** Whether `slot` holds a counted click younger than the window (the key may be a repeat). */
export function holdsClicks(slot: Slot, now: number, windowMs: number): boolean {
  if (slot === NO_CLICKS) return false;
  const second = Math.floor(now / 1000);
  const since = second - Math.ceil(windowMs / 1000);
  if (typeof slot === 'number') return secondOf(slot, second) > since;
  for (let w: Window | null = slot; w !== null; w = w.next)
    if (w.times[w.times.length - 1] > since) return true;
  return false;
}

/**
 * Counts a click of the user agent hashed `agent` at `now` ms in `slot`: the slot to keep (the same window
 * object, changed in place, or a new value), or REPEATED for a repeat (nothing counted).
 */
export function counted(slot: Slot, agent: number, now: number, max: number, windowMs: number): Slot {
  if (max < 1) return REPEATED;
  const second = Math.floor(now / 1000);
  const windowS = Math.ceil(windowMs / 1000);
  if (slot === NO_CLICKS) return once(agent, second);
  if (typeof slot === 'number') {
    const first = secondOf(slot, second);
    const alive = first > second - windowS;
    if (slot >>> 17 === (agent & SHORT_HASH)) {
      if (!alive) return once(agent, second);
      if (max <= 1) return REPEATED;
      return new Window(agent, [first, second], null);
    }
    // Another user agent: the key's first click becomes a window of its own, the new one first.
    return new Window(agent, [second], alive ? new Window(-1 - (slot >>> 17), [first], null) : null);
  }
  let w: Window | null = slot;
  let seen = 0;
  let last: Window | null = null;
  while (w !== null && !matches(w, agent)) {
    if (++seen >= MAX_AGENTS_PER_ADDRESS - 1) last ??= w;
    w = w.next;
  }
  if (w === null) {
    if (last) last.next = null;
    return new Window(agent, [second], slot);
  }
  const since = second - windowS;
  let t = w.times;
  let old = 0;
  while (old < t.length && t[old] <= since) old++;
  if (old) w.times = t = t.slice(old);
  if (t.length >= max) return REPEATED;
  t.push(second);
  return slot;
}
