// The webhooks' kill test (issue 34): sale postbacks flow at load while a server is killed with SIGKILL in
// the middle of a delivery and restarted, one node (PostgreSQL when TEST_DATABASE_URL is set, else PGlite)
// and three nodes behind HAProxy (skipped like cluster/kill.test.ts). A receiver on loopback in this
// process records every request; afterwards every committed sale's event was received at least once,
// its webhook-id names one sale, a repeat carries the same body, and no change that rolled back was sent.
//
// Each kill is made while the receiver holds its answers and the killed process has a request waiting
// (a delivery sent, not yet recorded): that delivery stays leased to the dead process and must come
// again, with the same id and body, once its lease ends (15 s here, WEBHOOK_TEST_LEASE_S; a minute in
// production).
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPTION_NAMES } from '@salesdesk/contract';
import { createContext } from '../bootstrap';
import { encryptSecret } from '../common/crypto';
import { loadConfig } from '../config';
import type { AppContext } from '../context';
import { queryOne, queryRows, sql, type Db, type Queryable } from '../db/client';
import { webhookEndpoints } from '../db/schema';
import { DeliveryStatus } from '../ledger';
import { recordSale } from '../postback/service';
import { saveOptions } from '../settings/sql';
import { checkSales, clickIdOf, postbackOps, postbackPath, type Op } from '../test/cluster-checks';
import {
  clusterContext,
  clusterSkipReason,
  send,
  startCluster,
  type Answer,
  type Cluster,
} from '../test/cluster-fixtures';
import {
  freePort,
  pgliteStore,
  postgresStore,
  RESTART_MS,
  ServerProcess,
  sleep,
  type Store,
} from '../test/durability-fixtures';
import { until } from '../test/until';
import { EndpointKind, eventId } from './deliver';
import { newSigningSecret } from './signature';

const pgUrl = process.env.TEST_DATABASE_URL;
const SECRET_KEY = 'webhook-kill-secret-key-0123456789';
const SENDERS = 6;
/** Each sender's pause between postbacks: a steady stream the delivery loop keeps up with. */
const PACE_MS = 20;
/** Postbacks acknowledged before each kill and after the last restart. */
const STEADY = 100;
/** The most sales a run may make (it stops well before: STEADY per kill and after the last). */
const MAX_SALES = 5000;
const CLICKS = 40;
/** The lease a killed process leaves on what it was sending (the servers run with a short one). */
const LEASE_S = 15;
const LEASE_ENV = { WEBHOOK_TEST_LEASE_S: String(LEASE_S) };
/** The lease, and a margin for a busy machine. */
const SETTLE_MS = LEASE_S * 1000 + 60_000;

/** The receiver on loopback: each request's webhook-id and body, its signature checked. */
class Receiver {
  /** Bodies received per webhook-id, in order. */
  readonly bodies = new Map<string, string[]>();
  /** Requests whose signature the reference library refused. */
  unverified = 0;
  private holding = false;
  private held: { res: http.ServerResponse; port: number; id: string }[] = [];
  private readonly webhook: Webhook;
  private readonly server: http.Server;

  constructor(readonly secret: string) {
    this.webhook = new Webhook(secret);
    this.server = http.createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (body += c));
      req.on('end', () => {
        const id = String(req.headers['webhook-id']);
        try {
          this.webhook.verify(body, req.headers as Record<string, string>);
        } catch {
          this.unverified += 1;
        }
        const list = this.bodies.get(id) ?? [];
        list.push(body);
        this.bodies.set(id, list);
        if (this.holding) this.held.push({ res, port: req.socket.remotePort ?? 0, id });
        else res.end('ok');
      });
    });
  }

  url = '';
  async start() {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  async stop() {
    this.release();
    this.server.closeAllConnections();
    await new Promise((r) => this.server.close(r));
  }

  count = (id: string) => this.bodies.get(id)?.length ?? 0;

  /** Answers nothing until release(): whatever is sent meanwhile waits, unrecorded by its sender. */
  hold() {
    this.holding = true;
  }

  /** The ids of the requests waiting for an answer on a connection from one of `ports` (all: null). */
  heldFrom(ports: Set<number> | null): string[] {
    return this.held.filter((h) => !ports || ports.has(h.port)).map((h) => h.id);
  }

  release() {
    this.holding = false;
    for (const h of this.held.splice(0)) h.res.end('ok');
  }
}

// Which process holds a connection (Linux /proc): the children this test spawned, their sockets' local ports.
function childPids(): number[] {
  const dir = `/proc/${process.pid}/task`;
  return fs
    .readdirSync(dir)
    .flatMap((t) => fs.readFileSync(`${dir}/${t}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number));
}

function tcpPortsOf(pid: number): Set<number> {
  const inodes = new Set<string>();
  for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m) inodes.add(m[1]);
    } catch {
      /* closed meanwhile */
    }
  }
  const ports = new Set<number>();
  for (const line of fs.readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const f = line.trim().split(/\s+/);
    if (f.length > 9 && inodes.has(f[9])) ports.add(parseInt(f[1].split(':')[1], 16));
  }
  return ports;
}

/** The local ports of every TCP socket of the child process listening on `port`. */
function portsOfServerOn(port: number): Set<number> {
  for (const pid of childPids()) {
    try {
      const ports = tcpPortsOf(pid);
      if (ports.has(port)) return ports;
    } catch {
      /* exited meanwhile */
    }
  }
  return new Set();
}

/** A context over `store`'s data in this process (PGlite: only while no server runs); close it after use. */
function openContext(store: Store) {
  return createContext(loadConfig({ NODE_ENV: 'test', SECRET_KEY, CAPTCHA: 'off', ...store.env }));
}

/** A webhook endpoint of the demo superadmin for sale.created, on loopback, which the option allows. */
async function subscribe(ctx: AppContext, receiver: Receiver) {
  const owner = await queryOne<{ id: number }>(ctx.db, sql`select id from accounts where username = 'super'`);
  await ctx.db.insert(webhookEndpoints).values({
    ownerId: owner!.id,
    kind: EndpointKind.Webhook,
    name: 'kill test',
    url: receiver.url,
    eventTypes: ['sale.created'],
    secret: encryptSecret(ctx.keys, receiver.secret),
  });
  await saveOptions(ctx.db, [{ name: OPTION_NAMES.webhooksPrivateAddresses, value: '1' }]);
}

class Rollback extends Error {}

/**
 * A sale through the ledger in a transaction that rolls back after `openMs` (the delivery loops poll
 * meanwhile); answers the webhook-id its event had.
 */
async function rolledBackSale(ctx: AppContext, clickId: number, txId: string, openMs: number) {
  let id = '';
  await ctx.db
    .transaction(async (tx) => {
      await recordSale({ ...ctx, db: tx as unknown as Db }, { siteId: 1, clickId, event: 'sale', txId });
      const row = await queryOne<{ uid: string }>(
        tx,
        sql`select uid::text as uid from webhook_events where data->>'txId' = ${txId}`,
      );
      id = eventId(row!.uid);
      await sleep(openMs);
      throw new Rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof Rollback)) throw err;
    });
  return id;
}

/** Failed attempts: answers a dead or restarting server could not give. */
let retries = 0;

/** GET until a 2xx (a killed server answers nothing, a closing one 503); a 4xx other than 429 throws. */
async function getUntil(get: (path: string) => Promise<Answer | undefined>, path: string, deadline: number) {
  for (;;) {
    if (Date.now() > deadline) throw new Error(`no answer before the deadline: ${path}`);
    const res = await get(path);
    if (res && res.status < 300) return res;
    if (res && res.status >= 400 && res.status < 500 && res.status !== 429)
      throw new Error(`${res.status} ${JSON.stringify(res.body)}: ${path}`);
    retries += 1;
    await sleep(50);
  }
}

interface Rig {
  get(path: string): Promise<Answer | undefined>;
  receiver: Receiver;
  victim: ServerProcess;
  /** The local ports of the victim's sockets; null when it is the only sender. */
  victimPorts(): Set<number> | null;
  /** Waits until the restarted victim serves again. */
  rejoined(): Promise<void>;
  /** A context over the data while the servers run (PostgreSQL), for changes that roll back. */
  live?: AppContext;
  outputs(): string;
}

interface Run {
  ops: Op[];
  acked: Map<string, number>;
  /** The webhook-ids of events whose transaction rolled back. */
  rolledBack: string[];
  /** The webhook-ids the killed process had sent and was waiting on when it died. */
  cut: string[];
}

/** CLICKS clicks of site 1, each answered 302. */
async function makeClicks(rig: Rig, deadline: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < CLICKS; i++) {
    const path = `/api/links/go/1/${1 + (i % 2)}/${1 + (i % 10)}`;
    for (;;) {
      const res = await rig.get(path);
      if (res?.status === 302) {
        ids.push(clickIdOf(res.headers.location));
        break;
      }
      if (Date.now() > deadline) throw new Error(`no click answered: ${path}`);
      await sleep(50);
    }
  }
  return ids;
}

/**
 * Postbacks from SENDERS loops (20 % repeats) while the victim is SIGKILLed `kills` times mid-delivery and
 * restarted; on PostgreSQL a sale that rolls back every few hundred ms beside them.
 */
async function postbacksWithKills(rig: Rig, clickIds: number[], kills: number, deadline: number) {
  const run: Run = { ops: postbackOps(clickIds, MAX_SALES), acked: new Map(), rolledBack: [], cut: [] };
  let next = 0;
  let sinceRestart = 0;
  let killed = false;
  let failed = false;
  const going = () => !failed && !(killed && sinceRestart >= STEADY);
  const sender = async () => {
    while (going()) {
      if (next >= run.ops.length) throw new Error('the run used every postback it had');
      const op = run.ops[next++];
      const res = await getUntil(rig.get, postbackPath(op), deadline);
      const saleId = (res.body as { saleId: number }).saleId;
      if (run.acked.has(op.txId)) expect(saleId).toBe(run.acked.get(op.txId));
      run.acked.set(op.txId, saleId);
      sinceRestart += 1;
      await sleep(PACE_MS);
    }
  };
  const killer = async () => {
    for (let k = 0; k < kills; k++) {
      await until(() => failed || sinceRestart >= STEADY, 'postbacks before the kill', deadline - Date.now());
      if (failed) return;
      rig.receiver.hold();
      try {
        let ports: Set<number> | null = null;
        await until(
          () => rig.receiver.heldFrom((ports = rig.victimPorts())).length > 0,
          'a delivery sent by the node to kill',
          15_000,
        );
        await rig.victim.stop('SIGKILL');
        // With what the rest of its batch sent meanwhile.
        run.cut.push(...rig.receiver.heldFrom(ports));
      } finally {
        rig.receiver.release();
      }
      await rig.victim.start();
      await rig.rejoined();
      sinceRestart = 0;
    }
    killed = true;
  };
  const rollbacks = async () => {
    const live = rig.live;
    for (let i = 0; live && going(); i++) {
      run.rolledBack.push(await rolledBackSale(live, clickIds[i % clickIds.length], `rb-${i}`, 200));
      await sleep(200);
    }
  };
  const guard = (p: Promise<void>) =>
    p.catch((err) => {
      failed = true;
      throw new Error(`${String(err)}\n${rig.outputs()}`);
    });
  await Promise.all([
    guard(killer()),
    guard(rollbacks()),
    ...Array.from({ length: SENDERS }, () => guard(sender())),
  ]);
  return run;
}

/** The events not yet delivered (not yet fanned out, or their delivery not yet made), with their webhook-ids. */
const undelivered = (db: Queryable) =>
  queryRows<{ uid: string; status: number | null }>(
    db,
    sql`select v.uid::text as uid, d.status from webhook_events v left join webhook_deliveries d on d.event_id = v.id
        where d.id is null or d.status <> ${DeliveryStatus.Delivered}`,
  );

/** Until every delivery is delivered, reading the data while the servers run (PostgreSQL). */
async function settleLive(db: Queryable) {
  await until(async () => (await undelivered(db)).length === 0, 'every delivery delivered', SETTLE_MS);
}

/** The acknowledged sales (not bonuses): each has an event once the run is over. */
const ackedSales = (run: Run) => {
  const events = new Map(run.ops.map((op) => [op.txId, op.event]));
  return [...run.acked.keys()].filter((tx) => events.get(tx) === 'sale');
};

/**
 * Every committed sale's event received at least once and recorded delivered, each webhook-id one sale
 * and one body, nothing received that the database does not hold, and no rolled-back event sent.
 */
async function checkDelivered(db: Db, receiver: Receiver, run: Run) {
  await checkSales(db, run.acked);
  const events = await queryRows<{
    uid: string;
    type: string;
    data: Record<string, unknown>;
    sale_id: string | null;
    event_type: number | null;
    tx_id: string | null;
  }>(
    db,
    sql`select v.uid::text as uid, v.type, v.data, s.id::text as sale_id, s.event_type, s.tx_id
        from webhook_events v left join sales s on s.id = (v.data->>'id')::bigint order by v.id`,
  );
  // Each event is one committed sale, as it was made.
  for (const e of events)
    expect([e.type, e.sale_id, e.event_type, e.tx_id]).toEqual([
      'sale.created',
      String(e.data.id),
      0,
      e.data.txId,
    ]);
  // Each committed sale has exactly one event; bonuses (not subscribed) none.
  const perSale = await queryRows<{ tx_id: string; events: number }>(
    db,
    sql`select s.tx_id, count(v.id)::int as events from sales s
        left join webhook_events v on (v.data->>'id')::bigint = s.id
        where s.event_type = 0 group by s.tx_id`,
  );
  expect(perSale.filter((s) => s.events !== 1)).toEqual([]);
  expect(perSale.map((s) => s.tx_id).sort()).toEqual(ackedSales(run).sort());
  const deliveries = await queryOne<{ n: number; delivered: number }>(
    db,
    sql`select count(*)::int as n, (count(*) filter (where status = ${DeliveryStatus.Delivered}))::int as delivered
        from webhook_deliveries`,
  );
  expect(deliveries).toEqual({ n: events.length, delivered: events.length });
  // What was received is exactly the events, each id with one body, which is its event.
  const ids = events.map((e) => eventId(e.uid));
  expect([...receiver.bodies.keys()].sort()).toEqual([...ids].sort());
  for (const e of events) {
    const bodies = receiver.bodies.get(eventId(e.uid))!;
    expect(new Set(bodies).size, `bodies of ${eventId(e.uid)}`).toBe(1);
    expect(JSON.parse(bodies[0])).toMatchObject({ id: eventId(e.uid), type: 'sale.created', data: e.data });
  }
  expect(receiver.unverified).toBe(0);
  // A change that rolled back left no event and was never sent.
  const sent = new Set(receiver.bodies.keys());
  expect(run.rolledBack.filter((id) => sent.has(id) || ids.includes(id))).toEqual([]);
  // What the killed process was sending came again after its lease, the same.
  expect(run.cut.length).toBeGreaterThan(0);
  for (const id of run.cut) expect(receiver.count(id), `deliveries of ${id}`).toBeGreaterThanOrEqual(2);
  const repeated = [...receiver.bodies.values()].filter((b) => b.length > 1).length;
  console.log(
    `webhook kill test: ${run.acked.size} postbacks acknowledged, ${events.length} events, ` +
      `${[...receiver.bodies.values()].reduce((n, b) => n + b.length, 0)} requests received, ${repeated} ids ` +
      `more than once (${run.cut.length} cut by a kill), ${run.rolledBack.length} rolled back, ${retries} retries`,
  );
}

describe('webhook deliveries through SIGKILL restarts of one node', () => {
  const KILLS = 2;
  const receiver = new Receiver(newSigningSecret());
  let store: Store;
  let server: ServerProcess;
  let live: Awaited<ReturnType<typeof openContext>> | undefined;
  let rig: Rig;
  let clickIds: number[] = [];
  const setupRolledBack: string[] = [];

  beforeAll(async () => {
    await receiver.start();
    store = pgUrl
      ? await postgresStore(pgUrl, `${new URL(pgUrl).pathname.slice(1) || 'salesdesk'}_webhook_kill`)
      : pgliteStore();
    server = new ServerProcess(await freePort(), store, { SECRET_KEY, ...LEASE_ENV });
    await server.start(); // migrations and the demo data: the endpoint's owner, site 1
    rig = {
      get: (path) => send(server.base, 'GET', path).catch(() => undefined),
      receiver,
      victim: server,
      victimPorts: () => null,
      rejoined: async () => undefined,
      outputs: () => `--- server\n${server.output}`,
    };
    clickIds = await makeClicks(rig, Date.now() + 60_000);
    if (pgUrl) {
      live = await openContext(store);
      const ctx = live.ctx;
      rig.live = ctx;
      await subscribe(ctx, receiver);
      await until(
        async () => {
          const n = await queryOne<{ n: number }>(
            ctx.db,
            sql`select count(*)::int as n from clicks where id = any(${sql.param(clickIds)}::bigint[])`,
          );
          return n?.n === CLICKS;
          // A loaded machine's server may take a while; should it never store them, its output says why.
        },
        'the clicks stored',
        60_000,
      ).catch((err: Error) => {
        throw new Error(`${err.message}\n${rig.outputs()}`);
      });
    } else {
      // PGlite opens in one process at a time: the endpoint and the rolled-back sales while it is stopped
      // (SIGTERM writes the clicks it holds).
      expect(await server.stop('SIGTERM')).toBe(0);
      const { ctx, database } = await openContext(store);
      try {
        await subscribe(ctx, receiver);
        for (let i = 0; i < 5; i++)
          setupRolledBack.push(await rolledBackSale(ctx, clickIds[i], `rb-${i}`, 0));
      } finally {
        await database.close();
      }
      await server.start();
    }
  }, 0); // no wall-clock limit: the starts wait for the server as long as it works towards it
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await live?.database.close();
    await receiver.stop();
    if (store) fs.rmSync(store.dataDir, { recursive: true, force: true });
  });

  it(
    'delivers every committed sale at least once, one body per webhook-id, and nothing that rolled back',
    async () => {
      const deadline = Date.now() + 60_000 + KILLS * RESTART_MS;
      const run = await postbacksWithKills(rig, clickIds, KILLS, deadline);
      run.rolledBack.push(...setupRolledBack);
      expect(retries).toBeGreaterThanOrEqual(KILLS); // the senders met every dead server
      if (live) {
        await settleLive(live.ctx.db);
        expect(await server.stop('SIGTERM')).toBe(0);
        await checkDelivered(live.ctx.db, receiver, run);
        return;
      }
      // PGlite: the data is read with the server stopped. First until the receiver has one request per
      // acknowledged sale, and again each one the kills cut (after their lease); then, while a delivery is
      // still owed (sent, but its answer lost with a killed process), start the server again until it
      // is sent again.
      const sales = ackedSales(run).length;
      await until(
        () => receiver.bodies.size >= sales && run.cut.every((id) => receiver.count(id) > 1),
        'a request for every acknowledged sale, and again for those a kill cut',
        SETTLE_MS,
      );
      for (const settleBy = Date.now() + SETTLE_MS; ;) {
        expect(await server.stop('SIGTERM')).toBe(0);
        const { database } = await openContext(store);
        const owed = await undelivered(database.db).finally(() => database.close());
        expect(owed.filter((d) => d.status !== DeliveryStatus.Pending)).toEqual([]);
        if (!owed.length) break;
        const before = new Map(owed.map((d) => [eventId(d.uid), receiver.count(eventId(d.uid))]));
        await server.start();
        await until(
          () => [...before].every(([id, n]) => receiver.count(id) > n),
          'the owed deliveries sent again',
          settleBy - Date.now(),
        );
      }
      const { database } = await openContext(store);
      try {
        await checkDelivered(database.db, receiver, run);
      } finally {
        await database.close();
      }
    },
    90_000 + SETTLE_MS + KILLS * RESTART_MS,
  );
});

const clusterSkip = clusterSkipReason();
describe.skipIf(clusterSkip)('webhook deliveries through a SIGKILL restart of one of three nodes', () => {
  const KILLED = 1; // node2
  const receiver = new Receiver(newSigningSecret());
  let cluster: Cluster;
  let live: Awaited<ReturnType<typeof clusterContext>>;
  let rig: Rig;
  let clickIds: number[] = [];

  beforeAll(async () => {
    await receiver.start();
    cluster = await startCluster({
      tag: 'webhooks',
      env: () => ({ CAPTCHA: 'off', LOG_LEVEL: 'warn', ...LEASE_ENV }),
    });
    live = await clusterContext(cluster);
    const victim = cluster.nodes[KILLED];
    rig = {
      get: (path) => send(cluster.base, 'GET', path).catch(() => undefined),
      receiver,
      victim,
      victimPorts: () => portsOfServerOn(victim.port),
      rejoined: () => cluster.untilAllServing(),
      live: live.ctx,
      outputs: () => cluster.outputs(),
    };
    await subscribe(live.ctx, receiver);
    clickIds = await makeClicks(rig, Date.now() + 60_000);
    await until(async () => {
      const n = await queryOne<{ n: number }>(
        live.ctx.db,
        sql`select count(*)::int as n from clicks where id = any(${sql.param(clickIds)}::bigint[])`,
      );
      return n?.n === CLICKS;
    }, 'the clicks stored');
  }, RESTART_MS + 60_000);
  afterAll(async () => {
    await live?.database.close();
    await cluster?.stop();
    await receiver.stop();
  });

  it(
    'delivers every committed sale at least once, one body per webhook-id, and nothing that rolled back',
    async () => {
      const deadline = Date.now() + 60_000 + RESTART_MS;
      const run = await postbacksWithKills(rig, clickIds, 1, deadline);
      await settleLive(live.ctx.db);
      expect(await Promise.all(cluster.nodes.map((n) => n.stop('SIGTERM')))).toEqual([0, 0, 0]);
      await checkDelivered(live.ctx.db, receiver, run);
    },
    90_000 + SETTLE_MS + RESTART_MS,
  );
});
