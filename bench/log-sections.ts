// The log benchmark's part of RESULTS.md: its sections between two markers, replaced on every run so
// `npm run bench -- logs` refreshes them without touching the other figures.
import type { IndexCost } from './index-costs';
import { DEEP_PAGE, type LogMeasure } from './log-pages';
import { machine, renderSection, spliceBlock, type Block, type Figure, type Section } from './lib/report';

const START = '<!-- log benchmark: written by `npm run bench -- logs` -->';
const END = '<!-- end of log benchmark -->';

const FILTERS = { none: 'no filter', office: 'busiest office', agent: 'busiest agent' } as const;
const ms = (measure: string, value: number, baseline: string, baselineValue: number): Figure => ({
  measure,
  value,
  unit: 'ms',
  baseline,
  baselineValue,
  digits: 1,
});

export function logPageSection(log: 'click' | 'sale', runs: LogMeasure[], scale: number): Section {
  const table = log === 'click' ? 'clicks' : 'sales';
  const time = log === 'click' ? 'click_time' : 'date';
  const mine = runs.filter((r) => r.log === log);
  const label = (r: LogMeasure) => `last ${r.days} days, ${FILTERS[r.filter]}`;
  return {
    title: `${log === 'click' ? 'Click' : 'Sale'} log pages at DEMO_SCALE=${scale} (PostgreSQL)`,
    setup:
      `${log === 'click' ? 'POST click-outs/search' : 'POST sale-logs'} as the list service runs it (page query and ` +
      `total, in the bench process over the pool) for the last 7, 30 and 90 days of the history, without a filter ` +
      `and for the office and the agent with the most clicks; first page (50 rows, with the exact total) and page ` +
      `${DEEP_PAGE.toLocaleString('en-US')}. Baseline: the bare \`select * from ${table} where <same filters> order by ` +
      `${time} desc limit 50 [offset ${((DEEP_PAGE - 1) * 50).toLocaleString('en-US')}]\`, timed alternately with it; ` +
      'medians. Goal: first pages within 2x of the baseline and under 200 ms, page 1,000 under 500 ms.',
    figures: mine.flatMap((r) => [
      ms(`${label(r)}: first page + total`, r.firstMs, 'bare first page', r.bareFirstMs),
      ms(
        `${label(r)}: page ${DEEP_PAGE.toLocaleString('en-US')}`,
        r.deepMs,
        'bare same offset',
        r.bareDeepMs,
      ),
    ]),
    notes: [
      `Totals (from stats_daily for these filters) equal count(*) of the raw rows in ${mine.filter((r) => r.exact).length} ` +
        `of ${mine.length} cases; that count(*) took ${Math.round(Math.min(...mine.map((r) => r.countMs)))}-` +
        `${Math.round(Math.max(...mine.map((r) => r.countMs)))} ms.`,
      'Of each first page, the exact total alone (the stats_daily sum run beside the page query) took ' +
        mine.map((r) => r.totalMs.toFixed(1)).join(', ') +
        ' ms (median, in the order of the table).',
      `The whole request through Fastify (app.inject: token check, validation, JSON) took ` +
        mine.map((r) => `${r.requestMs.toFixed(1)}`).join(', ') +
        ' ms (median, first pages in the order of the table).',
      `Rows in the ${FILTERS.none} 90-day total: ${mine.find((r) => r.days === 90 && r.filter === 'none')?.total.toLocaleString('en-US')}.`,
    ],
  };
}

export function indexCostSection(costs: IndexCost[]): Section {
  const none = costs.find((c) => c.variant === 'none')!;
  const micros = (rowsPerS: number) => 1e6 / rowsPerS;
  const label = (c: IndexCost) =>
    c.variant === 'all'
      ? 'all four log indexes'
      : c.variant === 'all without id'
        ? 'all four without their id column (before 0003)'
        : `${c.variant} alone`;
  const others = costs.filter((c) => c.variant !== 'none');
  return {
    title: 'What the click log indexes cost the click writer (PostgreSQL)',
    setup:
      'The click batch writer (ClickWriter, 1,000-row batches with their stats_daily increments) writing 200,000 ' +
      'clicks into an emptied table of a fresh database (after a checkpoint), with no log index, with each log ' +
      'index alone, with all four, and with all four as they were before migration 0003 (without the trailing id); ' +
      'rounds alternate variant by variant. WAL written per click (median of the rounds) measures the work each ' +
      "index adds whatever the machine's load; rows/s (best of the rounds) is the time it took on this shared machine.",
    figures: others.flatMap((c) => [
      {
        measure: `${label(c)}: WAL per click`,
        value: c.walPerRow,
        unit: 'bytes',
        baseline: 'primary key only',
        baselineValue: none.walPerRow,
      },
      {
        measure: `${label(c)}: writer`,
        value: c.rowsPerS,
        unit: 'rows/s',
        baseline: 'primary key only',
        baselineValue: none.rowsPerS,
      },
    ]),
    notes: others.map(
      (c) =>
        `${c.definition}: ${(c.walPerRow - none.walPerRow).toFixed(0)} bytes more WAL and ` +
        `${c.indexBytesPerRow.toFixed(0)} bytes of index per click; ` +
        `${(micros(c.rowsPerS) - micros(none.rowsPerS)).toFixed(1)} µs per click against the primary key alone ` +
        `(${micros(c.rowsPerS).toFixed(1)} against ${micros(none.rowsPerS).toFixed(1)} µs).`,
    ),
  };
}

export const LOG_BLOCK: Block = { start: START, end: END };

/** Replaces the log benchmark's block of RESULTS.md (or adds it before the analysis). */
export function spliceLogSections(
  file: string,
  opts: { command: string; sections: Section[]; analysis: string },
) {
  spliceBlock(file, LOG_BLOCK, [
    `Written by \`${opts.command}\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; machine: ${machine()}.`,
    '',
    ...opts.sections.flatMap(renderSection),
    opts.analysis.trim(),
  ]);
}
