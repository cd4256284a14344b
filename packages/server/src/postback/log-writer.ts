// The postback log's writer for what is not written with its sale: duplicates and refusals, kept in
// memory and written every second and on close (an accepted sale's row goes in with the sale, an
// accepted reversal's in its transaction, so those survive a kill). Past REFUSED_PER_MINUTE refusals of
// one (site, address), refusals are summed into one row per (site, address, result) per flush with their
// count: a flood of refused postbacks adds a few rows a second, and memory stays bounded.
import type { TPostbackResult } from '@salesdesk/contract';
import type { AppContext } from '../context';
import type { Db, Queryable } from '../db/client';
import { WindowLimit } from '../common/window-limit';
import { insertPostbackLogs, type PostbackLogRow } from './sql';

export const FLUSH_MS = 1000;
/** Refusals of one (site, address) a minute stored one by one; the rest are summed. */
export const REFUSED_PER_MINUTE = 60;
/** Rows held at most (the database away for a while): past this, every entry is summed. */
export const MAX_ROWS = 10_000;
/** Summed rows held at most; past this, entries are summed per result under site 0 and address '*'. */
export const MAX_SUMS = 10_000;
/** Rows per INSERT (ten values a row, well under a statement's 65,535 parameters). */
const CHUNK = 1000;
const CLOSE_ATTEMPTS = 3;
const RETRY_MS = 200;

export interface PostbackLogEntry {
  siteId: number;
  ip: string;
  event: string | null;
  txId: string | null;
  clickId: number | null;
  result: TPostbackResult;
  saleId: number | null;
  /** What was wrong, of a refusal that says it (a bad input's fields). */
  detail?: string | null;
}

type Row = PostbackLogEntry & { time: Date; count: number };

export interface LogWriterOptions {
  intervalMs?: number;
  refusedPerMinute?: number;
  maxRows?: number;
  maxSums?: number;
  /** A failed flush (its rows are kept for the next one), or rows given up at close. */
  onError?: (msg: string, err: unknown) => void;
}

const isRefusal = (result: TPostbackResult) => result !== 'ACCEPTED' && result !== 'DUPLICATE';

export class PostbackLogWriter {
  private rows: Row[] = [];
  private sums = new Map<string, Row>();
  private readonly refusals: WindowLimit<string>;
  private readonly timer: NodeJS.Timeout;
  private chain: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly db: Queryable,
    private readonly opts: LogWriterOptions = {},
  ) {
    this.refusals = new WindowLimit<string>(opts.refusedPerMinute ?? REFUSED_PER_MINUTE, 60_000);
    this.timer = setInterval(
      () => void this.flush().catch((err) => opts.onError?.('postback log not written yet, retrying', err)),
      opts.intervalMs ?? FLUSH_MS,
    );
    this.timer.unref();
  }

  /** Keeps one postback for the next flush; after close() nothing more is kept. */
  add(entry: PostbackLogEntry, now = new Date()) {
    if (this.closed) return;
    const row: Row = { ...entry, time: now, count: 1 };
    const flood = isRefusal(entry.result) && !this.refusals.hit(`${entry.siteId}|${entry.ip}`, now.getTime());
    if (flood) this.sum(row);
    else this.keep(row);
  }

  /** Rows waiting, summed ones included. */
  get size(): number {
    return this.rows.length + this.sums.size;
  }

  /** Writes what is held so far; resolves once committed (rows that failed stay held). */
  flush(): Promise<void> {
    const run = this.chain.then(() => this.writeHeld());
    this.chain = run.catch(() => undefined);
    return run;
  }

  /** Stops taking rows and writes the last ones, retrying a few times (the database may be restarting). */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.flush();
      } catch (err) {
        if (attempt >= CLOSE_ATTEMPTS) {
          this.opts.onError?.(`postback log: ${this.size} rows not written at close`, err);
          return;
        }
        await new Promise((r) => setTimeout(r, RETRY_MS));
      }
    }
  }

  private keep(row: Row) {
    if (this.rows.length < (this.opts.maxRows ?? MAX_ROWS)) this.rows.push(row);
    else this.sum(row);
  }

  private sum(row: Row) {
    let key = `${row.siteId}|${row.ip}|${row.result}`;
    if (!this.sums.has(key) && this.sums.size >= (this.opts.maxSums ?? MAX_SUMS)) {
      row = { ...row, siteId: 0, ip: '*' };
      key = `0|*|${row.result}`;
    }
    const s = this.sums.get(key);
    if (!s) return void this.sums.set(key, { ...row });
    s.count += row.count;
    // What the summed postbacks do not share is left empty.
    if (s.event !== row.event) s.event = null;
    if (s.txId !== row.txId) s.txId = null;
    if (s.clickId !== row.clickId) s.clickId = null;
    if (s.saleId !== row.saleId) s.saleId = null;
    if ((s.detail ?? null) !== (row.detail ?? null)) s.detail = null;
  }

  private async writeHeld() {
    const rows = [...this.rows, ...this.sums.values()];
    this.rows = [];
    this.sums = new Map();
    for (let i = 0; i < rows.length; i += CHUNK) {
      try {
        await insertPostbackLogs(this.db, rows.slice(i, i + CHUNK) satisfies PostbackLogRow[]);
      } catch (err) {
        for (const row of rows.slice(i)) this.keep(row);
        throw err;
      }
    }
  }
}

// One writer per database handle, shared by every app on it (tests build several apps on one handle):
// it stops when the last app using it closes, so closing one app does not end another's logging.
const running = new WeakMap<Db, { writer: PostbackLogWriter; users: number }>();

/** Starts (once per database handle) the postback log writer of this process, or joins it. */
export function startPostbackLog(
  ctx: Pick<AppContext, 'db'>,
  opts: LogWriterOptions = {},
): PostbackLogWriter {
  let entry = running.get(ctx.db);
  if (!entry) {
    entry = { writer: new PostbackLogWriter(ctx.db, opts), users: 0 };
    running.set(ctx.db, entry);
  }
  entry.users += 1;
  return entry.writer;
}

/** The running writer; none outside an app (scripts, the demo history): nothing is logged there. */
export const runningPostbackLog = (ctx: Pick<AppContext, 'db'>): PostbackLogWriter | undefined =>
  running.get(ctx.db)?.writer;

/** Leaves the writer; the last app to leave writes what is held and stops it. */
export async function closePostbackLog(ctx: Pick<AppContext, 'db'>): Promise<void> {
  const entry = running.get(ctx.db);
  if (!entry) return;
  entry.users -= 1;
  if (entry.users > 0) return entry.writer.flush();
  running.delete(ctx.db);
  await entry.writer.close();
}
