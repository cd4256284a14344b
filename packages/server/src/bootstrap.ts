// Config -> database (migrated) -> the context every area receives.
import path from 'node:path';
import { loadBrand } from './brand';
import type { Config } from './config';
import type { AppContext } from './context';
import { loadKeys } from './common/crypto';
import { createMailer } from './common/mailer';
import { openDatabase, type Database } from './db/client';

export async function createContext(config: Config): Promise<{ ctx: AppContext; database: Database }> {
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
  });
  const ctx: AppContext = {
    db: database.db,
    dbKind: database.kind,
    config,
    keys: loadKeys(config.secretKey, config.dataDir),
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir }),
    brand: loadBrand(config.brand),
  };
  return { ctx, database };
}
