// Pay statements (issue 22): one agent's pay for one closed period, read from the period's snapshot (so it
// never changes), with the balance carried between periods. A negative total is not paid: it is carried
// into the agent's next statement. An agent sees its own, an office its agents', admins all.
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, wholeNumber, ZId } from './common';
import { formatPeso, formatPrice } from './format';
import { PayPeriodStatus } from './pay-periods';
import { ZDateString } from './period';
import { PAYOUT_LINE_STATUSES, ZPayoutSummary } from './payouts';

/** The kinds of lines on a pay statement, in the order a statement lists them. */
export const STATEMENT_LINE_KINDS = ['sales', 'bonuses', 'avp', 'reversals', 'adjustments'] as const;
export type TStatementLineKind = (typeof STATEMENT_LINE_KINDS)[number];
export const STATEMENT_LINE_LABELS: Readonly<Record<TStatementLineKind, string>> = {
  sales: 'Sales',
  bonuses: 'Bonuses',
  avp: 'AVP pay',
  reversals: 'Refunds and chargebacks',
  adjustments: 'Adjustments',
};

export const ZStatementLine = z.object({
  kind: z.enum(STATEMENT_LINE_KINDS),
  /** Site name on sales, bonuses and reversals (one line per site); null on AVP and adjustment lines. */
  site: z.string().nullable(),
  count: z.number().int(),
  /** Pesos, signed decimal string. */
  payout: z.string(),
  /** AVP lines: their dollars too; null elsewhere (an adjustment's dollars are the business's, not pay). */
  dollars: z.string().nullable(),
  /**
   * What the line is, as the agent reads it: AVP lines their week, AVP sales and rate; an adjustment its
   * note to the agent, else `Adjustment` and its date (one line per adjustment); a line paying ₱0 why.
   */
  note: z.string().nullable(),
  /** Admins only: an adjustment's internal note (DESIGN.md: never shown to agents and offices); else null. */
  internalNote: z.string().nullable(),
});
export type TStatementLine = z.infer<typeof ZStatementLine>;

/** Closed or paid: a statement exists only for a period that was closed. */
export const STATEMENT_STATUSES = ['closed', 'paid'] as const;
export const ZStatementStatus = z.enum(STATEMENT_STATUSES);
/** A statement's status from its period's stored status (pay_periods.status). */
export const statementStatusOf = (status: number): (typeof STATEMENT_STATUSES)[number] =>
  status === PayPeriodStatus.Paid ? 'paid' : 'closed';

/** The figures of a statement, in pesos (signed decimal strings) but `dollars`. */
const figures = {
  /** The period's own lines summed (pesos). */
  total: z.string(),
  /** The balance carried in from the previous statement: negative (owed), or positive below the minimum payout. */
  carriedIn: z.string(),
  /** total + carriedIn when it reaches the minimum payout (and is positive), else 0. */
  payable: z.string(),
  /** What goes to the next statement: total + carriedIn when negative or below the minimum payout, else 0. */
  carriedOut: z.string(),
  /** AVP pay in dollars, paid beside the pesos; never negative, never carried. */
  dollars: z.string(),
};

const who = {
  start: z.string(),
  end: z.string(),
  status: ZStatementStatus,
  agentId: z.number().int(),
  username: z.string(),
  /** First and last name. */
  agentName: z.string(),
  companyId: z.number().int(),
  officeName: z.string(),
  /** When the period was marked paid (ISO time); null while it is only closed. */
  paidAt: z.string().nullable(),
};

/** How a statement was paid out (issue 36): its payout line's status, date, method and reference. */
export const ZStatementPayment = z.object({
  status: z.enum(PAYOUT_LINE_STATUSES),
  paidOn: z.string().nullable(),
  summary: ZPayoutSummary.nullable(),
  reference: z.string(),
  bankReference: z.string().nullable(),
});
export type TStatementPayment = z.infer<typeof ZStatementPayment>;

const payment = {
  /** Its line in the period's payout batch; null when no batch paid it (none made, or nothing payable). */
  payment: ZStatementPayment.nullable(),
  /** The minimum payout when the period closed: a positive balance below it is carried, not paid. */
  minimumPayout: z.string(),
};

/** A row of the statements list. */
export const ZPayStatementRow = z.object({ ...who, ...figures, ...payment });
export type TPayStatementRow = z.infer<typeof ZPayStatementRow>;
export const ZPayStatementList = z.object({ items: z.array(ZPayStatementRow), total: z.number().int() });

/** One agent's statement of one closed period, with its lines. */
export const ZPayStatement = z.object({ ...who, ...figures, ...payment, lines: z.array(ZStatementLine) });
export type TPayStatement = z.infer<typeof ZPayStatement>;

/**
 * GET /api/pay-statements (and /export): the statements one may see, newest period first, then office
 * and agent; filters by period (its first day), office and agent. A query string: ids are digits.
 */
export const ZPayStatementsQuery = z.object({
  start: ZDateString.optional(),
  companyId: ZId.optional(),
  agentId: ZId.optional(),
  page: wholeNumber(1, 1_000_000).default(1),
  pageSize: wholeNumber(1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type TPayStatementsQuery = z.infer<typeof ZPayStatementsQuery>;
/** The list's filters, as the screen keeps them in its address. */
export const PAY_STATEMENT_FILTERS = ['start', 'companyId', 'agentId'] as const;

/** GET /api/pay-statements/{start}/{agentId} (and /export): one statement. */
export const ZPayStatementKey = z.object({ start: ZDateString, agentId: ZId });
export type TPayStatementKey = z.infer<typeof ZPayStatementKey>;

export const PAY_STATEMENTS_EMPTY = 'No pay statements yet';

/** GET /api/pay-statements/periods: the closed and paid periods, newest first (the list's period choice). */
export const ZStatementPeriod = z.object({ start: z.string(), end: z.string(), status: ZStatementStatus });
export type TStatementPeriod = z.infer<typeof ZStatementPeriod>;
export const ZStatementPeriods = z.array(ZStatementPeriod);

/** The note of an AVP line: its week, the AVP sales it pays and their rate (`payout` = sales x rate). */
export function avpLineNote(l: {
  week: string;
  weekEnd: string;
  sales: number;
  weekSales: number;
  rate: string | null;
  dollarRate: string | null;
}): string {
  const week = `Week ${l.week} - ${l.weekEnd}: ${l.sales} AVP ${l.sales === 1 ? 'sale' : 'sales'}`;
  const inWeek = l.weekSales !== l.sales ? ` (${l.weekSales} in the week set the rate)` : '';
  if (l.rate === null) return `${week}: no AVP tier pays ${l.weekSales} sales a week, nothing to pay`;
  const dollars =
    l.dollarRate && !/^0*(\.0*)?$/.test(l.dollarRate) ? ` and ${formatPrice(l.dollarRate)}` : '';
  return `${week} at ${formatPeso(l.rate)}${dollars}${inWeek}`;
}
/** An adjustment's line as the agent reads it when it has no note to the agent. */
export const adjustmentLineNote = (day: string) => `Adjustment ${day}`;
/** Why a sales, bonus or reversal line pays nothing. */
export const ZERO_PAY_NOTES = {
  sales: 'Sold at a rate of ₱0',
  bonuses: 'Bonuses at a rate of ₱0',
  reversals: 'The sales taken back had paid ₱0',
} as const;

export const PAY_STATEMENT_TEXTS = {
  title: 'Pay Statements',
  statementTitle: 'Pay Statement',
  periodStart: 'Period start',
  /** The period choice's empty value: every closed period. */
  allPeriods: 'All closed periods',
  search: 'Load statements',
  open: 'View',
  back: 'Back to pay statements',
  noLines: 'No pay in this period',
  /** The line under a statement's title. */
  heading: (s: { start: string; end: string; username: string; agentName: string; officeName: string }) =>
    `${s.start} - ${s.end} · ${s.username} (${s.agentName}) · ${s.officeName}`,
  paidOn: (at: string) => `Paid on ${at}`,
  notPaidYet: 'Not paid yet',
  print: 'Print',
  /** Why nothing is paid when the period's balance is negative. */
  carriedNote: 'A negative balance is not paid: it is carried into the next statement.',
} as const;

/** Column and summary labels; the CSV headers name their currency. */
export const PAY_STATEMENT_HEADERS = {
  period: 'Period',
  status: 'Status',
  office: 'Office',
  agent: 'Agent',
  line: 'Line',
  site: 'Site',
  count: 'Count',
  payout: 'Payout',
  dollars: 'AVP ($)',
  note: 'Note',
  internalNote: 'Internal note',
  paid: 'Paid',
  total: 'Total',
  carriedIn: 'Carried in',
  payable: 'Payable',
  carriedOut: 'Carried out',
} as const;
export const STATEMENT_STATUS_LABELS = { closed: 'Closed', paid: 'Paid' } as const;
