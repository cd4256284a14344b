// The delivery loop's share of a server: while the process is busy with other work its batches take at
// most SHARE of the time, and once the process is idle it drains a backlog at full speed, on either store.
// The sender always finds a full batch (a large backlog) and takes 5 ms for it.
import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppContext } from '../context';
import { MAX_PAUSE_MS, SHARE, startDeliveries, type DeliverySender } from './runtime';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A sender that records the time spent in its batches. */
function timedSender() {
  const spans: Array<[number, number]> = [];
  const sender: DeliverySender = {
    allowPrivate: async () => false,
    sendBatch: async () => {
      const began = performance.now();
      await sleep(5);
      spans.push([began, performance.now()]);
      return true;
    },
  };
  /** The time spent in batches that began from `from` to `to`. */
  const sending = (from: number, to: number) =>
    spans.filter(([b]) => b >= from && b < to).reduce((sum, [b, e]) => sum + (e - b), 0);
  /** Each batch that began from `from` to `to`, with the pause that followed it (Infinity for the last). */
  const pauses = (from: number, to: number) =>
    spans.flatMap(([b, e], i) =>
      b >= from && b < to
        ? [{ span: e - b, pause: i + 1 < spans.length ? spans[i + 1]![0] - e : Infinity }]
        : [],
    );
  return { sender, sending, pauses };
}

/** Keeps the event loop about 90 % busy until `until`, as a server under load is. */
async function busyUntil(until: number) {
  while (performance.now() < until) {
    const stop = performance.now() + 45;
    while (performance.now() < stop); // work that holds the thread
    await sleep(5);
  }
}

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

// The loop is the same on both stores (it does not read ctx.dbKind).
const dbKind = 'pglite';

describe('the delivery loop', () => {
  it('takes at most its share of a busy process, and all of an idle one', async () => {
    const { sender, sending, pauses } = timedSender();
    stop = startDeliveries({ dbKind } as AppContext, () => undefined, sender);
    const start = performance.now();
    await busyUntil(start + 4000);
    const loadEnd = performance.now();
    await sleep(3000);
    const end = performance.now();
    // Under load each batch is followed by a pause of the rest of its share. Checked batch by batch rather
    // than as one share of the 4 s: a stall of the machine inside a batch lengthens that batch past what
    // the longest pause makes up for, which a busy CI runner does now and then (a share of 0.1035 once).
    const underLoad = pauses(start, loadEnd - 100);
    expect(underLoad.length).toBeGreaterThanOrEqual(2);
    for (const { span, pause } of underLoad) {
      // A timer may fire up to 1 ms early (Node rounds its due time).
      expect(pause).toBeGreaterThanOrEqual(Math.min((span * (1 - SHARE)) / SHARE, MAX_PAUSE_MS) - 2);
    }
    // The last pause under load lasts at most 2 s; the idle second after it is all sending but the probes.
    const idleShare = sending(end - 1000, end) / 1000;
    expect(idleShare).toBeGreaterThan(0.5);
  }, 20_000);

  it('ends a pause at once when the server stops', async () => {
    const { sender } = timedSender();
    const stopping = startDeliveries({ dbKind } as AppContext, () => undefined, sender);
    await busyUntil(performance.now() + 1600); // the first round starts busy, and pauses after a batch
    const began = performance.now();
    await stopping();
    expect(performance.now() - began).toBeLessThan(200);
  }, 10_000);
});
