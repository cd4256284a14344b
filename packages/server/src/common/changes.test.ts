import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Config } from '../config';
import { openDatabase, type Database, type Db } from '../db/client';
import { publishChange, subscribeChanges } from './changes';

const url = process.env.TEST_DATABASE_URL;
const opened: Database[] = [];
afterAll(async () => {
  for (const d of opened) await d.close();
});

/** A context of its own database handle, as another process would have. */
async function processCtx() {
  const database = await openDatabase({ url });
  opened.push(database);
  return { db: database.db, dbKind: database.kind, config: { databaseUrl: url } as Config };
}

describe('publishChange', () => {
  it('runs the handlers of this database handle before it resolves', async () => {
    const ctx = { db: {} as Db, dbKind: 'pglite' as const, config: {} as Config };
    const seen: string[] = [];
    const stop = subscribeChanges(ctx, 'tracking', async (t) => {
      await new Promise((r) => setTimeout(r, 20));
      seen.push(t);
    });
    await publishChange(ctx, 'tracking');
    expect(seen).toEqual(['tracking']);
    await stop();
    await publishChange(ctx, 'tracking');
    expect(seen).toEqual(['tracking']);
  });

  it.skipIf(!url)('reaches another process through LISTEN/NOTIFY, and not twice in its own', async () => {
    const [a, b] = [await processCtx(), await processCtx()];
    const handler = vi.fn();
    const stop = subscribeChanges(b, 'tracking', handler);
    // The listener reloads once when LISTEN is in place: that is the sign it is connected.
    await vi.waitFor(() => expect(handler).toHaveBeenCalledTimes(1), { timeout: 5000 });
    await publishChange(a, 'tracking');
    await vi.waitFor(() => expect(handler).toHaveBeenCalledTimes(2), { timeout: 5000 });
    await publishChange(b, 'tracking');
    await new Promise((r) => setTimeout(r, 300));
    expect(handler).toHaveBeenCalledTimes(3);
    await stop();
  });
});
