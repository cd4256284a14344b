// Change notices: after writing what a process caches (sites, link types, agents, agent_sites, offices,
// the black list: 'tracking'; the system options: 'options'), publish a topic so every process reloads. In-process handlers run at once; on
// PostgreSQL the notice also goes out on a LISTEN/NOTIFY channel to the other processes.
import crypto from 'node:crypto';
import type pg from 'pg';
import type { Config } from '../config';
import { sql, type Database, type Db } from '../db/client';
import { afterCommit } from '../db/request-scope';

const TOPICS = ['tracking', 'options'] as const;
export type ChangeTopic = (typeof TOPICS)[number];
const isTopic = (s: string | undefined): s is ChangeTopic => TOPICS.includes(s as ChangeTopic);
export type ChangeHandler = (topic: ChangeTopic) => Promise<void> | void;
// The parts of the app context a change needs (common/ stands below context.ts).
interface PublishCtx {
  db: Db;
  dbKind: Database['kind'];
}
export type ChangeCtx = PublishCtx & { config: Pick<Config, 'databaseUrl'> };

const CHANNEL = 'salesdesk_changes';
const RECONNECT_MS = 1000;

interface Listener {
  topic: ChangeTopic;
  handler: ChangeHandler;
}
interface Bus {
  origin: string;
  listeners: Set<Listener>;
  remote?: RemoteListener;
}

// One bus per database handle, so every app and script over the same handle shares it.
const buses = new WeakMap<Db, Bus>();

function busOf(db: Db): Bus {
  let bus = buses.get(db);
  if (!bus) {
    bus = { origin: crypto.randomUUID(), listeners: new Set() };
    buses.set(db, bus);
  }
  return bus;
}

async function runHandlers(bus: Bus, topic: ChangeTopic) {
  const handlers = [...bus.listeners].filter((l) => l.topic === topic).map((l) => l.handler(topic));
  await Promise.all(handlers);
}

/**
 * Tells every process that `topic` data changed. Call it after the commit; it resolves once this
 * process has reloaded, so the next request here already sees the change. Inside an audited API write
 * (whose transaction commits when the route's handler is done) it waits for that commit: the API
 * answers once it ran.
 */
export async function publishChange(ctx: PublishCtx, topic: ChangeTopic): Promise<void> {
  await afterCommit(ctx.db, async () => {
    const bus = busOf(ctx.db);
    await runHandlers(bus, topic);
    if (ctx.dbKind === 'postgres') {
      await ctx.db.execute(sql`select pg_notify(${CHANNEL}, ${`${bus.origin} ${topic}`})`);
    }
  });
}

/**
 * Calls `handler` on every change of `topic`, local or (PostgreSQL with DATABASE_URL) from another
 * process; after a lost LISTEN connection it is called once too, as notices may have been missed.
 */
export function subscribeChanges(
  ctx: ChangeCtx,
  topic: ChangeTopic,
  handler: ChangeHandler,
): () => Promise<void> {
  const bus = busOf(ctx.db);
  const listener = { topic, handler };
  bus.listeners.add(listener);
  const url = ctx.dbKind === 'postgres' ? ctx.config.databaseUrl : undefined;
  if (url && !bus.remote) bus.remote = new RemoteListener(url, bus);
  return async () => {
    bus.listeners.delete(listener);
    if (bus.listeners.size || !bus.remote) return;
    const remote = bus.remote;
    bus.remote = undefined;
    await remote.close();
  };
}

/** One LISTEN connection per bus, reconnecting after a failure until closed. */
class RemoteListener {
  // The newest connection attempt; events of older clients are ignored.
  private client: pg.Client | null = null;
  private closed = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly url: string,
    private readonly bus: Bus,
  ) {
    // The first connect also reloads: a change made before LISTEN took effect is not missed.
    void this.connect(true);
  }

  private async connect(missedNotices: boolean) {
    if (this.closed) return;
    const { default: pgLib } = await import('pg');
    const client = new pgLib.Client({ connectionString: this.url });
    this.client = client;
    client.on('notification', (msg) => this.onNotice(msg.payload ?? ''));
    client.on('error', () => this.retry(client));
    client.on('end', () => this.retry(client));
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
    } catch {
      this.retry(client);
      return;
    }
    if (this.closed) return void client.end().catch(() => undefined);
    if (missedNotices) await Promise.all(TOPICS.map((t) => runHandlers(this.bus, t))).catch(() => undefined);
  }

  private onNotice(payload: string) {
    const [origin, topic] = payload.split(' ');
    if (origin === this.bus.origin || !isTopic(topic)) return;
    void runHandlers(this.bus, topic).catch(() => undefined);
  }

  private retry(client: pg.Client) {
    void client.end().catch(() => undefined);
    if (this.client !== client || this.closed || this.timer) return;
    this.client = null;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.connect(true);
    }, RECONNECT_MS);
    this.timer.unref();
  }

  async close() {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}
