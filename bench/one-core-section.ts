// The one-core click figures as a RESULTS.md section.
import { execFileSync } from 'node:child_process';
import { ONE_CORE_CONNECTIONS, ONE_CORE_SECONDS, type OneCoreRun, type OneCoreServer } from './one-core';
import { LOAD_CPU, SERVER_CPU } from './lib/pinning';
import { machine, renderSection, spliceBlock, type Block, type Section } from './lib/report';

/** CPU microseconds per answered request, of the server and of PostgreSQL, in the wrk run. */
export function cpuPerRequest(s: OneCoreServer) {
  const answered = Math.max(1, s.max.requests);
  return {
    serverUs: (s.max.cpu.serverS * 1e6) / answered,
    postgresUs: (s.max.cpu.postgresS * 1e6) / answered,
  };
}

const busy = (s: OneCoreServer, cpu: string) => `${Math.round(100 * (s.max.cpu.busy[Number(cpu)] ?? NaN))} %`;

function note(label: string, s: OneCoreServer): string {
  const cpu = cpuPerRequest(s);
  const ms = (x: number) => `${x.toFixed(2)} ms`;
  return (
    `${label}: wrk ${Math.round(s.max.rps).toLocaleString('en-US')} req/s (p50 ${ms(s.max.p50Ms)}, p99 ${ms(s.max.p99Ms)}), ` +
    `CPU per request: server ${cpu.serverUs.toFixed(0)} µs, PostgreSQL ${cpu.postgresUs.toFixed(0)} µs; ` +
    `busy: CPU ${SERVER_CPU} ${busy(s, SERVER_CPU)}, CPU ${LOAD_CPU} ${busy(s, LOAD_CPU)}; ` +
    `paced at ${s.paced.rate.toLocaleString('en-US')}/s: ${Math.round(s.paced.rps).toLocaleString('en-US')}/s answered, ` +
    `p50 ${ms(s.paced.p50Ms)}, p99 ${ms(s.paced.p99Ms)}, ${s.paced.late} requests late; ` +
    `${s.max.unexpected + s.paced.unexpected} unexpected answers, ${s.max.errors} socket errors.`
  );
}

export function oneCoreSection(runs: OneCoreRun[], command: string): Section {
  const figures = runs.flatMap(({ store, bare, app }) => [
    {
      measure: `one core, ${store}: requests/s`,
      value: app.max.rps,
      unit: 'req/s',
      baseline: 'bare node:http 302, same core',
      baselineValue: bare.max.rps,
    },
    {
      measure: `one core, ${store}: p99 at half the bare maximum`,
      value: app.paced.p99Ms,
      unit: 'ms',
      baseline: 'bare 302 at the same rate',
      baselineValue: bare.paced.p99Ms,
      digits: 2,
    },
    {
      measure: `one core, ${store}: server CPU per click`,
      value: cpuPerRequest(app).serverUs,
      unit: 'µs',
      baseline: 'bare 302 per request',
      baselineValue: cpuPerRequest(bare).serverUs,
    },
  ]);
  return {
    title: 'Click redirect on one core',
    setup:
      `\`${command}\`. The server alone on CPU ${SERVER_CPU} (\`taskset -a -p -c ${SERVER_CPU}\` once it answers); ` +
      `the load generator on CPU ${LOAD_CPU}: \`taskset -c ${LOAD_CPU} wrk -t1 -c${ONE_CORE_CONNECTIONS} -d${ONE_CORE_SECONDS}s --latency\` ` +
      `over the 250 demo links in turn (after a 2 s wrk warm-up), then a paced load (bench/lib/paced-load.ts, ` +
      `${ONE_CORE_CONNECTIONS} keep-alive connections, 2 s warm-up, ${ONE_CORE_SECONDS} s measured, latency from send to answer) ` +
      `at half the bare server's maximum. Every click carries a browser's User-Agent (Chrome 131: a click ` +
      `without one is a bot's) and comes from 127.0.0.1, so (with issue 35's rules) past the first 10 clicks of each link in ` +
      `10 minutes the clicks are repeats (the REPEAT reason: classified in full, flagged, still redirected). With PostgreSQL as the store, every PostgreSQL process is pinned to CPU ` +
      `${LOAD_CPU} with the load generator (and, in cluster mode, Redis: the app with REDIS_URL set). The baseline is bench/bare-redirect.ts on CPU ${SERVER_CPU}, measured just ` +
      `before each store. Goals (PostgreSQL): requests/s ratio >= 0.85, p99 ratio <= 1.5.`,
    figures,
    notes: runs.flatMap(({ store, bare, app }) => [
      note(`Bare 302 before ${store}`, bare),
      note(`Salesdesk on ${store}`, app),
    ]),
  };
}

/** The latest one-core run of this code, rewritten by every run. */
export const ONE_CORE_BLOCK: Block = {
  start: '<!-- one-core click benchmark -->',
  end: '<!-- end of one-core click benchmark -->',
};
/** The same run against the code before issue 10 (BENCH_APP_ROOT), kept until measured again. */
export const BEFORE_BLOCK: Block = {
  start: '<!-- one-core click benchmark, before -->',
  end: '<!-- end of one-core click benchmark, before -->',
};

/** The commit checked out at `root`, so the block says which code it measured. */
function commitAt(root: string): string {
  try {
    return execFileSync('git', ['-C', root, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'commit unknown';
  }
}

export function spliceOneCore(file: string, runs: OneCoreRun[], command: string, before?: string) {
  const section = oneCoreSection(runs, command);
  const sha = before ? commitAt(before) : '';
  if (before) section.title = `${section.title}: before (commit ${sha}, checked out at ${before})`;
  const checkout = before
    ? ` (commit ${sha}: \`git worktree add ${before} ${sha} && (cd ${before} && npm ci)\`)`
    : '';
  spliceBlock(file, before ? BEFORE_BLOCK : ONE_CORE_BLOCK, [
    `Written by \`${command}\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC${checkout}; ` +
      `machine: ${machine()}.`,
    '',
    ...renderSection(section),
  ]);
}
