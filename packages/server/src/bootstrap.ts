// Config -> database (migrated) -> the context every area receives.
import { loadBrand } from './brand';
import type { Config } from './config';
import type { AppContext } from './context';
import { loadKeys } from './common/crypto';
import { createMailer } from './common/mailer';
import { openConfiguredDatabase, type Database } from './db/client';
import { openRedis } from './common/redis';

export async function createContext(config: Config): Promise<{ ctx: AppContext; database: Database }> {
  const database = await openConfiguredDatabase(config);
  const ctx: AppContext = {
    db: database.db,
    dbKind: database.kind,
    config,
    keys: loadKeys(config.secretKey, config.dataDir),
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir }),
    brand: loadBrand(config.brand),
  };
  if (config.redisUrl) {
    try {
      ctx.redis = await openRedis(config.redisUrl, config.redisPrefix);
    } catch (err) {
      await database.close();
      throw err;
    }
    const redis = ctx.redis;
    const closeDb = database.close;
    // Closing the services closes both, the database last (the click journal drains into it).
    database.close = async () => {
      await redis.quit().catch(() => redis.disconnect());
      await closeDb();
    };
  }
  return { ctx, database };
}
