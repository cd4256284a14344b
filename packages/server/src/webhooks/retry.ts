// When a failed delivery is tried again: network errors, time outs, 408, 429 and 5xx, after about 10 s,
// 1 min, 10 min, 1 h and 6 h, then every 12 h, for 3 days from the delivery's creation. Any other answer,
// and a refused address, is a failure without retry.
import type { SendResult } from './send';

const DELAYS_S = [10, 60, 600, 3600, 6 * 3600];
const LATER_S = 12 * 3600;
export const RETRY_FOR_MS = 3 * 86_400_000;

/** Whether the attempt's outcome is worth another try. */
export function retryable(r: SendResult): boolean {
  if (r.status === null) return !r.refused;
  return r.status === 408 || r.status === 429 || r.status >= 500;
}

/** The time of the next try after the `attempts`-th failed one, or null once 3 days have passed. */
export function nextAttemptAt(attempts: number, createdAt: Date, now: Date): Date | null {
  const at = new Date(now.getTime() + (DELAYS_S[attempts - 1] ?? LATER_S) * 1000);
  return at.getTime() - createdAt.getTime() > RETRY_FOR_MS ? null : at;
}
