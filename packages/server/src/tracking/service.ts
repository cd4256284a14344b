// Tracking rules: the link codes of an agent, recording a click, and finding a click for a sale.
import { trackingLink, type TLinkRow, type TLinksListRequest } from '@salesdesk/contract';
import type { AppContext } from '../context';
import type { Principal } from '../http/auth';
import { notFound } from '../http/errors';
import { noteOutcome } from '../common/metrics/outcomes';
import type { IncomingMessage } from 'node:http';
import { assertAgent } from '../http/tenant';
import { FLUSH_INTERVAL_MS } from './click-writer';
import { runningTracking, startTracking, type ClickInput, type ClickResult } from './runtime';
import { clickIdIssued, clickStored, findActiveTypes, findAgentSiteName, findLinkAgent } from './sql';

/** Cluster mode: how long a postback waits for a click another node may still hold, and how often it looks. */
export const CLUSTER_CLICK_WAIT_MS = 1000;
const CLUSTER_CLICK_POLL_MS = 100;

/**
 * Top-level names reserved so they never resolve on the internet (RFC 6761): a preferred domain under
 * one is a placeholder, as the demo data's are, and its links would not open.
 */
const PLACEHOLDER_TLDS = ['test', 'invalid'];

/** True for a domain whose host ends in a reserved top-level name (`https://go.emarket-demo.test`). */
export function isPlaceholderDomain(domain: string): boolean {
  const host = /^(?:https?:\/\/)?([^/:?#]+)/i.exec(domain.trim())?.[1]?.toLowerCase() ?? '';
  return PLACEHOLDER_TLDS.some((tld) => host.endsWith(`.${tld}`));
}

/**
 * The link base of an office: its preferred domain (https:// when it names no scheme), else PUBLIC_URL;
 * a placeholder domain also gives PUBLIC_URL, so a new install's links open until a real domain is set.
 */
export function linkBase(domain: string | null, publicUrl: string): string {
  const d = domain?.trim().replace(/\/+$/, '');
  if (!d || isPlaceholderDomain(d)) return publicUrl;
  return /^https?:\/\//i.test(d) ? d : `https://${d}`;
}

/** One row per active link type of a site the agent has enabled, for an agent the principal may see (else 404). */
export async function listLinks(ctx: AppContext, p: Principal, q: TLinksListRequest): Promise<TLinkRow[]> {
  const agent = await findLinkAgent(ctx.db, q.agentId);
  if (!agent) throw notFound();
  assertAgent(p, { id: agent.agent_id, officeId: agent.office_id });
  const site = await findAgentSiteName(ctx.db, q.agentId, q.siteId);
  if (!site) throw notFound();
  const base = linkBase(agent.domain, ctx.config.publicUrl);
  const types = await findActiveTypes(ctx.db, q.siteId);
  return types.map((t) => ({
    sitename: site.sitename,
    typename: t.typename,
    link: trackingLink(base, q.siteId, t.id, q.agentId),
  }));
}

/**
 * Records one click through this process's cache, rules, unique tracker and batch writer (the redirect
 * and generated history use the same path). Null when anything is inactive or unknown, or the click's
 * invalid reason is set to refuse: nothing recorded.
 */
export async function recordClick(ctx: AppContext, click: ClickInput): Promise<ClickResult | null> {
  return (await takeClick(ctx, click)) || null;
}

async function takeClick(ctx: AppContext, click: ClickInput) {
  const tracking = runningTracking(ctx) ?? (await startTracking(ctx));
  return tracking.record(click);
}

/**
 * recordClick() for the route: notes what the click came to for the metrics (recorded, or why not), and
 * throws 404 when it is not clickable.
 */
export async function recordRoutedClick(
  ctx: AppContext,
  req: IncomingMessage,
  click: ClickInput,
): Promise<ClickResult> {
  let result: ClickResult | null | false;
  try {
    result = await takeClick(ctx, click);
  } catch (err) {
    noteOutcome(req, { click: 'unavailable' });
    throw err;
  }
  noteOutcome(req, {
    click: result
      ? 'recorded'
      : result === false
        ? 'invalid_refused'
        : (runningTracking(ctx)?.refusalOf(click) ?? 'link_not_clickable'),
  });
  if (!result) throw notFound();
  return result;
}

/** Writes every click this process still buffers; resolves once committed. */
export async function flushClicks(ctx: Pick<AppContext, 'db'>): Promise<void> {
  await runningTracking(ctx)?.flush();
}

/**
 * After a sale found no stored click: true when the click may have just reached the table, so the
 * caller looks again. A click in this process's buffer is flushed first; on PostgreSQL another process
 * may hold it for one flush interval, so that is waited out once. In cluster mode another node may hold
 * it for a batch interval and its commit, or a little longer under load: a click id the sequence has
 * handed out is looked for until it is stored, for up to CLUSTER_CLICK_WAIT_MS; an id it never handed
 * out costs one query and no wait.
 */
export async function clickMayHaveLanded(ctx: AppContext, clickId: number): Promise<boolean> {
  if (runningTracking(ctx)?.writer.holds(clickId)) {
    await flushClicks(ctx);
    return true;
  }
  if (ctx.dbKind !== 'postgres') return false;
  if (!ctx.redis) {
    await sleep(FLUSH_INTERVAL_MS * 2 + 50);
    return true;
  }
  if (!(await clickIdIssued(ctx.db, clickId))) return false;
  for (const deadline = Date.now() + CLUSTER_CLICK_WAIT_MS; Date.now() < deadline;) {
    await sleep(CLUSTER_CLICK_POLL_MS);
    if (await clickStored(ctx.db, clickId)) return true;
  }
  return false;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
