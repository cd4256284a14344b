// The local click journal (single node, and a cluster node while Redis is away): each tick's clicks are
// appended to a segment file in DATA_DIR/click-journal with one write(2) before their 302s are sent.
// No fsync: once write(2) returns, the bytes are in the kernel's page cache, which outlives the process
// (kill -9, a crash of node); only a crash of the machine itself can lose the last seconds, and an
// fsync per tick would cost more than the click. Segments go once every click in them is committed:
// the current one is truncated, a full one (rotated at SEGMENT_BYTES) is deleted. A start replays what
// is left (replayFileJournal) before the node serves.
//
// Segments are named for the process that writes them (journal-owner.ts): a start replays and removes
// those of processes of this machine that are gone, and leaves those of live ones (nodes sharing the
// data directory) alone.
import fs from 'node:fs';
import path from 'node:path';
import type { Queryable } from '../db/client';
import { decodeClicks } from './journal-format';
import { ownerOfThisProcess, ownerRuns } from './journal-owner';
import { storeClicksOnce } from './journal-replay';

export const JOURNAL_DIR = 'click-journal';
export const SEGMENT_BYTES = 4 * 1024 * 1024;
const SUFFIX = '.clicks';

interface Segment {
  file: string;
  fd: number;
  bytes: number;
  /** The writer position of the last click appended here: the segment may go once it is committed. */
  end: number;
}

// Journals of this process (a second click path over another database handle: tests) name theirs apart.
let journalsStarted = 0;

export class FileJournal {
  private readonly name: string;
  private current: Segment | null = null;
  private readonly full: Segment[] = [];
  private count = 0;

  constructor(
    readonly dir: string,
    private readonly segmentBytes = SEGMENT_BYTES,
  ) {
    this.name = `${ownerOfThisProcess()}~${++journalsStarted}`;
  }

  /**
   * Appends one tick's journal text in one write; throws (nothing kept) when it cannot. `end` is the
   * writer position its last click will have.
   */
  append(text: string, end: number) {
    const seg = this.current ?? this.open();
    const buf = Buffer.from(text);
    try {
      // One write(2); a short one (a full disk) is continued, and fails on its next try.
      for (let off = 0; off < buf.length;) off += fs.writeSync(seg.fd, buf, off);
    } catch (err) {
      // The segment may end in a torn line now: later ticks go to a fresh one, so none follows it.
      this.full.push(seg);
      this.current = null;
      throw err;
    }
    seg.bytes += buf.length;
    if (end > seg.end) seg.end = end;
    if (seg.bytes >= this.segmentBytes) {
      this.full.push(seg);
      this.current = null;
    }
  }

  /** Every click up to writer position `committed` is in the table: drops what holds only those. */
  trim(committed: number) {
    while (this.full.length && this.full[0].end <= committed) this.drop(this.full.shift()!);
    const seg = this.current;
    if (seg && seg.bytes && seg.end <= committed) {
      fs.ftruncateSync(seg.fd, 0); // opened for appending: the next write starts the file again
      seg.bytes = 0;
    }
  }

  /** Closes the files; `remove` (everything is committed) deletes them, else a start replays them. */
  close(remove: boolean) {
    for (const seg of [...this.full, ...(this.current ? [this.current] : [])]) {
      if (remove) this.drop(seg);
      else fs.closeSync(seg.fd);
    }
    this.full.length = 0;
    this.current = null;
  }

  private open(): Segment {
    fs.mkdirSync(this.dir, { recursive: true });
    const file = path.join(this.dir, `${this.name}-${++this.count}${SUFFIX}`);
    const seg = { file, fd: fs.openSync(file, 'a'), bytes: 0, end: 0 };
    return (this.current = seg);
  }

  private drop(seg: Segment) {
    fs.closeSync(seg.fd);
    fs.rmSync(seg.file, { force: true });
  }
}

/**
 * Stores every click of the segments left in `dir` by a process that ended without closing (killed),
 * each at most once (ids already stored are skipped), then deletes them. Answers the clicks read.
 * Segments of processes still running are left to them.
 */
export async function replayFileJournal(
  db: Queryable,
  dir: string,
  log: (msg: string) => void,
): Promise<number> {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  let read = 0;
  for (const name of names.filter((n) => n.endsWith(SUFFIX)).sort()) {
    const file = path.join(dir, name);
    if (ownerRuns(name.slice(0, Math.max(0, name.lastIndexOf('~'))))) continue;
    const { clicks, skipped } = decodeClicks(fs.readFileSync(file, 'utf8'));
    if (skipped) log(`click journal ${name}: ${skipped} torn line(s) skipped (never answered)`);
    await storeClicksOnce(db, clicks);
    fs.rmSync(file, { force: true });
    read += clicks.length;
  }
  return read;
}
