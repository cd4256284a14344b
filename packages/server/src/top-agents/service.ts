// Top agents: who sold most in a period, by agent or by office. The ranking is shared by every
// signed-in role (it is the dashboard's leaderboard); only admins see which office an agent is in,
// and a site filter names only sites the caller has.
import {
  isAdmin,
  TOP_ROWS,
  topAgentsGroupBy,
  type TTop10,
  type TTop10Computed,
  type TTopRow,
  ZTop10ComputedRequest,
  ZTop10Request,
} from '@salesdesk/contract';
import type { z } from 'zod';
import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import type { Principal } from '../http/auth';
import { notFound } from '../http/errors';
import {
  countVisibleSites,
  rankingPage,
  topPlaces,
  type Grouping,
  type RankingFilter,
  type RankRecord,
} from './sql';

type Top10Request = z.output<typeof ZTop10Request>;
type Top10ComputedRequest = z.output<typeof ZTop10ComputedRequest>;

export const toTopRow = (r: RankRecord): TTopRow => ({
  office: r.office,
  agent: r.agent,
  agentName: r.agent_name,
  sales: r.sales,
});

/** The first 10 places; `withOffice` false leaves the office of agents out. */
export async function top10Rows(db: Queryable, grouping: Grouping, f: RankingFilter, withOffice: boolean) {
  return (await topPlaces(db, grouping, f, withOffice, TOP_ROWS)).map(toTopRow);
}

/** Another tenant's site, a deleted or an unknown one answers 404, as any id the caller cannot see. */
async function assertSites(ctx: AppContext, p: Principal, siteIds: number[]): Promise<number[]> {
  const unique = [...new Set(siteIds)];
  if (unique.length && (await countVisibleSites(ctx.db, p, unique)) !== unique.length) throw notFound();
  return unique;
}

async function filterOf(ctx: AppContext, p: Principal, req: Top10Request) {
  const siteIds = await assertSites(ctx, p, req.siteIds);
  const groupBy = req.groupBy ?? topAgentsGroupBy(req.start, req.end);
  return { groupBy, filter: { start: req.start, end: req.end, siteIds } };
}

export async function top10(ctx: AppContext, p: Principal, req: Top10Request): Promise<TTop10> {
  const { groupBy, filter } = await filterOf(ctx, p, req);
  return { groupBy, items: await top10Rows(ctx.db, groupBy, filter, isAdmin(p.role)) };
}

export async function top10Computed(
  ctx: AppContext,
  p: Principal,
  req: Top10ComputedRequest,
): Promise<TTop10Computed> {
  const { groupBy, filter } = await filterOf(ctx, p, req);
  const page = { page: req.page, pageSize: req.pageSize };
  const { items, total } = await rankingPage(ctx.db, groupBy, filter, isAdmin(p.role), page);
  const first = (page.page - 1) * page.pageSize;
  return { groupBy, total, items: items.map((r, i) => ({ no: first + i + 1, ...toTopRow(r) })) };
}
