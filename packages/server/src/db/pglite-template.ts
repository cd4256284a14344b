// A new PGlite database pays for its initdb: about 3 s of one core, 10 s on a loaded two-core machine.
// The tests make dozens (each migration, backup and restore case, each process a durability test
// spawns). With PGLITE_TEMPLATE_ENV naming a freshly initialised, empty data directory (the tests' global
// setup makes one), a new database starts as a copy of it instead: opening an existing folder takes
// about 0.6 s, loading the same files into memory about 1 s. The copy holds nothing but what initdb
// wrote, so every migration still runs on it. Test-only: ignored when NODE_ENV=production.
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

export const PGLITE_TEMPLATE_ENV = 'SALESDESK_TEST_PGLITE_TEMPLATE';
/** The template as a tar file beside its folder, for databases in memory. */
const tarOf = (template: string) => `${template}.tar`;

/** Opens PGlite in `dataDir` (made when missing) or in memory, from the template when there is one. */
export async function createPglite(dataDir?: string): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  const template = process.env.NODE_ENV === 'production' ? undefined : process.env[PGLITE_TEMPLATE_ENV];
  if (!dataDir) {
    if (!template) return PGlite.create();
    return PGlite.create({ loadDataDir: new Blob([fs.readFileSync(tarOf(template))]) });
  }
  const fresh = !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  if (template && fresh) fs.cpSync(template, dataDir, { recursive: true });
  return PGlite.create(dataDir);
}

/** Makes the template in `folder` (and its tar file): what a new database holds before any migration. */
export async function makePgliteTemplate(folder: string): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(folder);
  try {
    const tar = await db.dumpDataDir('none');
    fs.writeFileSync(tarOf(folder), Buffer.from(await tar.arrayBuffer()));
  } finally {
    await db.close();
  }
}
