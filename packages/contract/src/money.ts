// The money lifecycle (DESIGN.md section 9): the status of a sale or bonus, reversals, adjustments,
// and the calls that change them. Recorded money never changes: a reversal is a new row.
import { z } from 'zod';
import { EventType, isAdmin, ZIdNumber } from './common';
import { type TPeriod, ZDateString } from './period';

/** The stored status of a sale or bonus row; reversal and adjustment rows are always Approved. */
export const SaleStatus = { Approved: 0, Held: 1, Rejected: 2 } as const;
export type SaleStatus = (typeof SaleStatus)[keyof typeof SaleStatus];

/**
 * The status a sale shows: an approved sale with a reversal is `reversed` (its money stays in its own
 * day; the reversal row takes it back on the day it arrived). Held sales are pending, never paid.
 */
export const SALE_STATUSES = ['approved', 'held', 'rejected', 'reversed'] as const;
export type TSaleStatus = (typeof SALE_STATUSES)[number];
export const ZSaleStatusName = z.enum(SALE_STATUSES);
export const SALE_STATUS_LABELS: Readonly<Record<TSaleStatus, string>> = {
  approved: 'Approved',
  held: 'Held',
  rejected: 'Rejected',
  reversed: 'Reversed',
};

export const PENDING_LABEL = 'Pending';
/**
 * A status as `role` sees it: agents and offices see a held sale as `Pending`, whether review or the
 * site's hold days hold it (the rule that held it is never theirs to see); admins see `Held`.
 */
export function saleStatusLabel(status: TSaleStatus, role: number): string {
  return status === 'held' && !isAdmin(role) ? PENDING_LABEL : SALE_STATUS_LABELS[status];
}

/** The shown status of a row from its stored status and whether it was reversed (`reversal_kind`). */
export function saleStatusName(status: number, reversalKind: number | null | undefined): TSaleStatus {
  if (status === SaleStatus.Held) return 'held';
  if (status === SaleStatus.Rejected) return 'rejected';
  return reversalKind ? 'reversed' : 'approved';
}

/** The two ways a site takes a sale back; each is its own event type. */
export const REVERSAL_KINDS = ['refund', 'chargeback'] as const;
export type TReversalKind = (typeof REVERSAL_KINDS)[number];
export const REVERSAL_EVENT_TYPE = { refund: EventType.Refund, chargeback: EventType.Chargeback } as const;

/** Event types that reverse a sale or bonus. */
export const isReversalEvent = (eventType: number) =>
  eventType === EventType.Refund || eventType === EventType.Chargeback;
/** Event types whose rows carry a status of their own (sales and bonuses). */
export const isSaleEvent = (eventType: number) =>
  eventType === EventType.Sale || eventType === EventType.Bonus;

/** A site's hold time: its sales arrive held and are approved when it is up. */
export const HOLD_DAYS_MAX = 365;

/** Why a note is required: every status change and reversal keeps who did it and why. */
export const REASON_MAX = 500;
const reason = z
  .string({ error: 'Reason is required' })
  .trim()
  .min(1, 'Reason is required')
  .max(REASON_MAX, `Reason may be at most ${REASON_MAX} characters`);

/**
 * POST /api/sales/{id}/reverse. An approved sale gets a reversal row; a held one is rejected. A sale
 * already reversed or rejected answers 409; a reversal's or an adjustment's id, or an unknown one, 404.
 */
export const ZReverseSale = z.object({ kind: z.enum(REVERSAL_KINDS), reason });
export type TReverseSale = z.infer<typeof ZReverseSale>;

/** At most this many sales change status in one call. */
export const SALE_STATUS_BATCH_MAX = 500;

/**
 * POST /api/sales/status: held sales only. Ids that are not held (or unknown) are left alone and the
 * answer's `changed` says how many changed; when none of them is held the call answers 409 CONFLICT.
 */
export const ZSaleStatusChange = z.object({
  ids: z
    .array(ZIdNumber)
    .min(1, 'Choose at least one sale')
    .max(SALE_STATUS_BATCH_MAX, `At most ${SALE_STATUS_BATCH_MAX} sales at once`),
  status: z.enum(['approved', 'rejected']),
  reason,
});
export type TSaleStatusChange = z.infer<typeof ZSaleStatusChange>;

/** The largest amount an adjustment may carry either way (numeric(12,2)). */
export const ADJUSTMENT_MAX = '9999999999.99';
export const MONEY_INVALID = 'Must be an amount like -12.50 or 100';
/**
 * Money in a body: a signed decimal string with at most 2 decimals, no spaces, no exponent, no hex, never a
 * JSON number (a float may already have lost cents); never float arithmetic after this.
 */
export const ZSignedMoney = z
  .string({ error: MONEY_INVALID })
  .regex(/^-?(0|[1-9]\d{0,9})(\.\d{1,2})?$/, MONEY_INVALID)
  .transform((v) => (/^-?0(\.0{1,2})?$/.test(v) ? '0' : v));

/** A decimal string's value in cents, exactly (a BigInt); for comparing amounts without floats. */
export function moneyCents(v: string): bigint {
  const [, sign, whole, frac = ''] = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(v) ?? ['', '', '0'];
  const cents = BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0') || '0');
  return sign === '-' ? -cents : cents;
}

/** The option `Largest adjustment`: the most an adjustment may carry either way, in pesos and in dollars. */
export const LARGEST_ADJUSTMENT_DEFAULTS = { payout: '1000000', earning: '100000' } as const;
export const LARGEST_ADJUSTMENT_LABEL = 'Largest adjustment';
export const LARGEST_ADJUSTMENT_INVALID = `${LARGEST_ADJUSTMENT_LABEL} must be an amount from 1 to 9999999999.99, like 1000000`;
/** A `Largest adjustment` value as typed and stored: a positive amount, at most 2 decimals. */
export const ZLargestAdjustment = z
  .string({ error: LARGEST_ADJUSTMENT_INVALID })
  .trim()
  .regex(/^[1-9]\d{0,9}(\.\d{1,2})?$/, LARGEST_ADJUSTMENT_INVALID);
/** Why an adjustment was refused: its amount is beyond the option (`limit` formatted with its unit). */
export const adjustmentTooLarge = (field: 'Payout' | 'Earning', limit: string) =>
  `${field} may be at most ${limit} either way (System Options: ${LARGEST_ADJUSTMENT_LABEL})`;

export const NOTE_MAX = 500;

/**
 * PUT /api/adjustments: pesos and/or dollars for one agent, dated, with an internal note (admins only) and
 * an optional note to the agent, shown on its statement.
 */
export const ZAdjustment = z
  .object({
    agentId: ZIdNumber,
    payout: ZSignedMoney.default('0'),
    earning: ZSignedMoney.default('0'),
    date: ZDateString,
    note: z
      .string({ error: 'Note is required' })
      .trim()
      .min(1, 'Note is required')
      .max(NOTE_MAX, `Note may be at most ${NOTE_MAX} characters`),
    agentNote: z
      .string({ error: 'Note to agent must be text' })
      .trim()
      .max(NOTE_MAX, `Note to agent may be at most ${NOTE_MAX} characters`)
      .nullish()
      .transform((v) => v || null),
  })
  .refine((a) => a.payout !== '0' || a.earning !== '0', {
    path: ['payout'],
    message: 'Enter a payout or an earning',
  });
export type TAdjustment = z.infer<typeof ZAdjustment>;
export type TAdjustmentInput = z.input<typeof ZAdjustment>;

/** The period that pays a row dated inside a closed or paid period (null: its own period pays it). */
export const ZPaidIn = z.object({ start: z.string(), end: z.string() }).nullable();
/** The note a save shows when its row is dated inside a closed or paid period. */
export const datedInClosedPeriod = (p: TPeriod) => `Dated in a closed period: paid in ${p.start} - ${p.end}`;
/** The same for the periods paying several rows. */
export const paidInText = (periods: readonly TPeriod[]) => periods.map(datedInClosedPeriod).join('; ');

/** What a reversal or status change answers: the rows it wrote or changed. */
export const ZReverseAnswer = z.object({
  ok: z.literal(true),
  /** The reversal row; null when a held sale was only rejected. */
  reversalId: z.number().nullable(),
  status: ZSaleStatusName,
});
export type TReverseAnswer = z.infer<typeof ZReverseAnswer>;
/** `paidIn`: the periods paying approved sales dated inside closed or paid periods (none: empty). */
export const ZSaleStatusAnswer = z.object({
  ok: z.literal(true),
  changed: z.number(),
  paidIn: z.array(z.object({ start: z.string(), end: z.string() })),
});
export type TSaleStatusAnswer = z.infer<typeof ZSaleStatusAnswer>;
export const ZAdjustmentAnswer = z.object({ ok: z.literal(true), id: z.number(), paidIn: ZPaidIn });
export type TAdjustmentAnswer = z.infer<typeof ZAdjustmentAnswer>;
