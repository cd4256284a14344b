// The REPEAT reason in cluster mode (issue 35): the window of each (link, address, user agent) is kept in
// Redis, so a repeat is counted whichever node each click reaches. One script per click (a sorted set of
// the counted click times: the stale ones dropped, then counted or refused), pipelined with the tick's
// other commands. When Redis does not answer, the click still redirects: this node counts it alone.
import crypto from 'node:crypto';
import type { Redis } from '../common/redis';
import { repeatKey, type RepeatKey, type RepeatWindows } from './repeats';

/** KEYS: the window; ARGV: now ms, window ms, max, a member naming this click. 1: a repeat (not counted). */
const REPEAT = `
local now = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[2]))
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 1 end
redis.call('ZADD', KEYS[1], now, ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 0
`;

type Script = (...args: Array<string | number>) => Promise<unknown>;

export class SharedRepeats {
  private readonly script: Script;
  private readonly node = crypto.randomBytes(4).toString('hex');
  private seq = 0;

  constructor(
    redis: Redis,
    private readonly here: RepeatWindows,
  ) {
    redis.defineCommand('sdRepeat', { numberOfKeys: 1, lua: REPEAT });
    this.script = (redis as unknown as { sdRepeat: Script }).sdRepeat.bind(redis);
  }

  async isRepeat(k: RepeatKey, agent: number, now: number, max: number, windowMs: number): Promise<boolean> {
    const key = `repeat:${repeatKey(k.typeId, k.agentId, k.ip, agent)}`;
    try {
      return (await this.script(key, now, windowMs, max, `${this.node}:${++this.seq}`)) === 1;
    } catch {
      return this.here.isRepeat(k, agent, now, max, windowMs);
    }
  }
}
