// Batched click writer: clicks and their stats_daily increments go to the database every 100 ms or
// every 1,000 clicks, whichever comes first, one transaction per batch; close() flushes what is left.
// Each batch waits for its own 1,000 clicks or its first click's 100 ms, even when the one before it
// commits sooner: written as soon as the writer was free, batches shrank under load to what arrived
// during one write (about 300 clicks), which tripled the statements and the stats_daily rows per click
// (bench/analysis.md).
import type { Queryable } from '../db/client';
import { BATCH_BOUNDS, FixedHistogram } from '../common/metrics/fixed-histogram';
import { unavailable } from '../http/errors';
import { ClickBatch, type ClickRecord } from './click-batch';
import { insertClicks } from './sql';

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
  /** A failed background flush; the batch stays buffered and is retried one interval later. */
  onError?: (err: unknown) => void;
  /** A batch committed: every click up to position `committed` (see `added`) is in the table. */
  onCommit?: (committed: number) => void;
}

export class ClickWriter {
  // Batches in arrival order, each up to maxBatch clicks, built as clicks arrive; the first may be being
  // written. A postback may ask for a click before it reaches the table: holds() looks here.
  private batches: ClickBatch[] = [];
  private pending = 0;
  // Clicks ever added and ever committed: batches commit in arrival order, so a click added as the
  // n-th is in the table once `committed` reaches n (the click journals trim by it).
  private addedCount = 0;
  private committedCount = 0;
  // The batch being written takes no more clicks: what is sent is what is removed once committed.
  private writing: ClickBatch | null = null;
  private chain: Promise<void> = Promise.resolve();
  // A background flush is waiting its turn: under load, one queued flush is enough.
  private queued = false;
  private closing = false;
  private readonly maxBatch: number;
  private readonly intervalMs: number;
  // Batches whose first click is an interval old: written even if not full.
  private readonly expired = new WeakSet<ClickBatch>();
  // When each batch took its first click (Date.now()): how far behind the writer is.
  private readonly openedAt = new WeakMap<ClickBatch, number>();
  /** The sizes of the batches committed (the metrics read it; one observation per batch). */
  readonly batchSizes = new FixedHistogram(BATCH_BOUNDS);

  constructor(
    private readonly db: Queryable,
    private readonly opts: ClickWriterOptions = {},
  ) {
    this.maxBatch = opts.maxBatch ?? MAX_BATCH;
    this.intervalMs = opts.intervalMs ?? FLUSH_INTERVAL_MS;
  }

  /** True when no further click may be buffered (the database has been away too long). */
  get full(): boolean {
    return this.pending >= (this.opts.maxPending ?? MAX_PENDING);
  }

  add(click: ClickRecord) {
    if (this.full) throw unavailable();
    this.push(click);
  }

  /**
   * Adds clicks already answered and kept in a journal: never refused, even past the bound (the click
   * path checks `full` before it takes a click, so at most one tick's clicks go past it).
   */
  addKept(clicks: readonly ClickRecord[]) {
    for (const click of clicks) this.push(click);
  }

  /** How many clicks were ever added: the position of the last one. */
  get added(): number {
    return this.addedCount;
  }

  /** How many of them are committed, a prefix in arrival order. */
  get committed(): number {
    return this.committedCount;
  }

  private push(click: ClickRecord) {
    let last = this.batches[this.batches.length - 1];
    if (!last || last.size >= this.maxBatch || last === this.writing) this.open((last = new ClickBatch()));
    last.add(click);
    this.pending++;
    this.addedCount++;
    if (last.size >= this.maxBatch) this.flushInBackground();
  }

  /** True when this process still holds the click, not yet in the clicks table. */
  holds(id: number): boolean {
    return this.batches.some((batch) => batch.has(id));
  }

  get size(): number {
    return this.pending;
  }

  /** When the oldest click not yet committed reached the writer (Date.now()), or undefined when none waits. */
  get oldestPendingAt(): number | undefined {
    return this.pending ? this.openedAt.get(this.batches[0]) : undefined;
  }

  /** Every write waits for `gate` (tests stall the writer with it, as a database that holds its writes). */
  holdWrites(gate: Promise<unknown>) {
    void this.enqueue(() => gate.then(() => undefined));
  }

  /** Writes everything buffered so far; resolves once it is committed. */
  flush(): Promise<void> {
    return this.enqueue(() => this.writeFirst(this.batches.length));
  }

  /** Flushes, retrying a few times (the database may be restarting); batches' timers find nothing later. */
  async close(): Promise<void> {
    this.closing = true;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.flush();
      } catch (err) {
        if (attempt >= CLOSE_ATTEMPTS) throw err;
        await new Promise((r) => setTimeout(r, RETRY_MS * attempt));
      }
    }
  }

  private open(batch: ClickBatch) {
    this.batches.push(batch);
    this.openedAt.set(batch, Date.now());
    // The batch's deadline; one timer per batch (a few a second under load), not one per click.
    setTimeout(() => {
      this.expired.add(batch);
      this.flushInBackground();
    }, this.intervalMs).unref();
  }

  private enqueue(write: () => Promise<void>): Promise<void> {
    const next = this.chain.catch(() => undefined).then(write);
    this.chain = next;
    return next;
  }

  /** Writes the batches that are due: full, or open for the interval. A failure keeps them for a retry one interval later. */
  private flushInBackground() {
    if (!this.pending || this.queued || this.closing) return;
    this.queued = true;
    this.enqueue(() => {
      this.queued = false;
      return this.writeFirst(0);
    }).catch((err) => {
      this.opts.onError?.(err);
      // Retried one interval later even if no new batch opens meanwhile.
      setTimeout(() => this.flushInBackground(), this.intervalMs).unref();
    });
  }

  /** Writes the first `count` batches, then every following one that is due. */
  private async writeFirst(count: number) {
    while (this.batches.length && (count-- > 0 || this.due())) {
      const batch = this.batches[0];
      this.writing = batch;
      try {
        await insertClicks(this.db, batch);
      } finally {
        this.writing = null;
      }
      this.batches.shift();
      this.pending -= batch.size;
      this.committedCount += batch.size;
      this.batchSizes.observe(batch.size);
      this.opts.onCommit?.(this.committedCount);
    }
  }

  private due(): boolean {
    const first = this.batches[0];
    return first.size >= this.maxBatch || this.expired.has(first);
  }
}
