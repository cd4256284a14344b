// Takes a backup of the configured database: pg_dump on PostgreSQL; on the embedded store, through the
// running server when there is one, else by opening the data directory here.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Config } from '../config';
import { requestBackup } from './backup-socket';
import { pgDump } from './pg-dump';
import { dumpPglite } from './pglite-dump';
import type { Progress } from './progress';

export const pgliteDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'pglite');

export async function takeBackup(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  file: string,
  progress: Progress,
): Promise<{ bytes: number }> {
  const target = path.resolve(file);
  if (config.databaseUrl) return pgDump(config.databaseUrl, target, { progress });
  const viaServer = await requestBackup(config.dataDir, target, progress);
  if (viaServer) return viaServer;
  const dir = pgliteDir(config);
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) throw new Error(`no embedded database in ${dir}`);
  progress(`no server is running on ${config.dataDir}: reading the data directory directly`);
  const pglite = await PGlite.create(dir);
  try {
    return await dumpPglite(pglite, target, { progress });
  } finally {
    await pglite.close();
  }
}
