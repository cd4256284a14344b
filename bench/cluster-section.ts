// The cluster figures (issue 24's bench): one block of RESULTS.md, replaced by every
// `npm run bench -- cluster` (and `npm run bench`) without touching the other figures.
import {
  CLICK_CONNECTIONS,
  CLUSTER_ROUNDS,
  CLUSTER_SECONDS,
  POSTBACK_CONNECTIONS,
  type ClickSetup,
  type ClusterRun,
  type Measured,
  type PostbackSetup,
} from './cluster';
import { median } from './lib/median';
import { DURATION_S } from './lib/load';
import { machine, renderSection, spliceBlock, type Block, type Figure, type Section } from './lib/report';

export const CLUSTER_BLOCK: Block = {
  start: '<!-- cluster: written by `npm run bench -- cluster` -->',
  end: '<!-- end of cluster -->',
};

const med = (ms: Measured[], f: (m: Measured) => number) => median(ms.map(f));
const int = (x: number) => Math.round(x).toLocaleString('en-US');

function rate(
  run: ClusterRun,
  kind: 'clicks' | 'postbacks',
  setup: string,
  baseline: string,
  label: string,
): Figure {
  const of = (s: string) => (run[kind] as Record<string, Measured[]>)[s];
  return {
    measure: `${kind}: ${setup} (median of ${of(setup).length})`,
    value: med(of(setup), (m) => m.rps),
    unit: '/s',
    baseline: label,
    baselineValue: med(of(baseline), (m) => m.rps),
  };
}

/** Where the CPU went, per request, as medians over the rounds. */
function cpuNote(kind: string, setup: string, ms: Measured[]): string {
  const per = (f: (m: Measured) => number) =>
    `${med(ms, (m) => (f(m) * 1e6) / Math.max(1, m.rps * (kind === 'clicks' ? CLUSTER_SECONDS : DURATION_S))).toFixed(0)} µs`;
  const p = (f: (m: Measured) => number, d = 2) => med(ms, f).toFixed(d);
  return (
    `${kind}, ${setup}: ${int(med(ms, (m) => m.rps))}/s, p50 ${p((m) => m.p50Ms)} ms, p99 ${p((m) => m.p99Ms)} ms; ` +
    `CPU per request: load generator ${per((m) => m.cpu.loadGenerator)}, HAProxy ${per((m) => m.cpu.haproxy)}, ` +
    `node(s) ${per((m) => m.cpu.nodes)}, PostgreSQL ${per((m) => m.cpu.postgres)}, Redis ${per((m) => m.cpu.redis)}, ` +
    `other processes ${per((m) => m.cpu.other)}; ` +
    `${ms.reduce((a, m) => a + m.bad, 0)} unexpected answers or socket errors.`
  );
}

export function clusterSection(run: ClusterRun, command: string): Section {
  const clicks = (s: ClickSetup, b: ClickSetup, l: string) => rate(run, 'clicks', s, b, l);
  const postbacks = (s: PostbackSetup, b: PostbackSetup, l: string) => rate(run, 'postbacks', s, b, l);
  return {
    title: 'Cluster mode through HAProxy (two cores)',
    setup:
      `\`${command}\`, ${CLUSTER_ROUNDS} rounds, each measuring every set-up once in turn. Nodes in cluster mode ` +
      `(PostgreSQL and Redis on this machine, demo data), HAProxy 1 thread (bench/lib/haproxy.ts: round robin, ` +
      `keep-alive, X-Forwarded-For). Clicks: \`wrk -t1 -c${CLICK_CONNECTIONS} -d${CLUSTER_SECONDS}s\` over the demo ` +
      `links after a 2 s warm-up, each with a browser's User-Agent (a click without one is a bot's), so each click ` +
      `asks Redis's repeat counter before its answer (issue 35; past 10 a link in 10 minutes from one address, a ` +
      `repeat); postbacks: autocannon, ${POSTBACK_CONNECTIONS} connections, ${DURATION_S} s, ` +
      `a new transaction each. Nothing pinned: the load generator, HAProxy, the nodes, PostgreSQL and Redis share ` +
      `the two cores, so two nodes cannot double one: the CPU split below says what limits each rate.`,
    figures: [
      clicks('HAProxy, 1 node', 'node direct', 'the same node without HAProxy'),
      clicks('HAProxy, 1 node', 'bare, HAProxy, 1', 'bare 302 behind HAProxy'),
      clicks('HAProxy, 2 nodes', 'HAProxy, 1 node', 'one node behind HAProxy'),
      clicks('HAProxy, 2 nodes', 'bare, HAProxy, 2', 'two bare 302 servers behind HAProxy'),
      postbacks('HAProxy, 1 node', 'node direct', 'the same node without HAProxy'),
      postbacks('HAProxy, 2 nodes', 'HAProxy, 1 node', 'one node behind HAProxy'),
    ],
    notes: [
      ...(Object.entries(run.clicks) as [string, Measured[]][]).map(([s, ms]) => cpuNote('clicks', s, ms)),
      ...(Object.entries(run.postbacks) as [string, Measured[]][]).map(([s, ms]) =>
        cpuNote('postbacks', s, ms),
      ),
      `Clicks answered 302 by the nodes (wrk's count, warm-ups included): ${int(run.clicksAnswered)}; ` +
        `stored in \`clicks\` once the writers drained: ${int(run.clicksStored)} ` +
        `(stored may exceed answered by the requests in flight when a wrk run stops).`,
      `Load average at the end: ${run.loadAverage.map((x) => x.toFixed(1)).join(', ')}. Machine: ${machine()}.`,
    ],
  };
}

export function spliceCluster(file: string, run: ClusterRun, command: string) {
  spliceBlock(file, CLUSTER_BLOCK, renderSection(clusterSection(run, command)));
}
