// npm run rebuild-rollups [-- --from YYYY-MM-DD --to YYYY-MM-DD --chunk-days N]: recomputes stats_daily
// from the raw clicks and sales day by day, with a progress bar on stderr, then checks the result.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/client';
import { countRollupMismatches, rebuildRollups } from './rebuild';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const BAR_WIDTH = 30;

function progressBar(daysDone: number, days: number): string {
  const share = days ? daysDone / days : 1;
  const filled = Math.round(share * BAR_WIDTH);
  return `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${Math.floor(share * 100)}% ${daysDone}/${days} days`;
}

function reporter() {
  let lastTenth = -1;
  return ({ daysDone, days }: { daysDone: number; days: number }) => {
    if (process.stderr.isTTY) {
      process.stderr.write(`\r${progressBar(daysDone, days)}`);
      if (daysDone === days) process.stderr.write('\n');
      return;
    }
    // Without a terminal, one line per 10 percent keeps logs short.
    const tenth = Math.floor((daysDone / days) * 10);
    if (tenth !== lastTenth) process.stderr.write(`${progressBar(daysDone, days)}\n`);
    lastTenth = tenth;
  };
}

const { values } = parseArgs({
  options: {
    from: { type: 'string' },
    to: { type: 'string' },
    'chunk-days': { type: 'string', default: '1' },
  },
});
for (const day of [values.from, values.to]) {
  if (day !== undefined && !DAY.test(day)) throw new Error(`Not a day (YYYY-MM-DD): ${day}`);
}

const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  const started = Date.now();
  const scope = { from: values.from, to: values.to };
  const days = await rebuildRollups(database.db, {
    ...scope,
    chunkDays: Number(values['chunk-days']),
    onProgress: reporter(),
  });
  const mismatches = await countRollupMismatches(database.db, scope);
  console.log(
    `Rebuilt stats_daily for ${days} days in ${((Date.now() - started) / 1000).toFixed(1)} s; ${mismatches} rows differ from the raw rows.`,
  );
  if (mismatches) process.exitCode = 1;
} finally {
  await database.close();
}
