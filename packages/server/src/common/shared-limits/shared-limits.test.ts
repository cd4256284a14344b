// The two backends of the shared limits answer alike: the same cases run against this process's
// counters and, with TEST_REDIS_URL, against Redis (the scripts), with short windows on the real clock.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { openRedis, type Redis } from '../redis';
import { dropRedisKeys, testRedisPrefix } from '../../test/cluster';
import { MemoryLimits } from './memory';
import { RedisLimits } from './redis';
import { SharedLimitsDown, type Counted, type Limit, type SharedLimits } from './types';

const redisUrl = process.env.TEST_REDIS_URL;
const prefix = testRedisPrefix('shared-limits-unit');
const clients: Redis[] = [];

async function redisLimits(here = new MemoryLimits()) {
  const redis = await openRedis(redisUrl ?? '', prefix);
  clients.push(redis);
  return { limits: new RedisLimits(redis, here), redis };
}

afterAll(async () => {
  for (const c of clients) c.disconnect();
  if (redisUrl) await dropRedisKeys(prefix);
});

let n = 0;
const limit = (max: number, windowMs = 60_000): Limit => ({ kind: `k${++n}`, max, windowMs });
const at = (l: Limit, key = 'x'): Counted => ({ limit: l, key });

const backends: Array<[string, () => Promise<SharedLimits>]> = [
  ['in process', () => Promise.resolve(new MemoryLimits())],
  ...(redisUrl
    ? [['in Redis', async () => (await redisLimits()).limits] as [string, () => Promise<SharedLimits>]]
    : []),
];

describe.each(backends)('shared limits %s', (_name, make) => {
  it('counts a try on every counter, refuses at a max without counting, answers the slow count before', async () => {
    const s = await make();
    const pair = limit(2);
    const slow = limit(Infinity);
    const counters = [at(pair), at(slow)];
    expect(await s.startTry(counters, 1)).toBe(0);
    expect(await s.startTry(counters, 1)).toBe(1);
    expect(await s.startTry(counters, 1)).toBeNull();
    expect(await s.startTry([at(pair, 'y'), at(slow)], 1)).toBe(2); // refused tries counted nothing
  });

  it('starts a pair afresh and gives one try back elsewhere; giving back an absent counter adds nothing', async () => {
    const s = await make();
    const pair = limit(2);
    const ip = limit(3);
    const counters = [at(pair), at(ip)];
    await s.startTry(counters, 1);
    await s.startTry(counters, 1);
    await s.endTry([at(pair)], [at(ip), at(ip, 'absent')]);
    expect(await s.startTry(counters, 1)).toBe(1);
    expect(await s.startTry([at(pair), at(ip, 'absent')], 1)).toBe(0);
  });

  it('counts fixed windows from the first hit, and forgets them after', async () => {
    const s = await make();
    const window = 1500;
    const l = limit(2, window);
    const start = Date.now();
    const first = await s.hit(at(l), 'refuse');
    expect(first.count).toBe(1);
    expect(first.resetMs).toBeGreaterThan(window - (Date.now() - start) - 1);
    expect(first.resetMs).toBeLessThanOrEqual(window);
    const isFull = await s.isFull(at(l));
    const second = (await s.hit(at(l), 'refuse')).count;
    const nowFull = await s.isFull(at(l));
    const third = (await s.hit(at(l), 'refuse')).count;
    // A loaded CI machine can stall past the window: the counts hold only for calls made inside it.
    if (Date.now() - start < window) {
      expect([isFull, second, nowFull, third]).toEqual([false, 2, true, 3]);
    }
    await sleep(window + 100);
    expect(await s.isFull(at(l))).toBe(false);
    expect((await s.hit(at(l), 'refuse')).count).toBe(1);
  });

  it('counts the second of two only while the first stays within its max', async () => {
    const s = await make();
    const ip = limit(1);
    const site = limit(1);
    expect(await s.hitBoth(at(ip, 'a'), at(site), 'refuse')).toMatchObject({
      first: { count: 1 },
      then: true,
    });
    expect(await s.hitBoth(at(ip, 'a'), at(site), 'refuse')).toEqual({
      first: expect.objectContaining({ count: 2 }),
    });
    expect(await s.hitBoth(at(ip, 'b'), at(site), 'refuse')).toMatchObject({ then: false });
    expect(await s.hitBoth(at(ip, 'c'), null, 'refuse')).toEqual({
      first: expect.objectContaining({ count: 1 }),
    });
  });

  it('lets a key be claimed once until it expires', async () => {
    const s = await make();
    const ttl = 1000;
    const start = Date.now();
    expect(await s.claimOnce('once-test', 'nonce', ttl)).toBe(true);
    const again = await s.claimOnce('once-test', 'nonce', ttl);
    // A loaded CI machine can stall past the window between two calls: only a claim still inside it must be refused.
    if (Date.now() - start < ttl) expect(again).toBe(false);
    await sleep(ttl + 100);
    expect(await s.claimOnce('once-test', 'nonce', ttl)).toBe(true);
  });
});

describe.skipIf(!redisUrl)('shared limits in Redis, Redis away', () => {
  it('refuse, or count in the process when the limit says so', async () => {
    const here = new MemoryLimits();
    const { limits, redis } = await redisLimits(here);
    redis.disconnect();
    const l = limit(5);
    await expect(limits.startTry([at(l)], 0)).rejects.toBeInstanceOf(SharedLimitsDown);
    await expect(limits.endTry([at(l)], [])).rejects.toBeInstanceOf(SharedLimitsDown);
    await expect(limits.isFull(at(l))).rejects.toBeInstanceOf(SharedLimitsDown);
    await expect(limits.hit(at(l), 'refuse')).rejects.toBeInstanceOf(SharedLimitsDown);
    await expect(limits.claimOnce('once-test', 'down', 1000)).rejects.toBeInstanceOf(SharedLimitsDown);
    expect((await limits.hit(at(l), 'count-here')).count).toBe(1);
    expect(await limits.hitBoth(at(l), at(limit(5)), 'count-here')).toMatchObject({
      first: { count: 2 },
      then: true,
    });
    expect(here.window(l).count('x').count).toBe(3);
  });
});
