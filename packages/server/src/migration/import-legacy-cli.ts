// npm run import-legacy -- FILE.csv: loads an old server's agent export into migration_agents (see
// README, "Migration from the old server"). Exits 1, having loaded nothing, when any line is bad.
import fs from 'node:fs';
import path from 'node:path';
import { createContext } from '../bootstrap';
import { typedPath } from '../common/typed-path';
import { loadConfig } from '../config';
import { importLegacyFile } from './import-legacy';

const arg = process.argv[2];
if (!arg) {
  console.error('Usage: npm run import-legacy -- FILE.csv');
  process.exit(2);
}
const file = typedPath(arg);
if (!fs.existsSync(file)) {
  console.error(`No such file: ${file}`);
  process.exit(2);
}

const progress = (lines: number) => {
  if (process.stderr.isTTY) process.stderr.write(`\rRead ${lines} lines`);
  else process.stderr.write(`Read ${lines} lines\n`);
};

const { ctx, database } = await createContext(loadConfig());
try {
  const result = await importLegacyFile(ctx, file, progress);
  if (process.stderr.isTTY) process.stderr.write('\n');
  if (result.errors.length) {
    for (const e of result.errors) console.error(`line ${e.line}: ${e.message}`);
    console.error(`${result.errors.length} errors in ${path.basename(file)}: nothing was imported.`);
    process.exitCode = 1;
  } else {
    console.log(
      `Read ${result.lines} lines: ${result.imported} agents imported, ${result.alreadyImported} already imported before.`,
    );
  }
} finally {
  await database.close();
}
