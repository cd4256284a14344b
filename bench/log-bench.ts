// `npm run bench -- logs` (also the last part of `npm run bench`): the log pages at scale and the index
// costs, written into their own block of RESULTS.md.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../packages/server/src/db/client';
import { benchIndexCosts } from './index-costs';
import { benchLogPages } from './log-pages';
import { LOGS_SCALE, scaleDatabase, vacuumAnalyze } from './log-scale-db';
import { indexCostSection, logPageSection, spliceLogSections } from './log-sections';

const here = path.dirname(fileURLToPath(import.meta.url));

export async function runLogBench(command: string, step: (msg: string) => void) {
  step(`log benchmark database (DEMO_SCALE=${LOGS_SCALE}; loaded once, then reused)`);
  const { url, loadS } = await scaleDatabase();
  if (loadS !== null) step(`loaded in ${loadS.toFixed(0)} s`);
  // Migrations first (a new index is built here), then statistics and visibility maps.
  await (await openDatabase({ url })).close();
  step('vacuum analyze');
  await vacuumAnalyze(url);
  const runs = await benchLogPages(url, (c) => step(`${c.log} log, last ${c.days} days, ${c.filter}`));
  const costs = await benchIndexCosts(step);
  const sections = [
    logPageSection('click', runs, LOGS_SCALE),
    logPageSection('sale', runs, LOGS_SCALE),
    indexCostSection(costs),
  ];
  const analysis = fs.readFileSync(path.join(here, 'log-analysis.md'), 'utf8');
  spliceLogSections(path.join(here, 'RESULTS.md'), { command, sections, analysis });
  return { runs, costs, loadS };
}
