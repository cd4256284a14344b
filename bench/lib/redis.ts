// The cluster-mode runs' Redis keys, removed afterwards (the Redis may be shared: never FLUSHDB).
import { openRedis } from '@salesdesk/server/src/common/redis';

/** Deletes every key that starts with `prefix`. */
export async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = await openRedis(url, '');
  try {
    for (let cursor = '0'; ;) {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      if ((cursor = next) === '0') break;
    }
  } finally {
    redis.disconnect();
  }
}
