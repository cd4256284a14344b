// CSV export of a report: every row of the current criteria (not just the page) in the screen's columns
// and headers, then the Overall Total, through the app's one streaming CSV writer. Money, percentages and
// counts are bare numbers (the unit in the header) so a spreadsheet sums them.
import type { FastifyReply } from 'fastify';
import {
  formatStatsCsvCell,
  STATS_FOOTER,
  statsColumns,
  statsCsvHeader,
  type TStatsKind,
  type TStatsOverall,
  type TStatsRow,
  type TStatsSearch,
} from '@salesdesk/contract';
import type { AppContext } from '../context';
import type { Principal } from '../http/auth';
import { csvFileName, sendCsv, type CsvColumn } from '../common/csv';
import { CSV_CHUNK_ROWS } from '../common/csv-rows';
import { listAvpPeriods } from './avp-sql';
import { detailChunks } from './report-detail-sql';
import { groupedReport } from './report-grouped-sql';
import { lppPrevOfGroups, lppPrevTotal } from './report-lpp-sql';
import { groupRow, overallOf, saleRow } from './report-rows';
import { prepareReport, reportTotals, resultFlags } from './report-service';

type Line = { row?: TStatsRow; overall?: TStatsOverall };

async function* inChunks<T>(rows: T[]): AsyncGenerator<T[]> {
  for (let i = 0; i < rows.length; i += CSV_CHUNK_ROWS) yield rows.slice(i, i + CSV_CHUNK_ROWS);
}

/**
 * The CSV of a report (columns, lines with the Overall Total last, file name), for a download or a mail.
 * prepareReport checks the role and the tenant first, as for the screen.
 */
export async function statsCsv(ctx: AppContext, p: Principal, kind: TStatsKind, q: TStatsSearch) {
  const prep = await prepareReport(ctx, p, kind, q);
  const { plan, view } = prep;
  const prevTotal = view.lppVisible ? await lppPrevTotal(ctx.db, plan) : 0;
  let lines: AsyncIterable<Line[]>;
  let totals;
  if (plan.groupBy === 'detail') {
    totals = (await reportTotals(ctx, plan)).overall;
    lines = (async function* () {
      for await (const chunk of detailChunks(ctx.db, plan))
        yield chunk.map((s) => ({ row: saleRow(plan, view, s) }));
    })();
  } else {
    const answer = await groupedReport(ctx.db, plan);
    totals = answer.overall;
    const prev = view.lppVisible
      ? await lppPrevOfGroups(ctx.db, plan, answer.items)
      : new Map<string, number>();
    lines = inChunks(answer.items.map((r) => ({ row: groupRow(plan, view, r, prev) })));
  }
  const overall = overallOf(plan, view, totals, prevTotal);
  const flags = await resultFlags(ctx, prep, totals);
  const avpPeriods = await listAvpPeriods(ctx.db);
  const specs = statsColumns({ kind, role: p.role, showUniques: ctx.brand.showUniques, result: flags });
  const columns: CsvColumn<Line>[] = specs.map((spec, i) => ({
    header: statsCsvHeader(spec),
    value: ({ row, overall: o }) => {
      if (row) return formatStatsCsvCell(spec, spec.value(row), avpPeriods);
      if (i === 0) return STATS_FOOTER.overall;
      return spec.total && o ? formatStatsCsvCell(spec, spec.value(o), avpPeriods) : '';
    },
  }));
  const withTotal = (async function* () {
    yield* lines;
    yield [{ overall }];
  })();
  return { fileName: csvFileName([kind, plan.groupBy, q.start, q.end]), columns, lines: withTotal, overall };
}

/** A report's Overall Total only (a scheduled report's other period), with the screen's role and tenant checks. */
export async function statsOverall(ctx: AppContext, p: Principal, kind: TStatsKind, q: TStatsSearch) {
  const { plan, view } = await prepareReport(ctx, p, kind, q);
  return overallOf(plan, view, (await reportTotals(ctx, plan)).overall, 0);
}

export async function exportStats(
  ctx: AppContext,
  p: Principal,
  kind: TStatsKind,
  q: TStatsSearch,
  reply: FastifyReply,
) {
  const csv = await statsCsv(ctx, p, kind, q);
  return sendCsv(reply, csv.fileName, csv.columns, csv.lines);
}
