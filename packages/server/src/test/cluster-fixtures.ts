// Several real nodes on one PostgreSQL and one Redis behind HAProxy, for the cluster tests: HAProxy runs in
// the foreground from deploy/haproxy.cfg with the test's ports; each node is `main.ts` in its own process
// (durability-fixtures.ts), with a Redis prefix of the run's own, removed afterwards.
import { BROWSER_AGENT } from './browser-agent';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { createContext } from '../bootstrap';
import { loadConfig, REPO_ROOT } from '../config';
import type { AppContext } from '../context';
import { nodeName } from '../jobs/start';
import { freePort, postgresStore, ServerProcess, sleep, type Store } from './durability-fixtures';

export const HAPROXY = '/usr/sbin/haproxy';
export const CAPTCHA_ANSWER = 'cluster';
const SECRET_KEY = 'cluster-secret-key-0123456789abcdef';
const HAPROXY_TEMPLATE = path.join(REPO_ROOT, 'deploy/haproxy.cfg');
/** The header the test's HAProxy adds to every answer: which node served it. */
export const NODE_HEADER = 'x-salesdesk-node';
const READY_MS = 120_000;

/** Why the cluster tests cannot run here, or undefined when they can. */
export function clusterSkipReason(): string | undefined {
  if (!process.env.TEST_DATABASE_URL) return 'TEST_DATABASE_URL is not set';
  if (!process.env.TEST_REDIS_URL) return 'TEST_REDIS_URL is not set';
  if (!fs.existsSync(HAPROXY)) return `${HAPROXY} is missing (apt-get install haproxy)`;
  return undefined;
}

/**
 * deploy/haproxy.cfg with the test's frontend port and nodes, a log on stderr, checks every 500 ms
 * instead of 2 s (a restarted node rejoins sooner) and the serving node's name on every answer.
 */
export function haproxyConfig(template: string, port: number, nodePorts: number[]): string {
  const replace = (text: string, from: RegExp, to: string) => {
    if (!from.test(text)) throw new Error(`deploy/haproxy.cfg no longer has ${from}`);
    return text.replace(from, to);
  };
  let cfg = replace(template, /^ {4}bind :80$/m, `    bind 127.0.0.1:${port}`);
  cfg = replace(cfg, /^ {4}server node\d .*\n/gm, '');
  cfg = replace(cfg, /check inter 2s/, 'check inter 500ms');
  cfg = replace(cfg, /^( {4}balance roundrobin\n)/m, `$1    http-response set-header X-Salesdesk-Node %s\n`);
  const servers = nodePorts.map((p, i) => `    server node${i + 1} 127.0.0.1:${p}\n`).join('');
  return `global\n    log stderr format raw local0\n\n${cfg.trimEnd()}\n${servers}`;
}

class HaproxyProcess {
  private child: ChildProcess | null = null;
  private readonly lines: string[] = [];

  constructor(private readonly cfgFile: string) {}

  start() {
    const child = spawn(HAPROXY, ['-db', '-f', this.cfgFile], { stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (b: Buffer) => {
      this.lines.push(...b.toString().split('\n').filter(Boolean));
      this.lines.splice(0, Math.max(0, this.lines.length - 200));
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.child = child;
  }

  get output() {
    return this.lines.join('\n');
  }

  get exited() {
    return !this.child || this.child.exitCode !== null || this.child.signalCode !== null;
  }

  async stop() {
    const child = this.child;
    if (!child || this.exited) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: http.IncomingHttpHeaders;
  /** The node that served it (HAProxy's server name), when it went through HAProxy. */
  node: string | undefined;
}

export interface SendOptions {
  /** The client's own address on the loopback (127.0.0.2, ...): HAProxy passes it in X-Forwarded-For. */
  from?: string;
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

/** One request on a connection of its own from `from`; the body parsed as JSON when it is JSON. */
export function send<T = unknown>(base: string, method: string, url: string, opts: SendOptions = {}) {
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise<Answer<T>>((resolve, reject) => {
    const req = http.request(
      `${base}${url}`,
      {
        method,
        agent: false,
        localAddress: opts.from,
        headers: {
          // A person's browser unless the test says otherwise: a click without one is a bot's.
          'user-agent': BROWSER_AGENT,
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let body: unknown = text;
          if (String(res.headers['content-type']).startsWith('application/json')) body = JSON.parse(text);
          const node = res.headers[NODE_HEADER];
          resolve({
            status: res.statusCode ?? 0,
            body: body as T,
            headers: res.headers,
            node: node as string,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export interface ClusterOptions {
  /** Names the run's database (`{TEST_DATABASE_URL's name}_cluster_{tag}`) and Redis prefix. */
  tag: string;
  nodes?: number;
  /** Settings of every node over the cluster's, read just before the nodes start. */
  env?: () => Record<string, string>;
  /** Runs in this process on the migrated, empty database before any node starts (demo data, ...). */
  prepare?: (ctx: AppContext) => Promise<void>;
}

export interface Cluster {
  /** HAProxy's address: what the tests call. */
  base: string;
  nodes: ServerProcess[];
  /** Each node's name in job_runs, in the order of `nodes` (HAProxy's node1, node2, ...). */
  nodeNames: string[];
  store: Store;
  redisPrefix: string;
  /** The nodes' and HAProxy's last lines, for a failure's message. */
  outputs(): string;
  /** Waits until HAProxy has every running node in rotation. */
  untilAllServing(deadline?: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  const testUrl = process.env.TEST_DATABASE_URL!;
  const redisUrl = process.env.TEST_REDIS_URL!;
  const store = await postgresStore(
    testUrl,
    `${new URL(testUrl).pathname.slice(1) || 'salesdesk'}_cluster_${opts.tag}`,
  );
  const redisPrefix = `salesdesk-test:${opts.tag}:${process.pid}-${crypto.randomBytes(4).toString('hex')}:`;
  const port = await freePort();
  const ports = await Promise.all(Array.from({ length: opts.nodes ?? 3 }, () => freePort()));
  const cfgFile = path.join(store.dataDir, 'haproxy.cfg');
  fs.writeFileSync(cfgFile, haproxyConfig(fs.readFileSync(HAPROXY_TEMPLATE, 'utf8'), port, ports));
  const haproxy = new HaproxyProcess(cfgFile);
  const base = `http://127.0.0.1:${port}`;
  if (opts.prepare) await prepare(store, opts.prepare);
  const env = {
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    SECRET_KEY,
    // HAProxy connects to the nodes from the loopback: its X-Forwarded-For is the client's address.
    TRUST_PROXY: '127.0.0.1',
    PUBLIC_URL: base,
    CAPTCHA: 'on',
    CAPTCHA_TEST_ANSWER: CAPTCHA_ANSWER,
    LOG_LEVEL: 'info',
    // Two test workers may each run a cluster at once: 6 nodes of 20 connections passed the server's 100.
    DATABASE_POOL_MAX: '8',
    ...opts.env?.(),
  };
  const nodes = ports.map((p) => new ServerProcess(p, store, env));
  haproxy.start();
  const outputs = () =>
    [...nodes.map((n, i) => `--- node${i + 1}\n${n.output}`), `--- haproxy\n${haproxy.output}`].join('\n');
  const untilAllServing = async (deadline = Date.now() + 30_000) => {
    const want = new Set(nodes.flatMap((n, i) => (n.running ? [`node${i + 1}`] : [])));
    const seen = new Set<string>();
    while ([...want].some((n) => !seen.has(n))) {
      if (Date.now() > deadline || haproxy.exited)
        throw new Error(`HAProxy did not bring every node into rotation\n${outputs()}`);
      const res = await send(base, 'GET', '/api/health').catch(() => undefined);
      if (res?.status === 200 && res.node) seen.add(res.node);
      else await sleep(100);
    }
  };
  const cluster: Cluster = {
    base,
    nodes,
    nodeNames: ports.map((p) => nodeName({ port: p })),
    store,
    redisPrefix,
    outputs,
    untilAllServing,
    stop: async () => {
      await Promise.all(nodes.map((n) => n.stop('SIGKILL')));
      await haproxy.stop();
      await dropKeys(redisUrl, redisPrefix);
      fs.rmSync(store.dataDir, { recursive: true, force: true });
    },
  };
  try {
    await Promise.all(nodes.map((n) => n.start()));
    await untilAllServing(Date.now() + READY_MS);
  } catch (err) {
    await cluster.stop();
    throw err;
  }
  return cluster;
}

/** Runs `fn` over the store's database, migrated, as a process without Redis would have it. */
async function prepare(store: Store, fn: (ctx: AppContext) => Promise<void>) {
  const config = loadConfig({ NODE_ENV: 'test', SECRET_KEY, CAPTCHA: 'off', ...store.env });
  const { ctx, database } = await createContext(config);
  try {
    await fn(ctx);
  } finally {
    await database.close();
  }
}

/** A context over the cluster's database in this process (checks, tokens); close it after use. */
export async function clusterContext(cluster: Cluster) {
  const config = loadConfig({ NODE_ENV: 'test', SECRET_KEY, CAPTCHA: 'off', ...cluster.store.env });
  return createContext(config);
}

/** Deletes every key of the run's prefix (never the others': Redis is shared). */
async function dropKeys(url: string, prefix: string) {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
