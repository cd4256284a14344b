// The delivery loop of one process: every second it sends what the outbox owes, batch after batch while
// batches come full. Every node runs one; the claim's SKIP LOCKED shares the work between them.
//
// On PGlite the server process is the only one, and its one thread and one database connection are the
// postbacks' too, so there sales come first: a round starts only when the process was mostly idle since the
// last one, and stops as soon as other work fills a pause between batches. A busy process still sends one
// batch a second, so a backlog never stops moving, and drains at full speed once the load lets up
// (bench/RESULTS.md, "What the webhook outbox costs").
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { OPTION_NAMES } from '@salesdesk/contract';
import { optionIsOn } from '../common/options';
import type { AppContext } from '../context';
import { loggableError } from '../common/loggable-error';
import { deliverDue, DELIVERY_BATCH } from './deliver';

const EVERY_MS = 1000;
/** On PGlite, the pause after each full batch, in which other work shows itself. */
const PGLITE_PAUSE_MS = 20;
/** Busier than this (the share of time the event loop worked), the process has sales to serve. */
const BUSY = 0.5;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How busy the event loop was since the last call. */
function busyMeter() {
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const since = performance.eventLoopUtilization(now, last);
    last = now;
    return since.utilization;
  };
}

/** What one round does; a test gives its own, since files of a worker share modules (no vi.mock). */
export interface DeliverySender {
  /** Whether endpoints may be private addresses (System Options), read once a round. */
  allowPrivate(): Promise<boolean>;
  /** Sends one batch; answers how many deliveries it took. */
  sendBatch(allowPrivate: boolean): Promise<number>;
}

const outboxSender = (ctx: AppContext): DeliverySender => ({
  allowPrivate: () => optionIsOn(ctx.db, OPTION_NAMES.webhooksPrivateAddresses),
  sendBatch: (allowPrivate) => deliverDue(ctx, allowPrivate),
});

export function startDeliveries(
  ctx: AppContext,
  log: (msg: string, err?: unknown) => void,
  sender: DeliverySender = outboxSender(ctx),
): () => Promise<void> {
  let stopped = false;
  // The round in progress; a tick that finds one running leaves it be.
  let round: Promise<void> | null = null;
  const shared = ctx.dbKind === 'pglite';
  const busy = busyMeter();
  const deliver = async () => {
    // Only the time between rounds tells of other work: the rounds' own work is not counted.
    const othersWaiting = shared && busy() > BUSY;
    // Read each round, so a change on System Options reaches every node within a second.
    const allowPrivate = await sender.allowPrivate();
    if (othersWaiting) {
      await sender.sendBatch(allowPrivate);
      return;
    }
    while (!stopped && (await sender.sendBatch(allowPrivate)) === DELIVERY_BATCH) {
      if (!shared) continue;
      busy();
      await pause(PGLITE_PAUSE_MS);
      if (busy() > BUSY) return;
    }
  };
  const timer = setInterval(() => {
    if (round || stopped) return;
    round = deliver()
      .catch((err: unknown) => log('webhook deliveries failed', loggableError(err)))
      .finally(() => {
        busy(); // the next round measures from here
        round = null;
      });
  }, EVERY_MS);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await round;
  };
}
