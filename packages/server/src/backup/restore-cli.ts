// npm run restore -- FILE [--overwrite]: a backup into an empty database, then the migrations it lacks.
import { typedPath } from '../common/typed-path';
import { loadConfig } from '../config';
import { pgliteDir } from './backup';
import { serverRunning } from './backup-socket';
import { restoreBackup, RestoreRefused } from './restore';

const args = process.argv.slice(2);
const typed = args.find((a) => !a.startsWith('-'));
const file = typed && typedPath(typed);
const unknown = args.filter((a) => a.startsWith('-') && a !== '--overwrite');
if (!file || unknown.length || args.includes('--help')) {
  console.error(
    'usage: npm run restore -- FILE [--overwrite]   (--overwrite drops what the database holds first)',
  );
  process.exit(2);
}
const config = loadConfig();
try {
  // Two processes must never open one embedded data directory.
  if (!config.databaseUrl && (await serverRunning(config.dataDir)))
    throw new RestoreRefused(`a server is running on ${config.dataDir}: stop it before restoring`);
  await restoreBackup(
    file,
    { url: config.databaseUrl, pgliteDir: pgliteDir(config) },
    { overwrite: args.includes('--overwrite'), progress: (line) => console.log(line) },
  );
  process.exit(0);
} catch (err) {
  const why = err instanceof RestoreRefused ? 'restore refused' : 'restore failed';
  console.error(`${why}: ${(err as Error).message}`);
  process.exit(1);
}
