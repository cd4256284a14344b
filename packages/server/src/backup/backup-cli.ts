// npm run backup -- FILE: a consistent copy of the whole database, taken while the server runs.
import { typedPath } from '../common/typed-path';
import { loadConfig } from '../config';
import { takeBackup } from './backup';

const typed = process.argv.slice(2).find((a) => !a.startsWith('-'));
const file = typed && typedPath(typed);
if (!file || process.argv.includes('--help')) {
  console.error('usage: npm run backup -- FILE');
  process.exit(file ? 0 : 2);
}
try {
  await takeBackup(loadConfig(), file, (line) => console.log(line));
  process.exit(0);
} catch (err) {
  console.error(`backup failed: ${(err as Error).message}`);
  process.exit(1);
}
