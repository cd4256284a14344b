// Scheduled reports (issue 37): `Send this report` saves a report's filters (not its dates) to be mailed to
// the caller daily, weekly or monthly; each account lists, pauses and deletes only its own. A report the
// caller may not open now (another office's, an earnings view without the permission) is refused as the
// screen refuses it, by running it once over yesterday before it is saved.
import {
  addDays,
  easternDay,
  hasRole,
  isPayrollKind,
  Role,
  REPORT_SCHEDULE_TEXTS,
  REPORT_SCHEDULES_MAX,
  reportScheduleTitle,
  type TReportCriteria,
  type TReportFrequency,
  type TReportSchedule,
  type TStatsKind,
  type TStatsSearch,
  type ZReportScheduleCreate,
  ZStatsAvpSearch,
} from '@salesdesk/contract';
import type { z } from 'zod';
import type { AppContext } from '../context';
import type { Principal } from '../http/auth';
import { conflict, forbidden, notFound } from '../http/errors';
import { lockAccount } from '../http/locked-rows';
import { prepareReport } from '../stats/report-service';
import { countOwn, deleteOwn, insertSchedule, ownSchedules, setPaused, type ScheduleRecord } from './sql';

/** The report request of a schedule's filters over `range`. */
export const reportQuery = (filters: TReportCriteria, range: { start: string; end: string }): TStatsSearch =>
  ZStatsAvpSearch.parse({ ...filters, ...range, page: 1, pageSize: 1 });

export function toSchedule(r: ScheduleRecord): TReportSchedule {
  const kind = r.kind as TStatsKind;
  const frequency = r.frequency as TReportFrequency;
  return {
    id: r.id,
    kind,
    title: reportScheduleTitle(kind, frequency),
    filters: r.filters as TReportCriteria,
    frequency,
    paused: r.paused,
    createdAt: new Date(r.created_at).toISOString(),
    lastSentAt: r.last_sent_at ? new Date(r.last_sent_at).toISOString() : null,
  };
}

export async function listSchedules(ctx: AppContext, p: Principal, q: { page: number; pageSize: number }) {
  const page = await ownSchedules(ctx.db, p.accountId, q.page, q.pageSize);
  return { items: page.items.map(toSchedule), total: page.total };
}

export async function createSchedule(
  ctx: AppContext,
  p: Principal,
  v: z.output<typeof ZReportScheduleCreate>,
): Promise<TReportSchedule> {
  // Payroll is the admins' (its routes' access): an office or agent cannot have it mailed either.
  if (isPayrollKind(v.kind) && !hasRole(p.role, Role.Admin)) throw forbidden();
  const yesterday = addDays(easternDay(new Date()), -1);
  // The screen's own checks: grouping for the role, another tenant's office, agent or site (404).
  await prepareReport(ctx, p, v.kind, reportQuery(v.filters, { start: yesterday, end: yesterday }));
  await lockAccount(ctx.db, p.accountId);
  if ((await countOwn(ctx.db, p.accountId)) >= REPORT_SCHEDULES_MAX)
    throw conflict(REPORT_SCHEDULE_TEXTS.tooMany);
  const row = await insertSchedule(ctx.db, {
    accountId: p.accountId,
    kind: v.kind,
    filters: v.filters,
    frequency: v.frequency,
    now: new Date(),
  });
  if (!row) throw new Error('The schedule was not saved');
  return toSchedule(row);
}

export async function pauseSchedule(ctx: AppContext, p: Principal, id: number, paused: boolean) {
  const row = await setPaused(ctx.db, p.accountId, id, paused);
  if (!row) throw notFound('Scheduled report not found');
  return toSchedule(row);
}

export async function deleteSchedule(ctx: AppContext, p: Principal, id: number) {
  if (!(await deleteOwn(ctx.db, p.accountId, id))) throw notFound('Scheduled report not found');
}
