// Scheduled reports (issue 37) go out at 07:00 Eastern, once per due time across nodes (job_runs): each
// schedule due that day (daily every day, weekly on Mondays, monthly on the 1st) is run as its account, with
// the role and tenant rules of the screen checked again now, and mailed as a CSV with a short summary. An
// account that may not act (suspended, blocked, not approved, suspended for fraud) gets nothing; a report
// it may no longer open is passed over. Each schedule is marked for the due time, so a send happens once.
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import {
  easternDay,
  hasRole,
  REPORT_SEND_MINUTE,
  reportRangeOn,
  reportScheduleTitle,
  ZReportScheduleCreate,
} from '@salesdesk/contract';
import type { AppContext } from '../context';
import { queryOne } from '../db/client';
import { AppError } from '../http/errors';
import {
  ACCOUNT_COLUMNS,
  ACCOUNT_JOINS,
  accountMayAct,
  toPrincipal,
  type AccountState,
} from '../http/principal';
import { scheduledReport, type ReportMail } from '../report-schedules/reports';
import { dueSchedules, markDue, type ScheduleRecord } from '../report-schedules/sql';
import { nextEasternTime, scheduleJob, type Claim, type Scheduler } from './schedule';

export const REPORT_MAIL_JOB = 'report-mail';
/** A report larger than this is not attached: the mail says to open it on screen. */
export const REPORT_ATTACHMENT_MAX = 10 * 1024 * 1024;
const BATCH = 100;

export const nextReportTime = (now: Date): Date => nextEasternTime(now, REPORT_SEND_MINUTE);

type Account = AccountState & { email: string | null };

const accountOf = (ctx: AppContext, id: number) =>
  queryOne<Account>(
    ctx.db,
    sql`select ${ACCOUNT_COLUMNS}, coalesce(nullif(a.email, ''), nullif(o.man_email, ''), nullif(ag.email, '')) as email
        from accounts a ${ACCOUNT_JOINS} where a.id = ${id}`,
  );

async function csvBytes(stream: Readable, max: number): Promise<Buffer | null> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += b.length;
    if (size > max) {
      stream.destroy();
      return null;
    }
    parts.push(b);
  }
  return Buffer.concat(parts);
}

/** Sends one schedule for the due day; answers whether a mail went. */
async function sendOne(ctx: AppContext, s: ScheduleRecord, day: string): Promise<boolean> {
  const saved = ZReportScheduleCreate.safeParse({ kind: s.kind, filters: s.filters, frequency: s.frequency });
  if (!saved.success) return false;
  const { kind, frequency } = saved.data;
  const range = reportRangeOn(frequency, day);
  if (!range) return false;
  const account = await accountOf(ctx, s.account_id);
  if (!account || !accountMayAct(account) || account.fraud_suspended || !account.email) return false;
  const p = toPrincipal(account, { sessionId: null, secondFactor: 'complete', impersonatedBy: null });
  const report = scheduledReport(saved.data);
  if (!hasRole(p.role, report.role)) return false;
  let mail: ReportMail;
  try {
    mail = await report.mail(ctx, p, range);
  } catch (err) {
    // The report is no longer one this account may open (another office's filter, a grouping): none sent.
    if (err instanceof AppError) return false;
    throw err;
  }
  const content = await csvBytes(mail.csv, REPORT_ATTACHMENT_MAX);
  const title = reportScheduleTitle(kind, frequency);
  const lines = [
    `${title}: ${range.start === range.end ? range.start : `${range.start} - ${range.end}`}`,
    '',
    ...mail.summary,
    '',
    content
      ? 'The report is attached as a CSV file.'
      : `The report is too large to attach: open it at ${ctx.config.publicUrl}/app/${report.screen}.`,
    `Pause or delete this mail in your Profile: ${ctx.config.publicUrl}/app/profile.`,
  ];
  await ctx.mailer.send({
    to: account.email,
    subject: `${ctx.brand.displayName}: ${title}, ${range.start}${range.end !== range.start ? ` - ${range.end}` : ''}`,
    text: `${lines.join('\n')}\n`,
    ...(content ? { attachments: [{ filename: mail.fileName, content, contentType: 'text/csv' }] } : {}),
  });
  return true;
}

/** Sends every schedule due at `dueAt`; null when another node has this due time. */
export async function sendDueReports(
  ctx: AppContext,
  dueAt: Date,
  opts: { claim?: Claim; stopping?: () => boolean } = {},
): Promise<{ sent: number; passed: number } | null> {
  if (opts.claim && !(await ctx.db.transaction((tx) => opts.claim!(tx)))) return null;
  const day = easternDay(dueAt);
  let sent = 0;
  let passed = 0;
  for (let after = 0; !opts.stopping?.();) {
    const due = await dueSchedules(ctx.db, dueAt, after, BATCH);
    if (!due.length) break;
    for (const s of due) {
      after = s.id;
      const mailed = await sendOne(ctx, s, day);
      if (await markDue(ctx.db, s.id, dueAt, mailed)) {
        if (mailed) sent++;
        else passed++;
      }
    }
  }
  return { sent, passed };
}

export function scheduleReportMail(s: Scheduler, ctx: AppContext) {
  return scheduleJob(s, {
    name: REPORT_MAIL_JOB,
    next: nextReportTime,
    run: async ({ dueAt, claim, stopping }) => {
      const done = await sendDueReports(ctx, dueAt, { claim, stopping });
      return done === null
        ? null
        : `07:00 Eastern: ${done.sent} scheduled report(s) mailed, ${done.passed} not due or passed over`;
    },
  });
}
