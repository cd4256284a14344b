// The click path of one process: cache, unique tracker, click ids, the keeper that journals each tick's
// clicks before they are answered, and the batch writer; started once per database handle and shared by
// every app and script over it. No query runs per click. A start first stores what a killed process left
// in the journals (its own on disk; in cluster mode the Redis stream of any node whose heartbeat is gone).
import os from 'node:os';
import path from 'node:path';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { subscribeChanges } from '../common/changes';
import { loggableError } from '../common/loggable-error';
import { TrackingCache } from './cache';
import { datacenterRanges } from './datacenter-list';
import type { ClickRecord } from './click-batch';
import { ClickIdBlocks } from './click-ids';
import { ClickKeeper, type Kept } from './click-keeper';
import { ClickWriter } from './click-writer';
import { FileJournal, JOURNAL_DIR, replayFileJournal } from './file-journal';
import { StreamJournal } from './stream-journal';
import { unavailable } from '../http/errors';
import { invalidReasonCode, VALID_CLICK } from '@salesdesk/contract';
import { agentTraits } from './user-agent-reason';
import { SharedRepeats } from './repeats-shared';

// The shared counter's answer, given to classify() in place of this process's own window.
const NEVER_REPEAT = { isRepeat: () => false };
const BLACK_LISTED = invalidReasonCode('BLACKLISTED_IP');
const ALWAYS_REPEAT = { isRepeat: () => true };
import { classify, REFUSED } from './traffic-rules';
import { loadUniqueKeys } from './sql';
import { easternDayBounds, MAX_KEYS_PER_DAY, UniqueTracker } from './uniques';

/** The safety net behind change notices: a full reload every minute. */
export const FULL_REFRESH_MS = 60_000;
const MAX_TEXT = 2048;

export interface ClickInput {
  siteId: number;
  typeId: number;
  agentId: number;
  ip: string;
  time: Date;
  referer?: string | null;
  userAgent?: string | null;
  /**
   * A click from a request (the redirect): tested against the invalid-traffic rules. A click made by the
   * server itself (demo history, tests) is not, and carries its own `invalidReason` (0 when left out).
   */
  request?: {
    /** A HEAD request: answered as a GET, never a person (the HEAD reason). */
    head?: boolean;
    /** The request carried `sd_test=1` (staff testing a link: the INTERNAL reason). */
    test?: boolean;
  };
  invalidReason?: number;
  /** Cluster mode: the shared repeat counter's answer, asked before recordNow (Tracking.record does). */
  repeat?: boolean;
}

export interface ClickResult {
  clickId: number;
  isUnique: boolean;
  /** Why it was not a person (contract INVALID_REASONS' code), 0 for a valid click. */
  invalidReason: number;
  /** The type's url with `{clickParam}={clickId}` appended. */
  location: string;
}

type TrackingCtx = Pick<AppContext, 'db' | 'dbKind' | 'config' | 'redis'>;
/** An error, or a notice (no `err`): a journal replayed, Redis away or back. */
type Log = (msg: string, err?: unknown) => void;

const clip = (s: string | null | undefined) => (s ? s.slice(0, MAX_TEXT) : null);

export class Tracking {
  readonly cache: TrackingCache;
  readonly uniques = new UniqueTracker();
  /** False only for the benchmark's measure without the rules (CLICK_CLASSIFY_BENCH=off or toggle). */
  private classifying: boolean;
  private readonly stopToggling: () => void = () => undefined;
  private readonly sharedRepeats: SharedRepeats | undefined;
  readonly ids: ClickIdBlocks;
  readonly writer: ClickWriter;
  readonly keeper: ClickKeeper;
  private readonly file: FileJournal;
  private readonly stream: StreamJournal | undefined;
  private readonly timer: NodeJS.Timeout;
  private unsubscribe: () => Promise<void> = async () => undefined;
  private closing = false;

  constructor(
    private readonly ctx: TrackingCtx,
    private readonly log: Log,
  ) {
    this.cache = new TrackingCache(ctx.db, () => datacenterRanges(ctx.db));
    this.ids = new ClickIdBlocks(ctx.db);
    this.writer = new ClickWriter(ctx.db, {
      intervalMs: ctx.config.clickWriterIntervalMs,
      onError: (err) => log('click batch not written yet, retrying', err),
      onCommit: (committed) => this.keeper.trim(committed),
    });
    this.classifying = ctx.config.classifyClicks !== 'off';
    if (ctx.config.classifyClicks === 'toggle') this.stopToggling = this.toggleOnSignal();
    // Redis away, a node counts repeats alone, apart from its uniques (the route asks before recordNow).
    this.sharedRepeats = ctx.redis ? new SharedRepeats(ctx.redis, new UniqueTracker()) : undefined;
    this.file = new FileJournal(path.join(ctx.config.dataDir, JOURNAL_DIR));
    this.stream = ctx.redis ? new StreamJournal(ctx.redis, ctx.db, log) : undefined;
    this.keeper = new ClickKeeper(this.writer, this.file, this.stream, log);
    this.timer = setInterval(() => this.refreshInBackground(), FULL_REFRESH_MS);
    this.timer.unref();
  }

  async start() {
    const unsubscribeTracking = subscribeChanges(this.ctx, 'tracking', () => this.cache.refresh());
    // The invalid-traffic rules are system options.
    const unsubscribeOptions = subscribeChanges(this.ctx, 'options', () => this.cache.refresh());
    this.unsubscribe = async () => {
      await Promise.all([unsubscribeTracking(), unsubscribeOptions()]);
    };
    // Before the unique keys are loaded: a replayed unique click counts for today.
    const replayed = await replayFileJournal(this.ctx.db, this.file.dir, this.log);
    if (replayed)
      this.log(
        `stored the local click journal left by a stopped process: ${replayed} clicks read, each kept once`,
      );
    if (this.stream) {
      const { dataDir, port } = this.ctx.config;
      await this.stream.start(path.join(dataDir, JOURNAL_DIR, `${os.hostname()}~${port}.node`));
      await this.stream.takeOverDead();
    }
    await Promise.all([this.cache.refresh(), this.ids.prefetch(), this.preloadUniques(Date.now())]);
  }

  /**
   * Records a click when site, type and agent are clickable; null (nothing recorded) otherwise, false when
   * its reason is set to refuse (nothing recorded, answer 404).
   */
  async record(c: ClickInput): Promise<ClickResult | null | false> {
    if (c.request && c.repeat === undefined && this.classifiesLater) c = await this.askSharedRepeat(c);
    for (let attempt = 0; attempt < 3; attempt++) {
      let settle!: (click: ClickResult | null) => void;
      const kept = new Promise<ClickResult | null>((resolve) => (settle = resolve));
      const now = this.recordNow(c, resolveKept, settle);
      if (now === null || now === false) return now;
      if (now) {
        const click = await kept;
        if (!click) throw unavailable();
        return click;
      }
      await this.ids.prefetch(); // the block ran out: wait for the next one
    }
    throw new Error('No click id could be allocated');
  }

  /**
   * record() without waiting for the click to be kept: true once it is taken, and `done(arg, click,
   * location)` runs once it is journaled (click null: it could not be, answer 503); null when it is not
   * clickable; false when its invalid reason is set to refuse; undefined when no click id is at hand
   * (record() waits for a block, and classifies again). Throws 503, having changed nothing, when clicks
   * cannot be kept.
   */
  recordNow<T>(c: ClickInput, done: Kept<T>, arg: T): true | false | null | undefined {
    if (this.closed || this.writer.full) throw unavailable();
    const type = this.cache.clickType(c.siteId, c.typeId);
    const agent = type && this.cache.clickAgent(c.agentId, c.siteId);
    if (!type || !agent) return null;
    if (!this.ids.ready) return undefined; // before classify(): a repeat is counted once
    const repeats = c.repeat === undefined ? this.uniques : c.repeat ? ALWAYS_REPEAT : NEVER_REPEAT;
    const invalidReason =
      c.request && this.classifying
        ? classify(this.cache.rules, c, this.cache.isBlackListed(c.ip), repeats)
        : (c.invalidReason ?? (this.cache.isBlackListed(c.ip) ? BLACK_LISTED : VALID_CLICK));
    if (invalidReason === REFUSED) return false;
    const id = this.ids.next();
    if (id === undefined) return undefined;
    // A machine's or staff's click is never the unique one: the next person's from that address is.
    const isUnique = invalidReason === VALID_CLICK && this.uniques.firstInDayOf(c, c.time.getTime());
    const click = {
      id,
      time: c.time,
      siteId: c.siteId,
      typeId: c.typeId,
      agentId: c.agentId,
      officeId: agent.officeId,
      ip: c.ip,
      isUnique,
      referer: clip(c.referer),
      userAgent: clip(c.userAgent),
      invalidReason,
    };
    this.keeper.keep(click, type.prefix + id + type.fragment, done, arg);
    return true;
  }

  /**
   * True when a click must wait for the shared repeat counter before recordNow (cluster mode, the REPEAT
   * reason on): the click lane leaves such clicks to the route, whose record() asks Redis first.
   */
  get classifiesLater(): boolean {
    return this.classifying && this.sharedRepeats !== undefined && this.cache.rules.modes.REPEAT !== 'count';
  }

  /** The click with the shared counter's answer; asked only of a clickable click no other reason flags. */
  private async askSharedRepeat(c: ClickInput): Promise<ClickInput> {
    const rules = this.cache.rules;
    const clickable = this.cache.clickType(c.siteId, c.typeId) && this.cache.clickAgent(c.agentId, c.siteId);
    if (!clickable || classify(rules, c, this.cache.isBlackListed(c.ip), NEVER_REPEAT) !== VALID_CLICK)
      return { ...c, repeat: false };
    const { max, windowMs } = rules.repeat;
    const agent = agentTraits(c.userAgent).hash;
    return { ...c, repeat: await this.sharedRepeats!.isRepeat(c, agent, c.time.getTime(), max, windowMs) };
  }

  /**
   * CLICK_CLASSIFY_BENCH=toggle: each SIGUSR2 turns the rules off or on again, so the benchmark weighs
   * them in one process (the same heap, JIT and database on both sides).
   */
  private toggleOnSignal(): () => void {
    const toggle = () => {
      this.classifying = !this.classifying;
      this.log(`click classification ${this.classifying ? 'on' : 'off'} (CLICK_CLASSIFY_BENCH=toggle)`);
    };
    process.on('SIGUSR2', toggle);
    return () => process.off('SIGUSR2', toggle);
  }

  /** Why recordNow() found a click not clickable: its link, or its agent (for the metrics' reason). */
  refusalOf(c: Pick<ClickInput, 'siteId' | 'typeId'>): 'link_not_clickable' | 'agent_not_clickable' {
    return this.cache.clickType(c.siteId, c.typeId) ? 'agent_not_clickable' : 'link_not_clickable';
  }

  /** Keeps every click taken so far and writes it to the table; resolves once committed. */
  async flush(): Promise<void> {
    await this.keeper.drain();
    await this.writer.flush();
  }

  /** True once close() began: later clicks are refused (503), never buffered past the last flush. */
  get closed(): boolean {
    return this.closing;
  }

  /**
   * Refuses new clicks, keeps and writes the ones taken, then removes the journals. A write that still
   * fails leaves them for the next start (or, in cluster mode, another node) to store.
   */
  async close() {
    this.closing = true;
    clearInterval(this.timer);
    this.stopToggling();
    await this.unsubscribe();
    await this.keeper.drain();
    try {
      await this.writer.close();
    } catch (err) {
      this.file.close(false);
      await this.stream?.close(false);
      throw err;
    }
    this.file.close(true);
    // Everything is committed: a stream left behind (Redis away) is only stored again, each click once.
    await this.stream?.close(true).catch((err) => this.log('click journal not removed from Redis', err));
  }

  // Today's keys from the table, so a restart does not count a second unique click of the same day.
  private async preloadUniques(now: number) {
    const { start, end } = easternDayBounds(now);
    const rows = await loadUniqueKeys(this.ctx.db, new Date(start), new Date(end), MAX_KEYS_PER_DAY);
    this.uniques.preload(
      rows.map((r) => ({ typeId: r.type_id, agentId: r.agent_id, ip: r.ip })),
      now,
    );
  }

  private refreshInBackground() {
    this.cache.refresh().catch((err) => this.log('tracking cache reload failed', err));
  }
}

const resolveKept = (
  settle: (click: ClickResult | null) => void,
  click: ClickRecord | null,
  location: string,
) =>
  settle(
    click && { clickId: click.id, isUnique: click.isUnique, invalidReason: click.invalidReason, location },
  );

const starting = new WeakMap<Db, Promise<Tracking>>();
const running = new WeakMap<Db, Tracking>();
const consoleLog: Log = (msg, err) =>
  err === undefined ? console.warn(msg) : console.error(`${msg}:`, loggableError(err));

/** Starts (once per database handle) and returns the click path of this process. */
export function startTracking(ctx: TrackingCtx, log: Log = consoleLog): Promise<Tracking> {
  let started = starting.get(ctx.db);
  if (!started) {
    const tracking = new Tracking(ctx, log);
    started = tracking.start().then(() => {
      running.set(ctx.db, tracking);
      return tracking;
    });
    started.catch(() => {
      starting.delete(ctx.db);
      void tracking.close().catch(() => undefined);
    });
    starting.set(ctx.db, started);
  }
  return started;
}

/** The started click path of this database handle, if any (no waiting). */
export const runningTracking = (ctx: Pick<AppContext, 'db'>): Tracking | undefined => running.get(ctx.db);

/** Flushes the buffered clicks and stops; the next startTracking() starts afresh. */
export async function closeTracking(ctx: Pick<AppContext, 'db'>): Promise<void> {
  const started = starting.get(ctx.db);
  if (!started) return;
  starting.delete(ctx.db);
  running.delete(ctx.db);
  const tracking = await started.catch(() => undefined); // a failed start has cleaned up already
  await tracking?.close();
}
