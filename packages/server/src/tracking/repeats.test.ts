// The repeat windows (issue 35) as the unique keys hold them: counted as a plain list of times would,
// across midnight, bounded in user agents per address, answering uniqueness from the same lookup; and the
// user-agent memory that hands them the hash.
import { describe, expect, it } from 'vitest';
import { MAX_AGENTS_PER_ADDRESS } from './repeats';
import { UniqueTracker as RepeatCounter } from './uniques';
import { agentHash, agentTraits, userAgentReason } from './user-agent-reason';

const MIN = 60_000;
const link = { typeId: 3, agentId: 7, ip: '198.51.100.20' };

/** The reference: a plain list of counted times per key, no generations, no bound. */
class Reference {
  private readonly times = new Map<string, number[]>();
  isRepeat(key: string, now: number, max: number, windowMs: number): boolean {
    const t = (this.times.get(key) ?? []).filter((x) => x > now - windowMs);
    this.times.set(key, t);
    if (t.length >= max) return true;
    t.push(now);
    return false;
  }
}

describe('repeat windows', () => {
  it('answers as a plain per-key list does, over hours of clicks and across midnight', () => {
    const r = new RepeatCounter();
    const ref = new Reference();
    let seed = 42;
    const rand = (n: number) => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) % n;
    let now = Date.parse('2026-11-28T02:00:00Z'); // 21:00 Eastern: midnight comes three hours in
    const answers: boolean[] = [];
    for (let i = 0; i < 20_000; i++) {
      now += 1000 * rand(3); // whole seconds (the windows' unit), about 1 s apart: 60 a minute, swapped 300 times
      const k = { typeId: 1 + rand(4), agentId: 1 + rand(2), ip: `10.0.0.${rand(3)}` };
      const agent = rand(3);
      const got = r.isRepeat(k, agent, now, 4, MIN);
      expect(got, `click ${i}`).toBe(ref.isRepeat(`${k.typeId}:${k.agentId}:${k.ip}:${agent}`, now, 4, MIN));
      answers.push(got);
    }
    // Both answers occur, so the comparison means something.
    expect(answers.filter(Boolean).length).toBeGreaterThan(500);
    expect(answers.filter((a) => !a).length).toBeGreaterThan(1000);
  });

  it('keeps a window whose clicks straddle midnight, and the next day counts its own uniques', () => {
    const r = new RepeatCounter();
    const midnight = Date.parse('2026-11-29T05:00:00Z'); // 00:00 Eastern
    const at = (min: number) => r.isRepeat(link, 1, midnight + min * MIN, 2, 10 * MIN);
    expect(at(-8)).toBe(false);
    expect(at(-7)).toBe(false);
    expect(at(1)).toBe(true); // the two before midnight are still in the window
    expect(at(3)).toBe(false); // the one at -8 has aged out
    const k = { ...link, ip: '198.51.100.21' };
    expect(r.isRepeat(k, 1, midnight + MIN, 2, 10 * MIN)).toBe(false);
    expect(r.firstInDayOf(k, midnight + MIN)).toBe(true);
    expect(r.firstInDay(k.typeId, k.agentId, k.ip, midnight + 2 * MIN)).toBe(false);
  });

  it('answers uniqueness from the count it just made, for that very click only', () => {
    const r = new RepeatCounter();
    const t = Date.parse('2026-11-28T15:00:00Z');
    const a = { ...link };
    expect(r.isRepeat(a, 1, t, 10, 10 * MIN)).toBe(false);
    expect(r.firstInDayOf(a, t)).toBe(true);
    const b = { ...link };
    expect(r.isRepeat(b, 1, t + 1000, 10, 10 * MIN)).toBe(false);
    expect(r.firstInDayOf(b, t + 1000)).toBe(false);
    // A click the rules flagged before the REPEAT test never reached it: asked without a count.
    const c = { ...link, ip: '198.51.100.99' };
    expect(r.firstInDayOf(c, t)).toBe(true);
    expect(r.firstInDayOf({ ...c }, t)).toBe(false);
  });

  it('holds a bounded number of user agents per address, the newest kept', () => {
    const r = new RepeatCounter();
    const t0 = Date.parse('2026-11-28T15:00:00Z');
    for (let a = 0; a < 10_000; a++) r.isRepeat(link, a, t0 + a, 1, 10 * MIN);
    // The newest agents are still counted (a second click is a repeat); the oldest were let go.
    expect(r.isRepeat(link, 9_999, t0 + 20_000, 1, 10 * MIN)).toBe(true);
    expect(r.isRepeat(link, 9_999 - (MAX_AGENTS_PER_ADDRESS - 2), t0 + 20_001, 1, 10 * MIN)).toBe(true);
    expect(r.isRepeat(link, 0, t0 + 20_002, 1, 10 * MIN)).toBe(false);
    // A walk of the chain never passes the bound: ten thousand agents later, still fast.
    const t = performance.now();
    for (let a = 0; a < 10_000; a++) r.isRepeat(link, 20_000 + a, t0 + 30_000, 1, 10 * MIN);
    expect(performance.now() - t).toBeLessThan(200);
  });
});

describe('agentTraits', () => {
  it('answers each of many agents, several sharing a memory slot, as a fresh lookup does', () => {
    const agents = Array.from({ length: 5000 }, (_, i) => `Mozilla/5.0 (X11; Linux x86_64) Browser/${i}.0`);
    const bots = Array.from({ length: 500 }, (_, i) => `Googlebot/${i}.1 (+http://www.google.com/bot.html)`);
    for (let pass = 0; pass < 3; pass++)
      for (const ua of [...agents, ...bots]) {
        // A new string each time, as a request's header is.
        const fresh = Buffer.from(ua).toString('latin1');
        const t = agentTraits(fresh);
        expect(t.hash).toBe(agentHash(ua));
        expect(t.reason?.reason ?? null).toBe(ua.startsWith('Googlebot') ? 'BOT' : null);
      }
  });

  it('hashes only the first 2 KiB of an agent, as much as a click keeps', () => {
    const head = `Mozilla/5.0 ${'x'.repeat(2100)}`;
    expect(agentHash(`${head}a`)).toBe(agentHash(`${head}b`));
    expect(agentHash('Mozilla/5.0 a')).not.toBe(agentHash('Mozilla/5.0 b'));
  });

  it('reads no agent, an empty one and a long one as the rules say', () => {
    expect(userAgentReason(null)?.reason).toBe('BOT');
    expect(userAgentReason('   ')?.reason).toBe('BOT');
    expect(userAgentReason(' '.repeat(600))?.reason).toBe('BOT');
    const long = `Mozilla/5.0 ${'x'.repeat(600)} Googlebot/2.1`;
    expect(agentTraits(long)).toEqual({
      reason: expect.objectContaining({ reason: 'BOT' }),
      hash: agentHash(long),
    });
  });
});
