// Hands every click to something that outlives the process before its 302 is sent. Clicks recorded in
// one turn of the event loop are kept together (setImmediate runs once the loop has read every request
// that was ready): one write(2) to the local journal, or one Redis command in cluster mode, per tick and
// not per click. Once kept, the tick's clicks go to the batch writer and their answers are sent.
//
// Cluster mode with Redis away (refused at once, or no answer within REDIS_TIMEOUT_MS): the click still
// redirects. Its tick is journaled on this node's disk instead, and its uniqueness is what this node
// alone decided (a click of an address first seen here counts unique even if another node had it too).
import { EasternDays, type ClickRecord } from './click-batch';
import type { ClickWriter } from './click-writer';
import type { FileJournal } from './file-journal';
import { encodeClicks } from './journal-format';
import { streamKeys, type StreamJournal } from './stream-journal';

/** Redis answers a tick in well under a millisecond; past this, the tick is kept on disk instead. */
export const REDIS_TIMEOUT_MS = 500;

/** Called once the click is kept (`click`, its uniqueness final) or cannot be (null: answer 503). */
export type Kept<T> = (arg: T, click: ClickRecord | null, location: string) => void;

type Log = (msg: string, err?: unknown) => void;

class Tick {
  readonly clicks: ClickRecord[] = [];
  readonly locations: string[] = [];
  readonly done: Kept<never>[] = [];
  readonly args: unknown[] = [];
  /** Indexes of the clicks unique by this node's memory: Redis decides (cluster mode). */
  readonly newHere: number[] = [];
  text = '';
  /** performance.now() at its first click. */
  openedAt = 0;
  sentAt = 0;
  settled = false;
}

export class ClickKeeper {
  private tick = new Tick();
  private scheduled = false;
  // Ticks sent to Redis and not answered yet, oldest first (answers come in order).
  private readonly inFlight: Tick[] = [];
  private watchdog: NodeJS.Timeout | null = null;
  private idle: Array<() => void> = [];
  private redisDown = false;
  private readonly days = new EasternDays();
  /** Seconds from the first click of the tick being answered to its answers (read by the lane's meter). */
  tickSeconds = 0;

  constructor(
    private readonly writer: ClickWriter,
    private readonly file: FileJournal,
    private readonly stream: StreamJournal | undefined,
    private readonly log: Log,
    /** How long a tick waits for Redis before it goes to disk (a test on a loaded machine waits longer). */
    private readonly redisTimeoutMs = REDIS_TIMEOUT_MS,
  ) {}

  /** Takes one click; `done(arg, ...)` runs once it is kept (within the tick on disk, or Redis's round trip). */
  keep<T>(click: ClickRecord, location: string, done: Kept<T>, arg: T) {
    const t = this.tick;
    if (click.isUnique && this.stream) t.newHere.push(t.clicks.length);
    t.clicks.push(click);
    t.locations.push(location);
    t.done.push(done as Kept<never>);
    t.args.push(arg);
    if (!this.scheduled) {
      this.scheduled = true;
      t.openedAt = performance.now();
      setImmediate(this.flushTick);
    }
  }

  /** Every click handed to keep() so far has been kept (or refused) and is in the writer. */
  drain(): Promise<void> {
    if (this.settledAll()) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  /** The writer committed every click up to `committed`: the journals drop what holds only those. */
  trim(committed: number) {
    try {
      this.file.trim(committed);
      this.stream?.trim(committed);
    } catch (err) {
      this.log('click journal trim failed (retried at the next commit)', err);
    }
  }

  private readonly flushTick = () => {
    const tick = this.tick;
    this.tick = new Tick();
    this.scheduled = false;
    tick.text = encodeClicks(tick.clicks);
    if (this.stream) this.send(tick, this.stream);
    else this.keepOnDisk(tick);
  };

  private send(tick: Tick, stream: StreamJournal) {
    const keys = tick.newHere.map((i) => {
      const c = tick.clicks[i];
      return streamKeys.unique(this.days.of(c.time.getTime()), c.typeId, c.agentId, c.ip);
    });
    tick.sentAt = performance.now();
    this.inFlight.push(tick);
    if (!this.watchdog) this.armWatchdog();
    stream.append(tick.text, keys, tick.newHere).then(
      ({ id, lost }) => {
        if (tick.settled) return; // it timed out and went to disk; a later trim removes the entry
        for (const i of lost) tick.clicks[i].isUnique = false;
        const end = this.writer.added + tick.clicks.length;
        this.writer.addKept(tick.clicks);
        stream.keep(id, end);
        if (this.redisDown) {
          this.redisDown = false;
          this.log('clicks are journaled in Redis again');
        }
        this.settle(tick, true);
      },
      (err) => {
        if (tick.settled) return;
        this.redisFailed(err);
        this.keepOnDisk(tick);
      },
    );
  }

  private keepOnDisk(tick: Tick) {
    const end = this.writer.added + tick.clicks.length;
    try {
      this.file.append(tick.text, end);
    } catch (err) {
      this.log('clicks could not be journaled: answered 503', err);
      this.settle(tick, false);
      return;
    }
    this.writer.addKept(tick.clicks);
    this.settle(tick, true);
  }

  private settle(tick: Tick, kept: boolean) {
    tick.settled = true;
    this.tickSeconds = (performance.now() - tick.openedAt) / 1000;
    const { clicks, locations, done, args } = tick;
    for (let i = 0; i < clicks.length; i++) {
      try {
        done[i](args[i] as never, kept ? clicks[i] : null, locations[i]);
      } catch (err) {
        this.log('a click answer failed', err);
      }
    }
    while (this.inFlight.length && this.inFlight[0].settled) this.inFlight.shift();
    if (this.idle.length && this.settledAll()) {
      const idle = this.idle;
      this.idle = [];
      for (const resolve of idle) resolve();
    }
  }

  private settledAll(): boolean {
    return !this.scheduled && this.inFlight.every((t) => t.settled);
  }

  private redisFailed(err: unknown) {
    if (this.redisDown) return;
    this.redisDown = true;
    this.log('Redis did not keep clicks: journaling them on this node’s disk', err);
  }

  // One timer for every tick in flight: it fires at the oldest one's deadline.
  private armWatchdog() {
    const oldest = this.inFlight.find((t) => !t.settled);
    if (!oldest) return;
    const wait = Math.max(0, oldest.sentAt + this.redisTimeoutMs - performance.now());
    this.watchdog = setTimeout(this.expire, wait);
  }

  private readonly expire = () => {
    this.watchdog = null;
    const now = performance.now();
    while (this.inFlight.length) {
      const t = this.inFlight[0];
      if (!t.settled && now - t.sentAt < this.redisTimeoutMs) break;
      this.inFlight.shift();
      if (t.settled) continue;
      this.redisFailed(new Error(`Redis did not answer within ${this.redisTimeoutMs} ms`));
      this.keepOnDisk(t);
    }
    if (this.inFlight.length) this.armWatchdog();
  };
}
