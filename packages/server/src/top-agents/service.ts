// Top agents: who sold most in a period, by agent or by office. The ranking is shared by every
// signed-in role (it is the dashboard's leaderboard); only admins see which office an agent is in,
// and a site filter names only sites the caller has.
import type { FastifyReply } from 'fastify';
import {
  comparePeriod,
  isAdmin,
  TOP_HEADERS,
  TOP_ROWS,
  topAgentLabel,
  topAgentsGroupBy,
  type TTop10,
  type TTop10Computed,
  type TTopRow,
  ZTop10ComputedRequest,
  ZTop10Request,
} from '@salesdesk/contract';
import type { z } from 'zod';
import type { AppContext } from '../context';
import { csvFileName, sendCsv, type CsvColumn } from '../common/csv';
import { CSV_CHUNK_ROWS } from '../common/csv-rows';
import type { Queryable } from '../db/client';
import type { Principal } from '../http/auth';
import { notFound } from '../http/errors';
import {
  countVisibleSites,
  rankingChunks,
  rankingPage,
  salesOf,
  topPlaces,
  totalSales,
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
  const places = items.map((r, i) => ({ no: first + i + 1, ...toTopRow(r) }));
  if (!req.compare) return { groupBy, total, items: places };
  // The other period counts the page's agents or offices only: a place without sales there shows 0.
  const other = comparePeriod(req.compare, req);
  const there = await salesOf(
    ctx.db,
    groupBy,
    { ...filter, ...other },
    items.map((r) => r.id),
  );
  const compared = places.map((r, i) => ({ ...r, otherSales: there.get(items[i].id) ?? 0 }));
  return { groupBy, total, items: compared, compare: other };
}

/** The whole ranking as CSV (columns, chunks of places, file name), in the screen's columns: No, Office (when
 * shown), Agent (agent grouping), Sales; for a download or a scheduled mail, with the screen's checks. */
export async function rankingCsv(ctx: AppContext, p: Principal, req: Top10Request) {
  const { groupBy, filter } = await filterOf(ctx, p, req);
  const withOffice = isAdmin(p.role);
  const byAgent = groupBy === 'agent';
  type Place = TTopRow & { no: number };
  const columns: CsvColumn<Place>[] = [
    { header: TOP_HEADERS.no, value: (r) => r.no },
    ...(withOffice || !byAgent ? [{ header: TOP_HEADERS.office, value: (r: Place) => r.office }] : []),
    ...(byAgent ? [{ header: TOP_HEADERS.agent, value: (r: Place) => topAgentLabel(r) }] : []),
    { header: TOP_HEADERS.sales, value: (r) => r.sales },
  ];
  const lines = (async function* () {
    let no = 0;
    for await (const chunk of rankingChunks(ctx.db, groupBy, filter, withOffice, CSV_CHUNK_ROWS))
      yield chunk.map((r) => ({ no: ++no, ...toTopRow(r) }));
  })();
  return { groupBy, fileName: csvFileName(['top-agents', groupBy, req.start, req.end]), columns, lines };
}

export async function exportRanking(ctx: AppContext, p: Principal, req: Top10Request, reply: FastifyReply) {
  const csv = await rankingCsv(ctx, p, req);
  return sendCsv(reply, csv.fileName, csv.columns, csv.lines);
}

/** The ranking in a few figures (a scheduled mail's summary): its places, its first place and its sales. */
export async function rankingSummary(ctx: AppContext, p: Principal, req: Top10Request) {
  const { groupBy, filter } = await filterOf(ctx, p, req);
  const first = await rankingPage(ctx.db, groupBy, filter, isAdmin(p.role), { page: 1, pageSize: 1 });
  const sales = await totalSales(ctx.db, filter);
  return { groupBy, places: first.total, first: first.items[0] ? toTopRow(first.items[0]) : null, sales };
}
