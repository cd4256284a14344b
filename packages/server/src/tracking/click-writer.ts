// Batched click writer: clicks and their stats_daily increments go to the database every 100 ms or
// every 1,000 clicks, whichever comes first, one transaction per batch; close() flushes what is left.
import type { Queryable } from '../db/client';
import { unavailable } from '../http/errors';
import { ClickBatch } from './click-batch';
import { insertClicks, type ClickRecord } from './sql';

export const FLUSH_INTERVAL_MS = 100;
export const MAX_BATCH = 1000;
/** Unwritten clicks held at most (the database is down): past this, clicks are refused, not buffered. */
export const MAX_PENDING = 100_000;
const CLOSE_ATTEMPTS = 5;
const RETRY_MS = 200;

export interface ClickWriterOptions {
  intervalMs?: number;
  maxBatch?: number;
  maxPending?: number;
  /** A failed background flush; the batch stays buffered and is retried on the next tick. */
  onError?: (err: unknown) => void;
}

export class ClickWriter {
  // Batches in arrival order, each up to maxBatch clicks, built as clicks arrive; the first may be being
  // written. A postback may ask for a click before it reaches the table: pendingClick() looks here.
  private batches: ClickBatch[] = [];
  private pending = 0;
  // The batch being written takes no more clicks: what is sent is what is removed once committed.
  private writing: ClickBatch | null = null;
  private chain: Promise<void> = Promise.resolve();
  // A background flush is waiting its turn: under load, one queued flush is enough.
  private queued = false;
  private readonly timer: NodeJS.Timeout;
  private readonly maxBatch: number;

  constructor(
    private readonly db: Queryable,
    private readonly opts: ClickWriterOptions = {},
  ) {
    this.maxBatch = opts.maxBatch ?? MAX_BATCH;
    this.timer = setInterval(() => this.flushInBackground(), opts.intervalMs ?? FLUSH_INTERVAL_MS);
    this.timer.unref();
  }

  /** True when no further click may be buffered (the database has been away too long). */
  get full(): boolean {
    return this.pending >= (this.opts.maxPending ?? MAX_PENDING);
  }

  add(click: ClickRecord) {
    if (this.full) throw unavailable();
    let last = this.batches[this.batches.length - 1];
    if (!last || last.size >= this.maxBatch || last === this.writing)
      this.batches.push((last = new ClickBatch()));
    last.add(click);
    this.pending++;
    if (last.size >= this.maxBatch) this.flushInBackground();
  }

  /** A click not yet in the clicks table, if this process still holds it. */
  pendingClick(id: number): ClickRecord | undefined {
    for (const batch of this.batches) {
      const click = batch.find(id);
      if (click) return click;
    }
    return undefined;
  }

  get size(): number {
    return this.pending;
  }

  /** Writes everything buffered so far; resolves once it is committed. */
  flush(): Promise<void> {
    const next = this.chain.catch(() => undefined).then(() => this.writeAll());
    this.chain = next;
    return next;
  }

  /** Stops the timer and flushes, retrying a few times (the database may be restarting). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.flush();
      } catch (err) {
        if (attempt >= CLOSE_ATTEMPTS) throw err;
        await new Promise((r) => setTimeout(r, RETRY_MS * attempt));
      }
    }
  }

  private flushInBackground() {
    if (!this.pending || this.queued) return;
    this.queued = true;
    this.flush().catch((err) => this.opts.onError?.(err));
  }

  private async writeAll() {
    this.queued = false;
    while (this.batches.length) {
      const batch = this.batches[0];
      this.writing = batch;
      try {
        await insertClicks(this.db, batch);
      } finally {
        this.writing = null;
      }
      this.batches.shift();
      this.pending -= batch.size;
    }
  }
}
