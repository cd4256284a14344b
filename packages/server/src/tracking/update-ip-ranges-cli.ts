// npm run update-ip-ranges -- FILE: stores FILE as the data center list of the DATACENTER reason (issue 35),
// as the upload on System Options does: one address or CIDR range per line, an optional label after it,
// `#` comments, and a `# date: YYYY-MM-DD` line saying when it was made. A line that does not read stops
// it with its number, and nothing is stored. On PostgreSQL the running servers reload at once; the
// embedded store is one process's, so there stop the server first, or upload the file instead.
import fs from 'node:fs/promises';
import path from 'node:path';
import { easternDay, formatCounted } from '@salesdesk/contract';
import { publishChange } from '../common/changes';
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/client';
import { AppError } from '../http/errors';
import { storeDatacenterList } from './datacenter-list';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run update-ip-ranges -- FILE');
  process.exit(2);
}
// npm runs the workspace's script in its own folder; the path is the caller's (INIT_CWD).
const where = path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
const text = await fs.readFile(where, 'utf8').catch((err: NodeJS.ErrnoException) => {
  console.error(err.code === 'ENOENT' ? `No such file: ${where}` : `Cannot read ${where}: ${err.message}`);
  process.exit(1);
});
const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  const stored = await storeDatacenterList(database.db, text, null, easternDay(new Date()));
  await publishChange({ db: database.db, dbKind: database.kind }, 'tracking');
  console.log(
    `Stored the data center list: ${formatCounted(stored.entries, 'range')}, dated ${stored.listDate}.`,
  );
} catch (err) {
  if (!(err instanceof AppError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
