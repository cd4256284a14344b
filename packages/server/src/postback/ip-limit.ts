// The postback's limits: per client address, one counter per app shared by the Fastify route and the lane
// in front of it (postback/lane.ts), so a site cannot double it by mixing the two. The answers carry the
// headers @fastify/rate-limit sent: x-ratelimit-limit, -remaining, -reset, and retry-after when refused.
import { POSTBACK_RATE_PER_MINUTE } from '@salesdesk/contract';
import type { AppContext } from '../context';
import { WindowLimit } from '../common/window-limit';

const limits = new WeakMap<Pick<AppContext, 'db'>, WindowLimit<string>>();

export function postbackIpLimit(ctx: Pick<AppContext, 'db'>): WindowLimit<string> {
  let limit = limits.get(ctx);
  if (!limit) {
    limit = new WindowLimit<string>(POSTBACK_RATE_PER_MINUTE, 60_000);
    limits.set(ctx, limit);
  }
  return limit;
}

/**
 * The limit per site, of this process: counted by the service after the token check, so postbacks with a
 * wrong token cannot use up a site's limit.
 */
export const postbackSiteLimit = new WindowLimit<number>(POSTBACK_RATE_PER_MINUTE, 60_000);

export interface ClientCount {
  allowed: boolean;
  /** Header names and values in turn, as node's writeHead takes them. */
  headers: string[];
}

/** Counts one postback of `ip`; over the limit, `allowed` is false (429). */
export function countPostbackClient(limit: WindowLimit<string>, ip: string, now = Date.now()): ClientCount {
  const w = limit.count(ip, now);
  const reset = String(Math.ceil((w.start + limit.windowMs - now) / 1000));
  const allowed = w.count <= limit.max;
  const headers = [
    'x-ratelimit-limit',
    String(limit.max),
    'x-ratelimit-remaining',
    String(Math.max(0, limit.max - w.count)),
    'x-ratelimit-reset',
    reset,
  ];
  if (!allowed) headers.push('retry-after', reset);
  return { allowed, headers };
}
