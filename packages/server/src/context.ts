// What every area plugin is given: passed in explicitly, never decorated onto Fastify.
import type { Config } from './config';
import type { Db } from './db/client';
import type { Keys } from './common/crypto';
import type { Mailer } from './common/mailer';
import type { Redis } from './common/redis';
import type { TBrand } from '@salesdesk/contract';

export interface AppContext {
  db: Db;
  dbKind: 'pglite' | 'postgres';
  config: Config;
  keys: Keys;
  mailer: Mailer;
  brand: TBrand;
  /** Cluster mode (REDIS_URL): shared by every node; undefined on a single node. */
  redis?: Redis;
}

// What every area plugin (areas.ts) is registered with.
export interface AreaOptions {
  ctx: AppContext;
}
