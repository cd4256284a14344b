// Waiting for what another process or timer does: a loaded machine may take seconds where an idle one
// takes milliseconds, so a test waits for the condition, never a fixed time.
import { sleep } from './server-process';

/** Waits until `ok()` holds, checking every 25 ms; fails naming `what` after `ms` (20 s by default). */
export async function until(ok: () => boolean | Promise<boolean>, what = 'the condition', ms = 20_000) {
  for (const deadline = Date.now() + ms; !(await ok()); await sleep(25)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
  }
}
