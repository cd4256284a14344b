// The Redis connection of cluster mode (REDIS_URL). Commands fail fast when Redis is away instead of
// queueing without bound: each caller states what it does then (a click still redirects, a sign-in
// fails closed).
import { Redis } from 'ioredis';

export type { Redis };

/**
 * How long a command may wait for its answer. A Redis that hangs (a full disk, a stopped process whose
 * socket stays open) answers nothing and drops nothing: without a limit a sign-in would wait for it as long
 * as the client does. After this the command fails like one sent while Redis is away.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;

/** Opens the connection and waits until Redis answers; a start without Redis fails with the reason. */
export async function openRedis(url: string, prefix: string): Promise<Redis> {
  const redis = new Redis(url, {
    keyPrefix: prefix,
    // One try per command while connected; while reconnecting, commands are refused at once.
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    // Commands issued in one tick go out in one write (the click path issues one per tick).
    enableAutoPipelining: true,
    lazyConnect: true,
    connectTimeout: 5000,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    retryStrategy: (times) => Math.min(times * 100, 2000),
  });
  // Errors reach the callers of each command; without a listener ioredis would print every reconnect.
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    redis.disconnect();
    throw new Error(`REDIS_URL is set but Redis does not answer: ${(err as Error).message}`);
  }
  return redis;
}
