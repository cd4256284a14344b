// Pay periods (DESIGN.md section 9): every money row belongs to one period, chosen when it is written
// (the open period holding its time, else the first open one after it). Periods close in order; a
// closed period's payroll is a snapshot that never changes, and a paid period never reopens.
import { z } from 'zod';
import { addDays, type TPeriod, ZDateString } from './period';

/** The pay cycle option: half-month (1st-15th, 16th-end: the spec's [2W]) or weekly (Sunday-Saturday). */
export const PAY_CYCLES = ['half-month', 'weekly'] as const;
export type TPayCycle = (typeof PAY_CYCLES)[number];
export const ZPayCycle = z.enum(PAY_CYCLES, { error: 'Pay Cycle must be half-month or weekly' });
export const PAY_CYCLE_DEFAULT: TPayCycle = 'half-month';
export const PAY_CYCLE_LABELS: Readonly<Record<TPayCycle, string>> = {
  'half-month': 'Half-month (1st-15th, 16th-end)',
  weekly: 'Weekly (Sunday-Saturday)',
};

/** The stored status of a period (pay_periods.status); a period without a row is open. */
export const PayPeriodStatus = { Open: 0, Closed: 1, Paid: 2 } as const;
export type PayPeriodStatus = (typeof PayPeriodStatus)[keyof typeof PayPeriodStatus];
export const PAY_PERIOD_STATUSES = ['open', 'closed', 'paid'] as const;
export type TPayPeriodStatus = (typeof PAY_PERIOD_STATUSES)[number];
export const payPeriodStatusName = (s: number): TPayPeriodStatus => PAY_PERIOD_STATUSES[s] ?? 'open';

const dayOf = (day: string) => Number(day.slice(8, 10));
const monthEnd = (day: string) => {
  const [y, m] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

/** The first day of the cycle's period holding `day` (YYYY-MM-DD, Eastern). */
export function cycleStart(cycle: TPayCycle, day: string): string {
  if (cycle === 'weekly') return addDays(day, -new Date(`${day}T00:00:00Z`).getUTCDay());
  return dayOf(day) <= 15 ? `${day.slice(0, 8)}01` : `${day.slice(0, 8)}16`;
}

/** The last day of the cycle's period holding `day`. */
export function cycleEnd(cycle: TPayCycle, day: string): string {
  if (cycle === 'weekly') return addDays(cycleStart(cycle, day), 6);
  return dayOf(day) <= 15 ? `${day.slice(0, 8)}15` : monthEnd(day);
}

/**
 * The period a money row dated `day` is paid in, given the last closed day (`closedThrough`, the end
 * of the latest closed period, or null): the cycle's period holding the day, or, on or before the
 * closed day, the first period after it. The first period after a closed one may be shorter when the
 * cycle changed (it starts the day after). Same rule as the database's `pay_period_of`.
 */
export function payPeriodOf(cycle: TPayCycle, day: string, closedThrough: string | null): TPeriod {
  const firstOpen = closedThrough ? addDays(closedThrough, 1) : null;
  const d = firstOpen && day < firstOpen ? firstOpen : day;
  const start = cycleStart(cycle, d);
  return { start: firstOpen && start < firstOpen ? firstOpen : start, end: cycleEnd(cycle, d) };
}

/** Who did something to a period and when (ISO time). */
const ZByWhom = z.object({ at: z.string(), by: z.string() }).nullable();

/** A row of the pay periods screen. Money as decimal strings: pesos for payout, AVP pesos and dollars. */
export const ZPayPeriod = z.object({
  start: z.string(),
  end: z.string(),
  status: z.enum(PAY_PERIOD_STATUSES),
  agentsPaid: z.number().int(),
  payout: z.string(),
  avpPayout: z.string(),
  avpPayoutDollars: z.string(),
  closed: ZByWhom,
  paid: ZByWhom,
  /** The reason of the latest reopen, if any. */
  reopened: z.object({ at: z.string(), by: z.string(), reason: z.string() }).nullable(),
  /** Open periods: whether it ended (Close is offered) and whether every earlier period is closed. */
  canClose: z.boolean(),
});
export type TPayPeriod = z.infer<typeof ZPayPeriod>;

export const PAY_PERIODS_PAGE_SIZE = 12;
/** GET /api/pay-periods?page=: newest first; open periods have live totals, closed ones their snapshot. */
export const ZPayPeriodsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const ZPayPeriods = z.object({ items: z.array(ZPayPeriod), total: z.number().int() });
export type TPayPeriods = z.infer<typeof ZPayPeriods>;

/** The period a call names, by its first day. */
export const ZPayPeriodKey = z.object({ start: ZDateString });
/** POST /api/pay-periods/{start}/reopen (superadmin). */
export const ZReopenPayPeriod = z.object({
  reason: z
    .string({ error: 'Reason is required' })
    .trim()
    .min(1, 'Reason is required')
    .max(500, 'Reason may be at most 500 characters'),
});
export type TReopenPayPeriod = z.infer<typeof ZReopenPayPeriod>;

export const PAY_PERIOD_TEXTS = {
  title: 'Pay Periods',
  empty: 'No pay periods yet',
  closeConfirm: (p: TPeriod) =>
    `Close the pay period ${p.start} - ${p.end}? Its payroll is saved as it is now and never changes; later sales, reversals and adjustments of its dates are paid in the next open period.`,
  paidConfirm: (p: TPeriod) =>
    `Mark the pay period ${p.start} - ${p.end} as paid? A paid period can never be reopened.`,
  reopenConfirm: (p: TPeriod) => `Reopen the pay period ${p.start} - ${p.end}?`,
  /** The confirm button of a close. */
  closeButton: 'Close period',
  notEnded: 'The period has not ended yet',
  closeEarlierFirst: (p: TPeriod) => `Close the period ${p.start} - ${p.end} first`,
  onlyLatest: 'Only the latest closed period can be reopened',
  batched: 'A period with a payout batch cannot be reopened',
  paidByBatch: 'This period is paid through its payout batch: record its lines paid on the Payouts screen',
  paidNeverChanges: 'A paid period can never change',
  notClosed: 'Only a closed period can be marked paid',
  alreadyClosed: 'The period is already closed',
  /** The mark on Payroll and Payroll AVP when the range is exactly a closed period. */
  closedOn: (day: string, user: string) => `Closed on ${day} by ${user}`,
} as const;
