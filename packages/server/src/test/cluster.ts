// Cluster mode in tests: several nodes, each with its own context, connection pool and Redis client,
// over the worker's PostgreSQL database and one Redis (TEST_REDIS_URL). Redis is shared by every test
// run on the machine: each test file gives its nodes a prefix of its own and drops its keys at the end.
import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { buildApp } from '../app';
import { loadBrand } from '../brand';
import type { AppContext } from '../context';
import { openRedis } from '../common/redis';
import { openDatabase } from '../db/client';
import { testConfig, testEnv, workerDatabase, type TestEnv } from './harness';

/** Cluster tests run with both TEST_REDIS_URL and TEST_DATABASE_URL (cluster mode needs PostgreSQL). */
export const clusterTestsOn = !!process.env.TEST_REDIS_URL && !!process.env.TEST_DATABASE_URL;

/** A prefix no other test run uses. */
export const testRedisPrefix = (name: string) => `test:${name}:${crypto.randomUUID()}:`;

export interface ClusterNode extends TestEnv {
  ctx: AppContext & { redis: Redis };
  close(): Promise<void>;
}

/** A node: the nodes of one test give the same prefix, as the nodes of one install share REDIS_PREFIX. */
export async function clusterNode(prefix: string, env: Record<string, string> = {}): Promise<ClusterNode> {
  const base = await testEnv();
  const url = workerDatabase();
  const redisUrl = process.env.TEST_REDIS_URL;
  if (!url || !redisUrl) throw new Error('cluster mode needs TEST_DATABASE_URL and TEST_REDIS_URL');
  const config = testConfig({ DATABASE_URL: url, REDIS_URL: redisUrl, REDIS_PREFIX: prefix, ...env });
  const database = await openDatabase({ url });
  const redis = await openRedis(config.redisUrl ?? redisUrl, prefix); // env may name another (a proxy)
  const ctx = { ...base.ctx, db: database.db, config, brand: loadBrand(config.brand), redis };
  const app = await buildApp(ctx);
  return {
    app,
    ctx,
    close: async () => {
      await app.close();
      redis.disconnect();
      await database.close();
    },
  };
}

/** A client without a prefix, to look at raw keys. */
export const rawRedis = () => new Redis(process.env.TEST_REDIS_URL ?? '', { lazyConnect: true });

/** Deletes every key under `prefix` (never FLUSHDB: the Redis is shared); TEST_REDIS_URL's by default. */
export async function dropRedisKeys(prefix: string, url = process.env.TEST_REDIS_URL ?? '') {
  const redis = new Redis(url, { lazyConnect: true });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      if (keys.length) await redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
