// Scheduled reports (issue 37): any user has a report it can open mailed to it, with the filters it had on
// screen (`Send this report`), daily, weekly (Monday) or monthly (the 1st), at 07:00 Eastern, as a CSV
// attachment with a short summary. The range is the one just ended: yesterday, the last Monday-Sunday week,
// the last month. The role and tenant rules are checked again at each send. The reports a schedule may send
// and the filters each keeps are listed once, in `reportVariants`.
import { z } from 'zod';
import { INT4_MAX, listOf, wholeNumber, ZIdNumber } from './common';
import { PERFORMANCE_GROUP_BY, PERFORMANCE_SORT_FIELDS } from './performance';
import { addDays } from './period';
import { STATS_COMPARE, STATS_KINDS, STATS_SORT_FIELDS, STATS_TITLES, ZStatsGroupBy } from './stats';
import { TOP_AGENTS_MAX_SITES } from './top-agents';

export const REPORT_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type TReportFrequency = (typeof REPORT_FREQUENCIES)[number];
export const REPORT_FREQUENCY_LABELS: Readonly<Record<TReportFrequency, string>> = {
  daily: 'Daily',
  weekly: 'Weekly (Monday)',
  monthly: 'Monthly (1st)',
};
/** Reports a user may have mailed at once. */
export const REPORT_SCHEDULES_MAX = 20;
/** The minute of the Eastern day they are sent: 07:00. */
export const REPORT_SEND_MINUTE = 7 * 60;

/** A statistics report's filters as on screen, without its dates (each send covers the range just ended). */
export const ZReportCriteria = z
  .object({
    groupBy: ZStatsGroupBy.optional(),
    siteId: ZIdNumber.optional(),
    typeId: ZIdNumber.optional(),
    companyId: ZIdNumber.optional(),
    agentId: ZIdNumber.optional(),
    avp: wholeNumber(0, INT4_MAX).optional(),
    sortField: z.enum(STATS_SORT_FIELDS).optional(),
    sortAsc: z.boolean().optional(),
    /** The mail's summary also gives each total over the other period and the change (not the AVP reports). */
    compare: z.enum(STATS_COMPARE).optional(),
  })
  .strict();
export type TReportCriteria = z.infer<typeof ZReportCriteria>;

/** Top agents' filters: its sites and comparison; the grouping follows the range, as on screen (agents for a
 * day or a week, offices for a month). */
export const ZTopAgentsReportFilters = z
  .object({
    siteIds: z.array(ZIdNumber).min(1).max(TOP_AGENTS_MAX_SITES).optional(),
    compare: z.enum(STATS_COMPARE).optional(),
  })
  .strict();
export type TTopAgentsReportFilters = z.infer<typeof ZTopAgentsReportFilters>;

/** Office performance's filters: period 1 is the range just ended, period 2 the one `compare` names (without
 * it the previous period of the same length), with the screen's grouping and sort. */
export const ZPerformanceReportFilters = z
  .object({
    groupBy: z.enum(PERFORMANCE_GROUP_BY).optional(),
    sortField: z.enum(PERFORMANCE_SORT_FIELDS).optional(),
    sortAsc: z.boolean().optional(),
    compare: z.enum(STATS_COMPARE).optional(),
  })
  .strict();
export type TPerformanceReportFilters = z.infer<typeof ZPerformanceReportFilters>;

export const TOP_AGENTS_REPORT = 'top-agents';
export const PERFORMANCE_REPORT = 'office-performance';

/** Every report a schedule may send, each with its own filters; `fields` are the other fields of the object. */
const reportVariants = <T extends z.ZodRawShape>(fields: T) =>
  [
    z.object({ ...fields, kind: z.enum(STATS_KINDS), filters: ZReportCriteria }).strict(),
    z.object({ ...fields, kind: z.literal(TOP_AGENTS_REPORT), filters: ZTopAgentsReportFilters }).strict(),
    z.object({ ...fields, kind: z.literal(PERFORMANCE_REPORT), filters: ZPerformanceReportFilters }).strict(),
  ] as const;

export const REPORT_KINDS = [...STATS_KINDS, TOP_AGENTS_REPORT, PERFORMANCE_REPORT] as const;
export type TReportKind = (typeof REPORT_KINDS)[number];
/** The report's name, as its page is titled. */
export const REPORT_TITLES: Readonly<Record<TReportKind, string>> = {
  ...STATS_TITLES,
  [TOP_AGENTS_REPORT]: 'Top agents',
  [PERFORMANCE_REPORT]: 'Office performance',
};

/** PUT /api/report-schedules: `Send this report`. */
export const ZReportScheduleCreate = z.discriminatedUnion(
  'kind',
  reportVariants({ frequency: z.enum(REPORT_FREQUENCIES) }),
);
export type TReportScheduleCreate = z.input<typeof ZReportScheduleCreate>;
/** A report with its filters, as a page hands it to `Send this report`. */
export type TReportTarget =
  z.output<typeof ZReportScheduleCreate> extends infer T
    ? T extends unknown
      ? Omit<T, 'frequency'>
      : never
    : never;

export const ZReportSchedule = z.discriminatedUnion(
  'kind',
  reportVariants({
    id: z.number().int(),
    title: z.string(),
    frequency: z.enum(REPORT_FREQUENCIES),
    paused: z.boolean(),
    createdAt: z.string(),
    /** When it was last mailed (ISO time), or null. */
    lastSentAt: z.string().nullable(),
  }),
);
export type TReportSchedule = z.infer<typeof ZReportSchedule>;
export const ZReportScheduleList = listOf(ZReportSchedule);

/** POST /api/report-schedules/{id}/pause: pause or resume. */
export const ZReportSchedulePause = z.object({ paused: z.boolean() }).strict();

export const REPORT_SCHEDULE_TEXTS = {
  title: 'Scheduled reports',
  send: 'Send this report',
  empty: 'No scheduled reports',
  tooMany: `At most ${REPORT_SCHEDULES_MAX} scheduled reports`,
  pause: 'Pause',
  resume: 'Resume',
  delete: 'Delete',
  deleteConfirm: 'Stop sending this report?',
  saved: 'The report will be sent to your e-mail address',
  noEmail: 'Your account has no e-mail address to send reports to',
} as const;

/** The report's name in the list and the mail: `Sites Statistics, daily`. */
export const reportScheduleTitle = (kind: TReportKind, frequency: TReportFrequency) =>
  `${REPORT_TITLES[kind]}, ${REPORT_FREQUENCY_LABELS[frequency].toLowerCase()}`;

/**
 * Whether a schedule is due on the Eastern day `day` (its 07:00 send), and the range that send covers:
 * daily yesterday, weekly on Mondays the Monday-Sunday week before, monthly on the 1st the month before.
 */
export function reportRangeOn(
  frequency: TReportFrequency,
  day: string,
): { start: string; end: string } | null {
  const yesterday = addDays(day, -1);
  if (frequency === 'daily') return { start: yesterday, end: yesterday };
  if (frequency === 'weekly') {
    const monday = new Date(`${day}T12:00:00Z`).getUTCDay() === 1;
    return monday ? { start: addDays(day, -7), end: yesterday } : null;
  }
  if (!day.endsWith('-01')) return null;
  return { start: `${yesterday.slice(0, 8)}01`, end: yesterday };
}
