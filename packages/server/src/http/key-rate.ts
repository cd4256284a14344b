// Each API key's own rate limit (requests a minute, set per key up to 6,000), counted by the shared
// limits: in this process on one node, in Redis in cluster mode so every node counts the same window.
// Every answer to a key says where it stands (RateLimit-Limit, -Remaining, -Reset in seconds); one too
// many is 429 with Retry-After.
import type { FastifyReply } from 'fastify';
import { API_KEY_RATE_MAX } from '@salesdesk/contract';
import type { AppContext } from '../context';
import { sharedLimits, type Limit } from '../common/shared-limits';
import type { KeyUse } from './principal';
import { rateLimited } from './errors';

// The family's max bounds nothing here: each key is held to its own rate below.
const KEY_REQUESTS: Limit = { kind: 'api-key-requests', max: API_KEY_RATE_MAX, windowMs: 60_000 };

export const keyRateExceeded = (perMinute: number) =>
  rateLimited(`This key allows ${perMinute} requests a minute, please wait and try again`);

/**
 * Counts one request of the key. When Redis does not answer it counts in this process alone: a limit
 * that protects the server, not a secret, so the key's calls keep working on each node.
 */
export async function limitKey(ctx: AppContext, reply: FastifyReply, key: KeyUse): Promise<void> {
  const hit = await sharedLimits(ctx).hit({ limit: KEY_REQUESTS, key: String(key.id) }, 'count-here');
  const reset = Math.max(1, Math.ceil(hit.resetMs / 1000));
  void reply
    .header('RateLimit-Limit', key.rateLimit)
    .header('RateLimit-Remaining', Math.max(0, key.rateLimit - hit.count))
    .header('RateLimit-Reset', reset);
  if (hit.count > key.rateLimit) {
    void reply.header('Retry-After', reset);
    throw keyRateExceeded(key.rateLimit);
  }
}
