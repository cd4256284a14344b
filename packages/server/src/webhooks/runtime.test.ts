// The delivery loop's share of an embedded server: on PGlite it sends one batch a second while the
// process is busy with other work, and drains a backlog at full speed once it is idle; on PostgreSQL it
// never waits. The sender is a counter that always finds a full batch (a large backlog).
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../context';
import { DELIVERY_BATCH } from './deliver';
import { startDeliveries, type DeliverySender } from './runtime';

const calls = vi.fn(async (_allowPrivate: boolean) => DELIVERY_BATCH);
const sender: DeliverySender = { allowPrivate: async () => false, sendBatch: calls };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Keeps the event loop about 90 % busy until `until`, as a server under load is. */
async function busyUntil(until: number) {
  while (Date.now() < until) {
    const stop = Date.now() + 45;
    while (Date.now() < stop); // work that holds the thread
    await sleep(5);
  }
}

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  calls.mockReset();
  calls.mockImplementation(async () => DELIVERY_BATCH);
});

describe('the delivery loop', () => {
  it('on PGlite sends one batch a second while the process is busy, and drains at full speed when idle', async () => {
    stop = startDeliveries({ dbKind: 'pglite' } as AppContext, () => undefined, sender);
    await busyUntil(Date.now() + 3500);
    const whileBusy = calls.mock.calls.length;
    calls.mockClear();
    await sleep(2500);
    const whileIdle = calls.mock.calls.length;
    // Ticks at about 1, 2 and 3 s: a batch each (the first tick may find the loop idle before the load).
    expect(whileBusy).toBeGreaterThanOrEqual(2);
    expect(whileBusy).toBeLessThanOrEqual(4);
    expect(whileIdle).toBeGreaterThan(5 * whileBusy);
  }, 15_000);

  it('on PostgreSQL does not wait for the process to be idle', async () => {
    let n = 0;
    calls.mockImplementation(async () => (++n < 50 ? DELIVERY_BATCH : 0));
    stop = startDeliveries({ dbKind: 'postgres' } as AppContext, () => undefined, sender);
    await busyUntil(Date.now() + 1500);
    await sleep(200);
    expect(calls.mock.calls.length).toBe(50);
  }, 15_000);
});
