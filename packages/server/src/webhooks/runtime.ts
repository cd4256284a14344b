// The delivery loop of one process: every second it sends what the outbox owes, batch after batch while
// batches come full. Every node runs one; the claim's SKIP LOCKED shares the work between them.
//
// Sales come first. A delivery's work (the claim, signing, the POST, the record) runs on the thread that
// answers the postbacks, and on a loaded machine its CPU too, so while the process has other work the loop
// takes at most SHARE of its time: after each batch it pauses for the rest of that share. It looks again in
// each pause; an idle process drains a backlog at full speed, looking only every PROBE_EVERY_MS. The outbox
// thereby costs a busy server's postbacks about the write in each sale's statement, and a backlog builds
// under sustained load and drains when it eases (more nodes deliver more; bench/RESULTS.md, "What the
// webhook outbox costs").
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { OPTION_NAMES } from '@salesdesk/contract';
import { optionIsOn } from '../common/options';
import type { AppContext } from '../context';
import { loggableError } from '../common/loggable-error';
import { batchFull, deliverDue } from './deliver';

const EVERY_MS = 1000;
/** The share of a busy process's time the loop takes (measured as the batches' wall time, an upper bound). */
export const SHARE = 0.05;
/** While idle, the loop looks for other work after this much sending, */
const PROBE_EVERY_MS = 250;
/** in a pause this long. */
const PROBE_MS = 10;
/** Busier than this (the share of time the event loop worked), the process has other work. */
const BUSY = 0.5;
/** The longest pause: a batch that waited long on a slow receiver did little work meanwhile. */
export const MAX_PAUSE_MS = 2000;

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
  /** Fans out and sends one batch; answers whether it came full (more may be waiting). */
  sendBatch(allowPrivate: boolean): Promise<boolean>;
}

const outboxSender = (ctx: AppContext): DeliverySender => ({
  allowPrivate: () => optionIsOn(ctx.db, OPTION_NAMES.webhooksPrivateAddresses),
  sendBatch: async (allowPrivate) => batchFull(await deliverDue(ctx, allowPrivate)),
});

export function startDeliveries(
  ctx: AppContext,
  log: (msg: string, err?: unknown) => void,
  sender: DeliverySender = outboxSender(ctx),
): () => Promise<void> {
  let stopped = false;
  // The round in progress; a tick that finds one running leaves it be.
  let round: Promise<void> | null = null;
  // The pause in progress, which a stop ends at once.
  let wake = () => undefined as void;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(t);
        resolve();
      };
    });
  const busy = busyMeter();
  const deliver = async () => {
    // Only the time between rounds, or in a pause, tells of other work: the rounds' own is not counted.
    let othersWaiting = busy() > BUSY;
    // Read each round, so a change on System Options reaches every node within a second.
    const allowPrivate = await sender.allowPrivate();
    let sending = 0;
    while (!stopped) {
      const began = performance.now();
      if (!(await sender.sendBatch(allowPrivate))) return;
      sending += performance.now() - began;
      if (!othersWaiting && sending < PROBE_EVERY_MS) continue;
      busy();
      await pause(othersWaiting ? Math.min((sending * (1 - SHARE)) / SHARE, MAX_PAUSE_MS) : PROBE_MS);
      othersWaiting = busy() > BUSY;
      sending = 0;
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
    wake();
    await round;
  };
}
