// Clicks and postbacks through HAProxy with one and with two cluster-mode nodes (PostgreSQL and Redis) on
// this two-core machine, each beside its baseline in the same sitting: the bare node:http 302 behind the
// same HAProxy (what HAProxy and the load generator cost without Salesdesk), and one node answered
// directly (what HAProxy adds). Nothing is pinned: the load generator, HAProxy, the nodes, PostgreSQL and
// Redis share both cores, and the CPU each took says what limits the rate.
// `npm run bench -- cluster`; BENCH_CLUSTER_ROUNDS rounds (3), each measuring every set-up once in turn.
import fs from 'node:fs';
import pg from 'pg';
import { checkClickLinks, CLICK_HEADERS, clickPaths } from './demo-links';
import os from 'node:os';
import { exitedChildrenCpuS, processCpuS, pidsNamed, startPostgresCpu } from './lib/cpu';
import { startHaproxy, type RunningHaproxy } from './lib/haproxy';
import { DURATION_S, measureLoad } from './lib/load';
import { ALL_CPUS } from './lib/pinning';
import { sleep, startApp, startBareRedirect, type AppServer, type RunningServer } from './lib/processes';
import { wrk } from './lib/wrk';
import { addSites, EXTRA_SITES, POSTBACK_APP_ENV, postbackHeaders, postbackPath } from './postback-load';

export const CLUSTER_ROUNDS = Number(process.env.BENCH_CLUSTER_ROUNDS ?? 3);
export const CLUSTER_SECONDS = Number(process.env.BENCH_CLUSTER_S ?? 8);
export const CLICK_CONNECTIONS = 50;
export const POSTBACK_CONNECTIONS = 20;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** What HAProxy asks each node before sending it traffic. */
export const HEALTH_PATH = '/api/health';

/** CPU seconds per process group during one measured run. */
export interface CpuByGroup {
  loadGenerator: number;
  haproxy: number;
  nodes: number;
  postgres: number;
  redis: number;
  /** Every other process of the machine (what else ran during the measurement). */
  other: number;
}

export interface Measured {
  rps: number;
  /** Requests answered as expected, warm-up included (clicks: each one a click the node must store). */
  answered: number;
  p50Ms: number;
  p99Ms: number;
  /** Requests answered otherwise than expected, and socket errors. */
  bad: number;
  cpu: CpuByGroup;
}

export type ClickSetup =
  'bare, HAProxy, 1' | 'bare, HAProxy, 2' | 'node direct' | 'HAProxy, 1 node' | 'HAProxy, 2 nodes';
export type PostbackSetup = 'node direct' | 'HAProxy, 1 node' | 'HAProxy, 2 nodes';

export interface ClusterRun {
  clicks: Record<ClickSetup, Measured[]>;
  postbacks: Record<PostbackSetup, Measured[]>;
  /**
   * Clicks answered 302 by the nodes as wrk counted them, against clicks stored once the writers drained:
   * stored may exceed answered by the requests in flight when each wrk run ended (at most its connections).
   */
  clicksAnswered: number;
  clicksStored: number;
  loadAverage: number[];
}

const cpuOf = (pids: number[]) => pids.reduce((sum, pid) => sum + processCpuS(pid), 0);

function startGroupCpu(haproxyPid: number | undefined, nodePids: number[]): () => CpuByGroup {
  const redisPids = pidsNamed('redis-server');
  const before = {
    haproxy: haproxyPid ? processCpuS(haproxyPid) : 0,
    nodes: cpuOf(nodePids),
    redis: cpuOf(redisPids),
    bench: process.cpuUsage(),
  };
  const postgres = startPostgresCpu();
  return () => {
    const bench = process.cpuUsage(before.bench);
    return {
      loadGenerator: (bench.user + bench.system) / 1e6,
      haproxy: haproxyPid ? processCpuS(haproxyPid) - before.haproxy : 0,
      nodes: cpuOf(nodePids) - before.nodes,
      postgres: postgres(),
      redis: cpuOf(redisPids) - before.redis,
      other: 0,
    };
  };
}

/** The machine's busy CPU seconds less every group's: what other processes took. */
function otherCpu(busy: number[], seconds: number, c: CpuByGroup): number {
  const total = busy.reduce((a, b) => a + b, 0) * seconds;
  return Math.max(0, total - c.loadGenerator - c.haproxy - c.nodes - c.postgres - c.redis);
}

interface Target {
  baseUrl: string;
  haproxy?: RunningHaproxy;
  nodes: RunningServer[];
}

async function clickRun(t: Target): Promise<Measured> {
  const load = {
    baseUrl: t.baseUrl,
    paths: clickPaths,
    connections: CLICK_CONNECTIONS,
    cpus: ALL_CPUS,
    headers: CLICK_HEADERS,
  };
  const warm = await wrk({ ...load, seconds: 2 });
  const cpu = startGroupCpu(
    t.haproxy?.pid,
    t.nodes.map((n) => n.pid!),
  );
  const wrk0 = exitedChildrenCpuS();
  const r = await wrk({ ...load, seconds: CLUSTER_SECONDS });
  const split = cpu();
  // wrk is a child of this process: its time arrives in this process's count of waited-for children.
  split.loadGenerator = exitedChildrenCpuS() - wrk0;
  split.other = otherCpu(r.cpu.busy, CLUSTER_SECONDS, split);
  const answered = warm.requests - warm.unexpected + r.requests - r.unexpected;
  return { rps: r.rps, answered, p50Ms: r.p50Ms, p99Ms: r.p99Ms, bad: r.unexpected + r.errors, cpu: split };
}

async function postbackRun(t: Target, clickIds: Map<number, number[]>, run: string): Promise<Measured> {
  const cpu = startGroupCpu(
    t.haproxy?.pid,
    t.nodes.map((n) => n.pid!),
  );
  const r = await measureLoad({
    baseUrl: t.baseUrl,
    path: postbackPath(clickIds, run),
    headers: postbackHeaders,
    connections: POSTBACK_CONNECTIONS,
    expect: '2xx',
  });
  const answered = Math.round(r.rps * DURATION_S);
  const split = cpu();
  split.other = otherCpu(r.cpu.busy, DURATION_S, split);
  return { rps: r.rps, answered, p50Ms: r.p50, p99Ms: r.p99, bad: r.unexpected + r.errors, cpu: split };
}

async function countClicks(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>('select count(*) as n from clicks');
    return Number(rows[0].n);
  } finally {
    await client.end();
  }
}

export async function clusterRun(databaseUrl: string, step: (msg: string) => void): Promise<ClusterRun> {
  const env = {
    ...POSTBACK_APP_ENV,
    REDIS_URL,
    REDIS_PREFIX: `bench-${Date.now().toString(36)}:`,
  };
  const nodes: AppServer[] = [];
  const others: { stop(): Promise<unknown> }[] = [];
  try {
    step('cluster: node 1 on a fresh PostgreSQL database with the demo data');
    nodes.push(await startApp({ databaseUrl, env }));
    const demoClicks = await checkClickLinks(nodes[0].baseUrl);
    const clickIds = await addSites(databaseUrl, demoClicks, EXTRA_SITES);
    step('cluster: node 2, two bare 302 servers, four HAProxy front ends');
    nodes.push(await startApp({ databaseUrl, env }));
    const bare = [await startBareRedirect(), await startBareRedirect()];
    others.push(...bare);
    const proxies = {
      bare1: await startHaproxy([bare[0].port]),
      bare2: await startHaproxy(bare.map((b) => b.port)),
      one: await startHaproxy([nodes[0].port], HEALTH_PATH),
      two: await startHaproxy(
        nodes.map((n) => n.port),
        HEALTH_PATH,
      ),
    };
    others.push(...Object.values(proxies));
    await sleep(2500); // the health checks mark every node up

    const clickTargets: Record<ClickSetup, Target> = {
      'bare, HAProxy, 1': { baseUrl: proxies.bare1.baseUrl, haproxy: proxies.bare1, nodes: [bare[0]] },
      'bare, HAProxy, 2': { baseUrl: proxies.bare2.baseUrl, haproxy: proxies.bare2, nodes: bare },
      'node direct': { baseUrl: nodes[0].baseUrl, nodes: [nodes[0]] },
      'HAProxy, 1 node': { baseUrl: proxies.one.baseUrl, haproxy: proxies.one, nodes: [nodes[0]] },
      'HAProxy, 2 nodes': { baseUrl: proxies.two.baseUrl, haproxy: proxies.two, nodes },
    };
    const clicks = Object.fromEntries(Object.keys(clickTargets).map((k) => [k, []])) as unknown as Record<
      ClickSetup,
      Measured[]
    >;
    const postbacks: Record<PostbackSetup, Measured[]> = {
      'node direct': [],
      'HAProxy, 1 node': [],
      'HAProxy, 2 nodes': [],
    };
    const clicksBefore = await countClicks(databaseUrl);
    let clicksAnswered = 0;
    for (let round = 1; round <= CLUSTER_ROUNDS; round++) {
      for (const [setup, target] of Object.entries(clickTargets) as [ClickSetup, Target][]) {
        step(`cluster round ${round}/${CLUSTER_ROUNDS}: clicks, ${setup}`);
        const m = await clickRun(target);
        clicks[setup].push(m);
        if (!setup.startsWith('bare')) clicksAnswered += m.answered;
      }
      for (const setup of Object.keys(postbacks) as PostbackSetup[]) {
        step(`cluster round ${round}/${CLUSTER_ROUNDS}: postbacks, ${setup}`);
        const target = clickTargets[setup];
        postbacks[setup].push(await postbackRun(target, clickIds, `cl${Date.now().toString(36)}`));
      }
    }
    await sleep(1000); // the writers' last batches
    const clicksStored = (await countClicks(databaseUrl)) - clicksBefore;
    return { clicks, postbacks, clicksAnswered, clicksStored, loadAverage: os.loadavg() };
  } finally {
    for (const o of others) await o.stop().catch(() => undefined);
    for (const n of nodes) {
      await n.stop();
      fs.rmSync(n.dataDir, { recursive: true, force: true });
    }
  }
}
