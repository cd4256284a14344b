// Office performance (two periods compared) and the office progress chart, office and above.
import type { FastifyReply } from 'fastify';
import {
  comparePeriod,
  isAdmin,
  PERFORMANCE_HEADERS,
  type TChartModel,
  type TPerformanceRow,
  type TPerformanceList,
  ZOfficeChartsRequest,
  ZPeriodsRequest,
} from '@salesdesk/contract';
import type { z } from 'zod';
import type { AppContext } from '../context';
import { csvFileName, sendCsv, type CsvColumn } from '../common/csv';
import { CSV_CHUNK_ROWS } from '../common/csv-rows';
import type { Principal } from '../http/auth';
import { notFound } from '../http/errors';
import { assertOffice } from '../http/tenant';
import { chartBuckets, progressPercent } from './progress';
import { chartOffices, dailySales, periodsPage, periodTotals } from './sql';

type PeriodsRequest = z.output<typeof ZPeriodsRequest>;
type ChartsRequest = z.output<typeof ZOfficeChartsRequest>;

/** Admins compare offices unless they ask for agents; an office compares its agents unless it asks otherwise. */
const groupingOf = (p: Principal, req: PeriodsRequest) =>
  req.groupBy ?? (isAdmin(p.role) ? 'company' : 'agent');

export async function comparePeriods(
  ctx: AppContext,
  p: Principal,
  req: PeriodsRequest,
): Promise<TPerformanceList> {
  const groupBy = groupingOf(p, req);
  const { items, total } = await periodsPage(ctx.db, p, groupBy, req);
  return { groupBy, items, total };
}

/** One chart per office in scope (or the one asked for); each point's progress is against the point before. */
export async function officeCharts(
  ctx: AppContext,
  p: Principal,
  req: ChartsRequest,
): Promise<TChartModel[]> {
  if (req.companyId !== undefined) assertOffice(p, req.companyId);
  const offices = await chartOffices(ctx.db, p, req.companyId);
  if (req.companyId !== undefined && !offices.length) throw notFound();
  const [before, ...points] = chartBuckets(req.start, req.end, req.groupBy);
  const other = req.compare ? comparePeriod(req.compare, req) : null;
  const otherPoints = other ? chartBuckets(other.start, other.end, req.groupBy).slice(1) : [];
  const ranges = [before, { from: req.start, to: req.end }].map((b) => ({ start: b.from, end: b.to }));
  const rows = await dailySales(ctx.db, p, other ? [...ranges, other] : ranges, req.companyId);

  const keyOf = (day: string) => (req.groupBy === 'day' ? day : day.slice(0, 7));
  const sales = new Map<string, number>();
  const otherSales = new Map<string, number>();
  for (const r of rows) {
    const key = `${r.office_id}:${keyOf(r.day)}`;
    // The rows cover both periods: a day counts in each it falls in (the base point, the range, the other).
    const mine = (r.day >= before.from && r.day <= before.to) || (r.day >= req.start && r.day <= req.end);
    if (mine) sales.set(key, (sales.get(key) ?? 0) + r.sales);
    if (other && r.day >= other.start && r.day <= other.end)
      otherSales.set(key, (otherSales.get(key) ?? 0) + r.sales);
  }
  return offices.map((o) => {
    let previous = sales.get(`${o.id}:${before.key}`) ?? 0;
    const items = points.map((b) => {
      const value = sales.get(`${o.id}:${b.key}`) ?? 0;
      const point = { date: b.key, value, progress: progressPercent(value, previous) };
      previous = value;
      return point;
    });
    if (!other) return { companyId: o.id, officeName: o.office_name, items };
    const compared = otherPoints.map((b) => ({
      date: b.key,
      value: otherSales.get(`${o.id}:${b.key}`) ?? 0,
    }));
    return { companyId: o.id, officeName: o.office_name, items, compare: { ...other, items: compared } };
  });
}

/** Every row of the comparison as CSV (columns, chunks, file name), in the screen's order and columns, for a
 * download or a scheduled mail; progress as a plain number (a leading + or - would be taken for a formula). */
export function periodsCsv(ctx: AppContext, p: Principal, req: PeriodsRequest) {
  const groupBy = groupingOf(p, req);
  const columns: CsvColumn<TPerformanceRow>[] = [
    { header: PERFORMANCE_HEADERS.name, value: (r) => r.name },
    { header: PERFORMANCE_HEADERS.sales1, value: (r) => r.sales1 },
    { header: PERFORMANCE_HEADERS.sales2, value: (r) => r.sales2 },
    { header: PERFORMANCE_HEADERS.progress, value: (r) => r.progress },
  ];
  const lines = (async function* () {
    for (let page = 1; ; page++) {
      const { items } = await periodsPage(ctx.db, p, groupBy, { ...req, page, pageSize: CSV_CHUNK_ROWS });
      if (items.length) yield items;
      if (items.length < CSV_CHUNK_ROWS) return;
    }
  })();
  const name = [
    'office-performance',
    groupBy,
    req.period1.start,
    req.period1.end,
    req.period2.start,
    req.period2.end,
  ];
  return { groupBy, fileName: csvFileName(name), columns, lines };
}

export function exportPeriods(ctx: AppContext, p: Principal, req: PeriodsRequest, reply: FastifyReply) {
  const csv = periodsCsv(ctx, p, req);
  return sendCsv(reply, csv.fileName, csv.columns, csv.lines);
}

/** The comparison in a few figures (a scheduled mail's summary): its rows and each period's sales, in the
 * caller's scope. */
export async function periodsSummary(ctx: AppContext, p: Principal, req: PeriodsRequest) {
  const groupBy = groupingOf(p, req);
  const { total } = await periodsPage(ctx.db, p, groupBy, { ...req, page: 1, pageSize: 1 });
  return { groupBy, rows: total, ...(await periodTotals(ctx.db, p, req.period1, req.period2)) };
}
