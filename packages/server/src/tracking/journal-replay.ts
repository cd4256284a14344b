// Replaying a click journal: its clicks are stored through the idempotent insert, so a click already
// written by its node (most of them: a journal holds the last batches' worth) is skipped, and stats_daily
// counts only the rows actually inserted. Replaying twice stores each click once.
import type { Queryable } from '../db/client';
import { ClickBatch, type ClickRecord } from './click-batch';
import { MAX_BATCH } from './click-writer';
import { insertClicksOnce } from './sql';

export async function storeClicksOnce(db: Queryable, clicks: readonly ClickRecord[]): Promise<void> {
  for (let i = 0; i < clicks.length; i += MAX_BATCH) {
    await insertClicksOnce(db, ClickBatch.of(clicks.slice(i, i + MAX_BATCH)));
  }
}
