// Cluster mode's limits: every counter in Redis, so each node sees the others' hits. Each step is one
// script (scripts.ts), one round trip. When Redis does not answer, a step rejects with SharedLimitsDown
// (the caller refuses with a 503), or, for a limit that says 'count-here', counts in this process alone.
import type { Redis } from '../redis';
import { MemoryLimits } from './memory';
import { END_TRY, HIT, START_TRY } from './scripts';
import { SharedLimitsDown, type Counted, type Hit, type SharedLimits, type WhenDown } from './types';

type Script = (...args: Array<string | number>) => Promise<unknown>;

const keyOf = (c: Counted) => `limit:${c.limit.kind}:${c.key}`;
// A family without a max (a slowdown's counter) refuses nothing.
const maxOf = (c: Counted) => (Number.isFinite(c.limit.max) ? c.limit.max : -1);
const ceilingOf = (c: Counted) => (Number.isFinite(c.limit.max) ? c.limit.max : Number.MAX_SAFE_INTEGER);

export class RedisLimits implements SharedLimits {
  private readonly startTryScript: Script;
  private readonly endTryScript: Script;
  private readonly hitScript: Script;

  constructor(
    private readonly redis: Redis,
    private readonly here: MemoryLimits,
  ) {
    const scripts = { sdStartTry: START_TRY, sdEndTry: END_TRY, sdHit: HIT };
    for (const [name, lua] of Object.entries(scripts)) redis.defineCommand(name, { lua });
    const defined = redis as unknown as Record<keyof typeof scripts, Script>;
    this.startTryScript = defined.sdStartTry.bind(redis);
    this.endTryScript = defined.sdEndTry.bind(redis);
    this.hitScript = defined.sdHit.bind(redis);
  }

  async startTry(counters: Counted[], slow: number): Promise<number | null> {
    const windows = counters.map((c) => c.limit.windowMs);
    const before = await refuse(
      this.startTryScript(
        counters.length,
        ...counters.map(keyOf),
        ...windows,
        ...counters.map(maxOf),
        slow + 1,
      ),
    );
    return before === -1 ? null : Number(before);
  }

  async endTry(reset: Counted[], undo: Counted[]): Promise<void> {
    const keys = [...reset, ...undo].map(keyOf);
    await refuse(this.endTryScript(keys.length, ...keys, reset.length));
  }

  async hit(c: Counted, whenDown: WhenDown): Promise<Hit> {
    return (await this.hitBoth(c, null, whenDown)).first;
  }

  async isFull(c: Counted): Promise<boolean> {
    return Number(await refuse(this.redis.get(keyOf(c)))) >= c.limit.max;
  }

  async hitBoth(first: Counted, then: Counted | null, whenDown: WhenDown) {
    const keys = then ? [keyOf(first), keyOf(then)] : [keyOf(first)];
    const args = [first.limit.windowMs, ceilingOf(first), then?.limit.windowMs ?? 0];
    let answer: [number, number, number];
    try {
      answer = (await this.hitScript(keys.length, ...keys, ...args)) as [number, number, number];
    } catch (err) {
      if (whenDown === 'count-here') return this.here.hitBoth(first, then);
      throw new SharedLimitsDown(err);
    }
    const [count, left, second] = answer;
    const hit = { count, resetMs: left >= 0 ? left : first.limit.windowMs };
    return then && second > 0 ? { first: hit, then: second <= then.limit.max } : { first: hit };
  }

  async claimOnce(kind: string, key: string, ttlMs: number): Promise<boolean> {
    const ms = Math.max(1, Math.ceil(ttlMs));
    return (await refuse(this.redis.set(`once:${kind}:${key}`, '1', 'PX', ms, 'NX'))) === 'OK';
  }
}

async function refuse<T>(step: Promise<T>): Promise<T> {
  try {
    return await step;
  } catch (err) {
    throw new SharedLimitsDown(err);
  }
}
