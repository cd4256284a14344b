// Scheduled reports (issue 37): `Send this report` saves a report's filters (not its dates) to be mailed to
// the caller daily, weekly or monthly; each account lists, pauses and deletes only its own. A report the
// caller may not open now (another office's, an earnings view without the permission, a screen above its
// role) is refused as the screen refuses it, by running its checks over yesterday before it is saved.
import {
  addDays,
  easternDay,
  hasRole,
  REPORT_SCHEDULE_TEXTS,
  REPORT_SCHEDULES_MAX,
  reportScheduleTitle,
  type TReportFrequency,
  type TReportKind,
  type TReportSchedule,
  type ZReportScheduleCreate,
} from '@salesdesk/contract';
import type { z } from 'zod';
import type { AppContext } from '../context';
import type { Principal } from '../http/auth';
import { conflict, forbidden, notFound } from '../http/errors';
import { lockAccount } from '../http/locked-rows';
import { scheduledReport } from './reports';
import { countOwn, deleteOwn, insertSchedule, ownSchedules, setPaused, type ScheduleRecord } from './sql';

export function toSchedule(r: ScheduleRecord): TReportSchedule {
  const kind = r.kind as TReportKind;
  const frequency = r.frequency as TReportFrequency;
  // Each kind's filters were checked against its own schema when saved; the answer's schema checks them again.
  return {
    id: r.id,
    kind,
    title: reportScheduleTitle(kind, frequency),
    filters: r.filters,
    frequency,
    paused: r.paused,
    createdAt: new Date(r.created_at).toISOString(),
    lastSentAt: r.last_sent_at ? new Date(r.last_sent_at).toISOString() : null,
  } as TReportSchedule;
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
  const report = scheduledReport(v);
  // A report whose screen is above the caller's role (payroll, office statistics for an agent): 403, as its routes.
  if (!hasRole(p.role, report.role)) throw forbidden();
  const yesterday = addDays(easternDay(new Date()), -1);
  // The screen's own checks: grouping for the role, another tenant's office, agent or site (404).
  await report.check(ctx, p, { start: yesterday, end: yesterday });
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
