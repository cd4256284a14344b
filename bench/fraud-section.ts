// The fraud rules' part of RESULTS.md (issue 22's bar): one block between two markers, replaced by every
// `npm run bench -- fraud` (and `npm run bench`) without touching the other figures.
import { FRAUD_RULE_KEYS } from '@salesdesk/contract';
import { POSTBACK_CONNECTIONS } from './event-path';
import { CLICK_AGE_S, type FraudRound, type FraudStoreRun } from './fraud-cost';
import type { StatementRun } from './fraud-statement';
import { DURATION_S, WARMUP_S } from './lib/load';
import { median } from './lib/median';
import { machine, renderSection, spliceBlock, type Block, type Figure, type Section } from './lib/report';
import { EXTRA_SITES } from './postback-load';

export const FRAUD_BLOCK: Block = {
  start: '<!-- fraud rules on the postback path: written by `npm run bench -- fraud` -->',
  end: '<!-- end of fraud rules on the postback path -->',
};

/** The bar: every rule on "flag" answers at least this share of the postbacks every rule "off" answers. */
export const FRAUD_BAR = 0.9;

const int = (x: number) => Math.round(x).toLocaleString('en-US');

/** Each pair's flag/off ratio of postbacks per second, in the order run. */
export function pairRatios(run: FraudStoreRun): number[] {
  const pairs = [...new Set(run.rounds.map((r) => r.pair))];
  return pairs.map((p) => {
    const of = (mode: string) => run.rounds.find((r) => r.pair === p && r.mode === mode)!.load.rps;
    return of('flag') / of('off');
  });
}

function storeFigures(run: FraudStoreRun): Figure[] {
  const by = (mode: string, f: (r: FraudRound) => number) =>
    median(run.rounds.filter((r) => r.mode === mode).map(f));
  const figure = (measure: string, unit: string, f: (r: FraudRound) => number, digits = 0): Figure => ({
    measure: `${run.store}: ${measure}`,
    value: by('flag', f),
    unit,
    baseline: 'every rule off',
    baselineValue: by('off', f),
    digits,
  });
  return [
    figure('postbacks per second, every rule flag (median)', '/s', (r) => r.load.rps),
    figure('mean latency (median of rounds)', 'ms', (r) => r.load.mean, 2),
    figure('server CPU per postback (median)', 'µs', (r) => r.serverUs),
    ...(run.store === 'PostgreSQL'
      ? [
          figure("the app's backends' CPU per postback (median)", 'µs', (r) => r.backendUs ?? 0),
          figure(
            'server and backends together, CPU per postback (median)',
            'µs',
            (r) => r.serverUs + (r.backendUs ?? 0),
          ),
        ]
      : []),
  ];
}

function storeNotes(run: FraudStoreRun): string[] {
  const ratios = pairRatios(run);
  const m = median(ratios);
  const flagRounds = run.rounds.filter((r) => r.mode === 'flag');
  const flaggedIn = (rounds: FraudRound[]) =>
    FRAUD_RULE_KEYS.map(
      (k) => `${k} ${rounds.reduce((sum, r) => sum + r.flagged[k], 0).toLocaleString('en-US')}`,
    ).join(', ');
  const answered = run.rounds.reduce((sum, r) => sum + r.load.rps * DURATION_S, 0);
  const loads = run.rounds.map((r) => r.load1);
  return [
    `${run.store}: flag/off postbacks per second, pair by pair: ${ratios.map((r) => r.toFixed(3)).join(', ')}; ` +
      `**median ${m.toFixed(3)}** (${ratios.length} pairs, ${ratios.length} rounds of each mode), so the rules cost ${((1 - m) * 100).toFixed(1)} % ` +
      `of the postback path: the bar (at most 10 %) ${m >= FRAUD_BAR ? 'holds' : 'is not met'}.`,
    `${run.store}, rounds in the order run (postbacks/s, 1-minute load average as it started): ` +
      run.rounds.map((r) => `${r.mode} ${int(r.load.rps)} (${r.load1.toFixed(1)})`).join(', ') +
      `. \`uptime\` as the rounds started: ${run.uptime[0]}; as they ended: ${run.uptime[1]}. ` +
      `Load average over the rounds ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)} on the 2 CPUs.`,
    `${run.store}: sales of the load that tripped a rule, all flag rounds together (of the ${int(
      flagRounds.reduce((sum, r) => sum + r.sent, 0),
    )} postbacks they sent, warm-ups included): ${flaggedIn(flagRounds)}; off rounds: ` +
      `${flaggedIn(run.rounds.filter((r) => r.mode === 'off'))}. ` +
      `Each round's probe sale (a fresh click, its sale at once) tripped the fast-sale rule in every flag round ` +
      `and no rule in the off rounds. Clicks ${run.clickAgeS.toFixed(0)} s old when the first round started. ` +
      `${int(answered)} postbacks answered 200 in the measured seconds; ` +
      `${run.rounds.reduce((s, r) => s + r.load.unexpected, 0)} other answers, ` +
      `${run.rounds.reduce((s, r) => s + r.load.errors, 0)} connection errors.`,
  ];
}

export function fraudSection(runs: FraudStoreRun[]): Section {
  const pinned = runs.every((r) => r.pinned);
  return {
    title: 'Fraud rules on the postback path (issue 22)',
    setup:
      `The sale postback load of "Sale postbacks" (a new txId each, ${POSTBACK_CONNECTIONS} connections, each 2,000 ` +
      `from a new X-Forwarded-For address, over the 5 demo sites and ${EXTRA_SITES} copies of them on both stores) on ` +
      `one server and one database per store, in rounds of ${WARMUP_S} s warm-up and ${DURATION_S} s measured that ` +
      `alternate every fraud rule "off" and every rule "flag" (set as System Options saves them, POST /api/options, ` +
      `before each round), pair by pair in turn (off then flag, flag then off, ...), so the machine's load and the ` +
      `tables' growth fall on both modes alike. Both modes write the same rows: the load starts once its clicks ` +
      `are at least ${CLICK_AGE_S} s old (BENCH_CLICK_AGE_S; the fast-sale window is 15 s) and each round's customer ` +
      `e-mails are its own, so the flag rounds measure the rules' lookups in the sale's statement (and the refund ` +
      `rate's list, read once a minute), not the review index's entries of flagged sales (the notes count the ` +
      `sales that tripped a rule). Before each round a probe sale on a fresh click checks the mode in force. ` +
      (pinned
        ? 'The server alone on CPU 1, the bench process (autocannon) on CPU 0 (`taskset`); PostgreSQL not pinned. '
        : 'No pinning (taskset missing or BENCH_PIN=0). ') +
      `The bar: the median of the pairs' flag/off ratios of postbacks per second at least ${FRAUD_BAR}. The table ` +
      `gives each mode's median over its rounds.`,
    figures: runs.flatMap(storeFigures),
    notes: [
      ...runs.flatMap(storeNotes),
      "Server CPU is the server process (with PGlite, the database in it); the backends are the app pool's " +
        'PostgreSQL processes of this database, counted from /proc, so the other tests sharing the machine are ' +
        'not in it (a backend opened during a round counts whole; ' +
        `${runs.reduce((n, run) => n + run.rounds.reduce((m, r) => m + r.closedBackends, 0), 0)} closed during a ` +
        'round, whose time is missing). Per postback: divided by the postbacks answered 200 in the measured seconds.',
    ],
  };
}

export function statementSection(runs: StatementRun[]): Section {
  return {
    title: `Fraud rules: the sale statement alone (issue 22, ${runs.map((r) => r.store).join(' and ')})`,
    setup:
      "The postback's sale statement (insertSale, as the service calls it) on the demo data, without the server's " +
      'HTTP work: every rule off, every rule flag, and each rule alone on "flag", on clicks an hour old with a new ' +
      'e-mail and txId each, in blocks of sales that go round the variants (the order reversed every pass): ' +
      runs
        .map((r) =>
          r.store === 'PostgreSQL'
            ? `PostgreSQL ${r.passes} passes of ${r.block} sales, 10 at a time over the pool, CPU of the ` +
              "database's backends from /proc/<pid>/schedstat"
            : `PGlite ${r.passes} passes of ${r.block} sales, one at a time in the bench process, its CPU`,
        )
        .join('; ') +
      ". A figure is the median of the passes' CPU per sale; the notes give the median of each pass's " +
      'difference from the off block of the same pass, which the machine load moves less.',
    figures: runs.flatMap((run) => {
      const off = run.costs.find((c) => c.label === 'off')!;
      return run.costs
        .filter((c) => c.label !== 'off')
        .map((c) => ({
          measure: `${run.store}: ${c.label === 'flag' ? 'every rule flag' : c.label.replace(', before', ' (every rule flag, the code before)')}`,
          value: c.cpuUs,
          unit: 'µs',
          baseline: 'every rule off',
          baselineValue: off.cpuUs,
          digits: 1,
        }));
    }),
    notes: runs.map(
      (run) =>
        `${run.store}, CPU per sale over the off block of the same pass (median, quartiles): ` +
        run.costs
          .filter((c) => c.label !== 'off')
          .map(
            (c) =>
              `${c.label} ${c.overOff[0].toFixed(1)} µs (${c.overOff[1].toFixed(1)} .. ${c.overOff[2].toFixed(1)})`,
          )
          .join('; ') +
        '.',
    ),
  };
}

/** `command` as run: with the settings of the run that are not the defaults. */
export function fraudCommand(command: string): string {
  const names = [
    'BENCH_FRAUD_PAIRS',
    'BENCH_CLICK_AGE_S',
    'BENCH_FRAUD_DB',
    'BENCH_PIN',
    'BENCH_DURATION_S',
    'BENCH_WARMUP_S',
    'BENCH_SITES',
    'BENCH_STMT_PASSES',
    'BENCH_STMT_BLOCK',
  ];
  const set = names.filter((n) => process.env[n] !== undefined).map((n) => `${n}=${process.env[n]} `);
  // The other checkout is a directory of this machine: named by what it is, not where.
  const before = process.env.BENCH_APP_ROOT ? 'BENCH_APP_ROOT=<checkout of the code before> ' : '';
  return `${before}${set.join('')}${command}`;
}

/** Replaces the fraud block of RESULTS.md (or adds it before the analysis). */
export function spliceFraud(
  file: string,
  runs: { load: FraudStoreRun[]; statements: StatementRun[] },
  command: string,
  analysis: string,
) {
  spliceBlock(file, FRAUD_BLOCK, [
    `Written by \`${command}\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; machine: ${machine()}.`,
    '',
    ...renderSection(fraudSection(runs.load)),
    ...renderSection(statementSection(runs.statements)),
    analysis.trim(),
  ]);
}
