// The postback's limits, per client address and per site: shared limits (common/shared-limits), so one
// count for the Fastify route and the lane in front of it (postback/lane.ts), and in cluster mode for
// every node. A GET postback whose token the click cache knows costs one Redis round trip (its address
// and its site counted by one script); a POST, or a token the cache does not hold, a second one for its
// site after the token check. Redis away: counted in this process alone, so sales keep coming in. The answers carry the headers @fastify/rate-limit sent: x-ratelimit-limit,
// -remaining, -reset, and retry-after when refused.
import { POSTBACK_RATE_PER_MINUTE } from '@salesdesk/contract';
import { inProcessLimits, type Hit, type Limit, type SharedLimits } from '../common/shared-limits';

const PER_IP: Limit = { kind: 'postback-ip', max: POSTBACK_RATE_PER_MINUTE, windowMs: 60_000 };
const PER_SITE: Limit = { kind: 'postback-site', max: POSTBACK_RATE_PER_MINUTE, windowMs: 60_000 };

/** This process's counters (a single node's; cluster mode's fallback), keyed by address and by site id. */
export const postbackIpLimit = inProcessLimits.window(PER_IP);
export const postbackSiteLimit = inProcessLimits.window(PER_SITE);

export interface ClientCount {
  allowed: boolean;
  /** Header names and values in turn, as node's writeHead takes them. */
  headers: string[];
  /** The site's limit, when counted with the address: whether this postback stayed within it. */
  site?: boolean;
}

/**
 * Counts one postback of `ip` (over the limit, `allowed` is false: 429) and, when `siteId` is not 0 and
 * the address is within its limit, one of the site. Give a site only once the postback is known to pass
 * the token check: a stranger with a wrong token must not use up a site's limit.
 */
export async function countPostback(limits: SharedLimits, ip: string, siteId: number): Promise<ClientCount> {
  const site = siteId ? { limit: PER_SITE, key: String(siteId) } : null;
  const both = await limits.hitBoth({ limit: PER_IP, key: ip }, site, 'count-here');
  return { ...clientAnswer(both.first), site: both.then };
}

/** Counts one postback of a site whose token was checked; false over its limit. */
export async function countPostbackSite(limits: SharedLimits, siteId: number): Promise<boolean> {
  const hit = await limits.hit({ limit: PER_SITE, key: String(siteId) }, 'count-here');
  return hit.count <= PER_SITE.max;
}

/** The answer and headers of an address's window after its hit. */
export function clientAnswer(hit: Hit, max = PER_IP.max): Pick<ClientCount, 'allowed' | 'headers'> {
  const reset = String(Math.ceil(hit.resetMs / 1000));
  const allowed = hit.count <= max;
  const headers = [
    'x-ratelimit-limit',
    String(max),
    'x-ratelimit-remaining',
    String(Math.max(0, max - hit.count)),
    'x-ratelimit-reset',
    reset,
  ];
  if (!allowed) headers.push('retry-after', reset);
  return { allowed, headers };
}
