// Click ids in blocks from click_id_seq: one query per block, fetched ahead so a click rarely waits.
// Each id is its own nextval (generate_series), so the sequence keeps INCREMENT 1 and never collides.
import type { Queryable } from '../db/client';
import { nextClickIds } from './sql';

export const CLICK_ID_BLOCK = 1000;

export class ClickIdBlocks {
  private ids: number[] = [];
  private pos = 0;
  private refill: Promise<void> | null = null;

  constructor(
    private readonly db: Queryable,
    private readonly blockSize = CLICK_ID_BLOCK,
  ) {}

  /** True when next() has an id at hand. */
  get ready(): boolean {
    return this.pos < this.ids.length;
  }

  /** The next id without waiting, or undefined when the block ran out (then wait for prefetch()). */
  next(): number | undefined {
    const left = this.ids.length - this.pos;
    if (left <= this.blockSize / 4 && !this.refill) void this.prefetch().catch(() => undefined);
    return left > 0 ? this.ids[this.pos++] : undefined;
  }

  prefetch(): Promise<void> {
    this.refill ??= nextClickIds(this.db, this.blockSize)
      .then((fresh) => {
        this.ids = this.ids.slice(this.pos).concat(fresh);
        this.pos = 0;
      })
      .finally(() => {
        this.refill = null;
      });
    return this.refill;
  }
}
