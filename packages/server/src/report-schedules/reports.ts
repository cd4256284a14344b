// The reports a schedule may send (issue 37), one entry each: the role its screen needs, its screen, the
// screen's checks at save, and at each send its CSV (the screen's own export) and the mail's summary. Each
// runs through the service that answers its screen, so the role and tenant rules are the screen's.
import type { Readable } from 'node:stream';
import {
  changePercent,
  comparePeriod,
  formatCount,
  formatPeriod,
  formatPeso,
  formatPrice,
  isAvpKind,
  isPayrollKind,
  PERFORMANCE_REPORT,
  Role,
  STATS_COMPARE_LABELS,
  TOP_AGENTS_REPORT,
  topAgentLabel,
  type TPerformanceReportFilters,
  type TReportCriteria,
  type TStatsCompare,
  type TStatsKind,
  type TStatsSearch,
  type TTopAgentsReportFilters,
  type ZReportScheduleCreate,
  ZPeriodsRequest,
  ZStatsAvpSearch,
  ZTop10Request,
} from '@salesdesk/contract';
import type { z } from 'zod';
import type { AppContext } from '../context';
import { csvStream } from '../common/csv';
import type { Principal } from '../http/auth';
import { periodsCsv, periodsSummary } from '../performance/service';
import { statsCsv, statsOverall } from '../stats/report-csv';
import { prepareReport } from '../stats/report-service';
import { rankingCsv, rankingSummary } from '../top-agents/service';

type Range = { start: string; end: string };
type Target = z.output<typeof ZReportScheduleCreate>;

export interface ReportMail {
  fileName: string;
  csv: Readable;
  /** The figures of the mail's body, one a line. */
  summary: string[];
}

export interface ScheduledReport {
  /** The least role its screen (and its routes) admit. */
  role: Role;
  /** Its screen, below /app. */
  screen: string;
  /** The screen's checks of the filters (grouping, another tenant's ids: 404), as a save runs them. */
  check: (ctx: AppContext, p: Principal, range: Range) => Promise<unknown>;
  /** The report over `range` as the account sees it on screen. */
  mail: (ctx: AppContext, p: Principal, range: Range) => Promise<ReportMail>;
}

/** The statistics request of a schedule's filters over `range`. */
export const reportQuery = (filters: TReportCriteria, range: Range): TStatsSearch =>
  ZStatsAvpSearch.parse({ ...filters, ...range, page: 1, pageSize: 1 });

/** ' (other period 1,200, +8.33%)' after a figure of a compared report; nothing otherwise. */
function vs<T extends number | string>(current: T, other: T | null | undefined, format: (v: T) => string) {
  if (other === undefined || other === null) return '';
  return ` (other period ${format(other)}, ${changePercent(current, other)})`;
}

/** 'Previous period: 2026-10-02 - 2026-10-31' and a blank line, when compared. */
const comparedWith = (compare: TStatsCompare | undefined, other: Range | null) =>
  compare && other ? [`${STATS_COMPARE_LABELS[compare]}: ${formatPeriod(other)}`, ''] : [];

function statsReport(kind: TStatsKind, filters: TReportCriteria): ScheduledReport {
  return {
    role: isPayrollKind(kind) ? Role.Admin : Role.Agent,
    screen: `stats/${kind}`,
    check: (ctx, p, range) => prepareReport(ctx, p, kind, reportQuery(filters, range)),
    async mail(ctx, p, range) {
      const other = filters.compare && !isAvpKind(kind) ? comparePeriod(filters.compare, range) : null;
      const csv = await statsCsv(ctx, p, kind, reportQuery(filters, range));
      const was = other ? await statsOverall(ctx, p, kind, reportQuery(filters, other)) : null;
      const o = csv.overall;
      const summary = [
        ...comparedWith(filters.compare, other),
        `Sales: ${formatCount(o.sales)}${vs(o.sales, was?.sales, formatCount)}`,
        `Payout: ${formatPeso(o.payout)}${vs(o.payout, was?.payout, formatPeso)}`,
        ...(o.earn !== null ? [`Earning: ${formatPrice(o.earn)}${vs(o.earn, was?.earn, formatPrice)}`] : []),
        ...(o.uniques !== null
          ? [`Unique clicks: ${formatCount(o.uniques)}${vs(o.uniques, was?.uniques, formatCount)}`]
          : []),
      ];
      return { fileName: csv.fileName, csv: csvStream(csv.columns, csv.lines), summary };
    },
  };
}

function topAgentsReport(filters: TTopAgentsReportFilters): ScheduledReport {
  // The grouping follows the range as on screen: agents for a day or a week, offices for a month.
  const request = (range: Range) => ZTop10Request.parse({ ...range, siteIds: filters.siteIds ?? [] });
  return {
    role: Role.Company,
    screen: 'stats/top-agents',
    check: (ctx, p, range) => rankingSummary(ctx, p, request(range)),
    async mail(ctx, p, range) {
      const other = filters.compare ? comparePeriod(filters.compare, range) : null;
      const csv = await rankingCsv(ctx, p, request(range));
      const now = await rankingSummary(ctx, p, request(range));
      const was = other ? await rankingSummary(ctx, p, request(other)) : null;
      const byAgent = now.groupBy === 'agent';
      const first = now.first && (byAgent ? topAgentLabel(now.first) : now.first.office);
      const summary = [
        ...comparedWith(filters.compare, other),
        `${byAgent ? 'Agents' : 'Offices'} with sales: ${formatCount(now.places)}`,
        ...(now.first ? [`First: ${first} (${formatCount(now.first.sales)})`] : []),
        `Sales: ${formatCount(now.sales)}${vs(now.sales, was?.sales, formatCount)}`,
      ];
      return { fileName: csv.fileName, csv: csvStream(csv.columns, csv.lines), summary };
    },
  };
}

function performanceReport(filters: TPerformanceReportFilters): ScheduledReport {
  const compare = filters.compare ?? 'previous';
  const { groupBy, sortField, sortAsc } = filters;
  // Period 1 is the range just ended, period 2 the one compared with it.
  const request = (range: Range) =>
    ZPeriodsRequest.parse({
      period1: range,
      period2: comparePeriod(compare, range),
      groupBy,
      sortField,
      sortAsc,
    });
  return {
    role: Role.Company,
    screen: 'stats/office-performance',
    check: (ctx, p, range) => periodsSummary(ctx, p, request(range)),
    async mail(ctx, p, range) {
      const req = request(range);
      const csv = periodsCsv(ctx, p, req);
      const now = await periodsSummary(ctx, p, req);
      const summary = [
        ...comparedWith(compare, req.period2),
        `${now.groupBy === 'company' ? 'Offices' : 'Agents'} with sales: ${formatCount(now.rows)}`,
        `Sales: ${formatCount(now.sales1)}${vs(now.sales1, now.sales2, formatCount)}`,
      ];
      return { fileName: csv.fileName, csv: csvStream(csv.columns, csv.lines), summary };
    },
  };
}

/** The report a schedule sends, with its filters (its frequency aside). */
export function scheduledReport(t: Target): ScheduledReport {
  if (t.kind === TOP_AGENTS_REPORT) return topAgentsReport(t.filters);
  if (t.kind === PERFORMANCE_REPORT) return performanceReport(t.filters);
  return statsReport(t.kind, t.filters);
}
