// The click journal of a cluster node: one Redis stream per node process, one entry per tick (the tick's
// journal text), added before the tick's 302s are sent. The node still writes its clicks to the table
// from memory; once a batch commits, the entries holding only committed clicks are trimmed (XTRIM MINID).
// The node keeps a heartbeat key (HEARTBEAT_TTL_MS) and its id in a set of nodes; any node that finds a
// heartbeat gone takes that stream over (one taker at a time, a SET NX lock), stores its clicks through
// the idempotent insert and trims what it stored, so a node that never comes back loses nothing.
//
// A taker only removes entries it has stored itself: a node that was only slow (its heartbeat lapsed)
// loses nothing either, and storing its clicks twice is harmless (ids already stored are skipped).
//
// Uniqueness across nodes (DESIGN rule 2): a click whose (type, agent, IP) this node has not seen today
// is unique only if no node had it first: the tick's entry is added by one script that also sets each
// such key (SET NX, two days' expiry) and answers the clicks that lost, all in the one round trip.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Redis } from '../common/redis';
import type { Queryable } from '../db/client';
import type { ClickRecord } from './click-batch';
import { decodeClicks } from './journal-format';
import { storeClicksOnce } from './journal-replay';

export const HEARTBEAT_MS = 1000;
/** A node whose heartbeat is this old is taken for dead: its stream is stored by another node. */
export const HEARTBEAT_TTL_MS = 5000;
/** A unique key outlives its Eastern day (the day a click is counted in ends at most 25 hours later). */
export const UNIQUE_TTL_S = 2 * 24 * 3600;
const TAKE_LOCK_MS = 60_000;
const REPLAY_ENTRIES = 200;

export const streamKeys = {
  nodes: 'clicks:nodes',
  stream: (node: string) => `clicks:journal:${node}`,
  alive: (node: string) => `clicks:alive:${node}`,
  taking: (node: string) => `clicks:taking:${node}`,
  unique: (day: string, typeId: number, agentId: number, ip: string) =>
    `clicks:unique:${day}:${typeId}:${agentId}:${ip}`,
};

// KEYS[1] the stream, KEYS[2..] the unique keys; ARGV[1] the tick's text, ARGV[2] the keys' expiry,
// ARGV[1 + i] the index in the tick of the click of KEYS[i]. Answers the entry id and the clicks that lost.
const KEEP_CLICKS = `
local lost = {}
for i = 2, #KEYS do
  if not redis.call('SET', KEYS[i], '1', 'NX', 'EX', ARGV[2]) then lost[#lost + 1] = ARGV[1 + i] end
end
local id = redis.call('XADD', KEYS[1], '*', 'c', ARGV[1], 'd', table.concat(lost, ','))
return {id, lost}`;

// KEYS: the stream, the heartbeat, the node set; ARGV[1] the node. A node still beating is left alone.
const FORGET_NODE = `
if redis.call('EXISTS', KEYS[2]) == 0 and redis.call('XLEN', KEYS[1]) == 0 then
  redis.call('DEL', KEYS[1])
  redis.call('SREM', KEYS[3], ARGV[1])
  return 1
end
return 0`;

const RELEASE_LOCK = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

interface Scripts {
  salesdeskKeepClicks(...args: (string | number)[]): Promise<[string, string[]]>;
  salesdeskForgetNode(...args: string[]): Promise<number>;
  salesdeskReleaseLock(...args: string[]): Promise<number>;
}

/** The first id after `id` ("ms-seq"): XTRIM MINID of it removes `id` and everything before. */
const after = (id: string) => {
  const dash = id.indexOf('-');
  return `${id.slice(0, dash)}-${Number(id.slice(dash + 1)) + 1}`;
};

/** The clicks of one entry, with the uniqueness its script decided. */
export function entryClicks(fields: string[]): ClickRecord[] {
  let text = '';
  let lost = '';
  for (let i = 0; i + 1 < fields.length; i += 2) {
    if (fields[i] === 'c') text = fields[i + 1];
    else if (fields[i] === 'd') lost = fields[i + 1];
  }
  const { clicks } = decodeClicks(text);
  for (const i of lost ? lost.split(',') : []) {
    const click = clicks[Number(i)];
    if (click) click.isUnique = false;
  }
  return clicks;
}

type Log = (msg: string, err?: unknown) => void;

function readNode(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8').trim() || undefined;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

export class StreamJournal {
  readonly node = randomUUID();
  private readonly key: string;
  private readonly scripts: Scripts;
  // Entries added and handed to the writer, in order, with the writer position of their last click.
  private readonly kept: Array<{ id: string; end: number }> = [];
  private timer: NodeJS.Timeout | null = null;
  private scanning = false;
  private beating = true;

  constructor(
    private readonly redis: Redis,
    private readonly db: Queryable,
    private readonly log: Log,
  ) {
    this.key = streamKeys.stream(this.node);
    redis.defineCommand('salesdeskKeepClicks', { lua: KEEP_CLICKS });
    redis.defineCommand('salesdeskForgetNode', { numberOfKeys: 3, lua: FORGET_NODE });
    redis.defineCommand('salesdeskReleaseLock', { numberOfKeys: 1, lua: RELEASE_LOCK });
    this.scripts = redis as unknown as Scripts;
  }

  /**
   * Announces the node (its heartbeat first: no entry exists without one), then beats and watches.
   * `nodeFile` names the node that last ran on this host and port: that process is gone (or about to be,
   * as this one takes its port), so its stream is stored at once rather than once its heartbeat lapses.
   */
  async start(nodeFile?: string): Promise<void> {
    await this.beat();
    if (nodeFile) {
      const previous = readNode(nodeFile);
      fs.mkdirSync(path.dirname(nodeFile), { recursive: true });
      fs.writeFileSync(nodeFile, this.node);
      if (previous && previous !== this.node) {
        // Its heartbeat goes first, so the stream itself goes once stored. Were that process still alive
        // after all, it would only beat again: nothing of it is lost (see takeOver).
        await this.redis.del(streamKeys.alive(previous));
        await this.takeOver(previous);
      }
    }
    this.timer = setInterval(() => {
      this.beat().then(
        () => this.recovered(),
        (err) => this.lapsed(err),
      );
      void this.takeOverDead().catch((err) =>
        this.log('taking over a dead node’s click journal failed', err),
      );
    }, HEARTBEAT_MS);
    this.timer.unref();
  }

  /**
   * Adds one tick's entry: `uniqueKeys[k]` is the key of the click at `uniqueAt[k]`, new to this node.
   * Answers the entry id and the indexes of those clicks another node had first (not unique).
   */
  async append(
    text: string,
    uniqueKeys: string[],
    uniqueAt: number[],
  ): Promise<{ id: string; lost: number[] }> {
    if (!uniqueKeys.length) return { id: (await this.redis.xadd(this.key, '*', 'c', text))!, lost: [] };
    const [id, lost] = await this.scripts.salesdeskKeepClicks(
      1 + uniqueKeys.length,
      this.key,
      ...uniqueKeys,
      text,
      UNIQUE_TTL_S,
      ...uniqueAt,
    );
    return { id, lost: lost.map(Number) };
  }

  /** The clicks of entry `id` were handed to the writer, the last at position `end`. */
  keep(id: string, end: number) {
    this.kept.push({ id, end });
  }

  /** Every click up to writer position `committed` is in the table: their entries go. */
  trim(committed: number) {
    let last: string | undefined;
    while (this.kept.length && this.kept[0].end <= committed) last = this.kept.shift()!.id;
    if (last === undefined) return;
    // A failed trim is made good by the next one (MINID removes everything before it).
    this.redis.xtrim(this.key, 'MINID', after(last)).catch(() => undefined);
  }

  /** Stores and removes the stream of every node whose heartbeat is gone; answers the clicks read. */
  async takeOverDead(): Promise<number> {
    if (this.scanning) return 0;
    this.scanning = true;
    try {
      let read = 0;
      for (const node of await this.redis.smembers(streamKeys.nodes)) {
        if (node === this.node || (await this.redis.exists(streamKeys.alive(node)))) continue;
        read += await this.takeOver(node);
      }
      return read;
    } finally {
      this.scanning = false;
    }
  }

  /** Stops beating; `remove` (every click is committed) deletes the stream, else another node stores it. */
  async close(remove: boolean): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (!remove) return;
    await Promise.all([
      this.redis.del(this.key, streamKeys.alive(this.node)),
      this.redis.srem(streamKeys.nodes, this.node),
    ]);
  }

  private async beat() {
    await Promise.all([
      this.redis.set(streamKeys.alive(this.node), '1', 'PX', HEARTBEAT_TTL_MS),
      this.redis.sadd(streamKeys.nodes, this.node),
    ]);
  }

  private lapsed(err: unknown) {
    if (!this.beating) return;
    this.beating = false;
    this.log('cluster heartbeat failed: clicks are journaled on this node’s disk until Redis answers', err);
  }

  private recovered() {
    if (this.beating) return;
    this.beating = true;
    this.log('cluster heartbeat back: clicks are journaled in Redis again');
  }

  private async takeOver(node: string): Promise<number> {
    const lock = streamKeys.taking(node);
    if ((await this.redis.set(lock, this.node, 'PX', TAKE_LOCK_MS, 'NX')) !== 'OK') return 0;
    const stream = streamKeys.stream(node);
    let read = 0;
    try {
      for (;;) {
        const entries = await this.redis.xrange(stream, '-', '+', 'COUNT', REPLAY_ENTRIES);
        if (!entries.length) break;
        const clicks = entries.flatMap(([, fields]) => entryClicks(fields));
        await storeClicksOnce(this.db, clicks);
        await this.redis.xtrim(stream, 'MINID', after(entries[entries.length - 1][0]));
        read += clicks.length;
      }
      await this.scripts.salesdeskForgetNode(stream, streamKeys.alive(node), streamKeys.nodes, node);
    } finally {
      await this.scripts.salesdeskReleaseLock(lock, this.node).catch(() => undefined);
    }
    if (read)
      this.log(`stored the click journal of stopped node ${node}: ${read} clicks read, each kept once`);
    return read;
  }
}
