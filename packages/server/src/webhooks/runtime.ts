// The delivery loop of one process: every second it sends what the outbox owes, batch after batch while
// batches come full. Every node runs one; the claim's SKIP LOCKED shares the work between them, and on
// PGlite the server process is the only one, and its one database connection is the postbacks' too: there
// the loop pauses between batches, so a backlog of deliveries leaves room for the sales coming in.
import { OPTION_NAMES } from '@salesdesk/contract';
import { optionIsOn } from '../common/options';
import type { AppContext } from '../context';
import { loggableError } from '../common/loggable-error';
import { deliverDue, DELIVERY_BATCH } from './deliver';

const EVERY_MS = 1000;
/** On PGlite, the pause after each full batch (bench/RESULTS.md, "What the webhook outbox costs"). */
const PGLITE_PAUSE_MS = 100;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function startDeliveries(
  ctx: AppContext,
  log: (msg: string, err?: unknown) => void,
): () => Promise<void> {
  let stopped = false;
  // The round in progress; a tick that finds one running leaves it be.
  let round: Promise<void> | null = null;
  const deliver = async () => {
    // Read each round, so a change on System Options reaches every node within a second.
    const allowPrivate = await optionIsOn(ctx.db, OPTION_NAMES.webhooksPrivateAddresses);
    while (!stopped && (await deliverDue(ctx, allowPrivate)) === DELIVERY_BATCH)
      if (ctx.dbKind === 'pglite') await pause(PGLITE_PAUSE_MS);
  };
  const timer = setInterval(() => {
    if (round || stopped) return;
    round = deliver()
      .catch((err: unknown) => log('webhook deliveries failed', loggableError(err)))
      .finally(() => (round = null));
  }, EVERY_MS);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await round;
  };
}
