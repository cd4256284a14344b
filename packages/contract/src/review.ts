// The review queue (issue 22): held and flagged sales with the fraud rules they tripped, approved or
// rejected with a reason, and Suspend for fraud on an agent. Admins with the approve-agents permission
// and superadmins; agents and offices never see a rule.
import { z } from 'zod';
import { listOf, listQuery, ZIdNumber } from './common';
import { refineDateRange } from './period';
import { FRAUD_RULE_KEYS } from './fraud';
import { ZSaleStatusChange, ZSaleStatusName } from './money';
import { ZDateString } from './period';

/** Held: waiting for a decision (a hold rule or the site's hold days). Flagged: tripped a rule, not held. */
export const REVIEW_STATUSES = ['held', 'flagged'] as const;
export type TReviewStatus = (typeof REVIEW_STATUSES)[number];
export const REVIEW_STATUS_LABELS: Readonly<Record<TReviewStatus, string>> = {
  held: 'Held',
  flagged: 'Flagged, not held',
};

// Newest first by default; the queue's index is (date, id), so the date is the one order it pages cheaply.
export const REVIEW_SORT_FIELDS = ['date'] as const;
export type TReviewSortField = (typeof REVIEW_SORT_FIELDS)[number];
/** The flat filters, as they travel in the URL and the request. */
export const REVIEW_FILTERS = ['rule', 'status', 'siteId', 'companyId', 'agentId', 'start', 'end'] as const;

/** POST /api/review/search. */
export const ZReviewSearch = listQuery({ sort: REVIEW_SORT_FIELDS })
  .extend({
    rule: z.enum(FRAUD_RULE_KEYS, { error: 'Unknown rule' }).optional(),
    status: z.enum(REVIEW_STATUSES, { error: 'Status is held or flagged' }).optional(),
    siteId: ZIdNumber.optional(),
    companyId: ZIdNumber.optional(),
    agentId: ZIdNumber.optional(),
    start: ZDateString.optional(),
    end: ZDateString.optional(),
  })
  .superRefine(refineDateRange);
export type TReviewSearch = z.infer<typeof ZReviewSearch>;
export type TReviewSearchInput = z.input<typeof ZReviewSearch>;

export const ZReviewRow = z.object({
  id: z.number(),
  date: z.string(),
  eventType: z.number(),
  status: ZSaleStatusName,
  /** The rules the sale tripped when it arrived; empty for a sale held by its site's hold days only. */
  rules: z.array(z.enum(FRAUD_RULE_KEYS)),
  /** A site's hold time: approved by the hold job at this instant unless decided before. */
  holdUntil: z.string().nullable(),
  agentId: z.number(),
  agent: z.string(),
  companyId: z.number(),
  officeName: z.string(),
  siteId: z.number(),
  sitename: z.string(),
  typename: z.string(),
  customerEmail: z.string().nullable(),
  clickId: z.number().nullable(),
  /** Whole seconds from the click to the sale; null without a click. */
  clickToSale: z.number().nullable(),
  payout: z.string(),
  /** Null unless the caller sees earnings. */
  earning: z.string().nullable(),
  /** The reason of a rejection or reversal. */
  note: z.string().nullable(),
});
export type TReviewRow = z.infer<typeof ZReviewRow>;
export const ZReviewList = listOf(ZReviewRow);

/** How often the menu badge asks for the held count. */
export const REVIEW_POLL_MS = 30_000;
/** GET /api/review/count: the held sales, for the menu badge. */
export const ZReviewCount = z.object({ count: z.number().int() });

/** POST /api/review/status: the same change as POST /api/sales/status, with the review queue's access. */
export const ZReviewStatusChange = ZSaleStatusChange;

/**
 * POST /api/review/agents/{id}/suspend: suspends the agent for fraud (its sessions end; it signs in to
 * its Home's fraud notice and its own pay statements only; its links stop; its new sales are recorded
 * rejected; activating it lifts all of it), rejects its held sales and, with `reverseApproved` (admins
 * who see earnings), charges back its approved sales of the open pay periods. One transaction;
 * repeating it changes only what arrived since.
 */
export const ZFraudSuspend = z.object({
  reason: ZSaleStatusChange.shape.reason,
  reverseApproved: z.boolean().default(false),
});
export type TFraudSuspend = z.infer<typeof ZFraudSuspend>;
export type TFraudSuspendInput = z.input<typeof ZFraudSuspend>;
export const ZFraudSuspendAnswer = z.object({
  ok: z.literal(true),
  /** Held sales rejected now. */
  rejected: z.number().int(),
  /** Approved sales charged back now. */
  reversed: z.number().int(),
});
export type TFraudSuspendAnswer = z.infer<typeof ZFraudSuspendAnswer>;

export const REVIEW_TEXTS = {
  title: 'Review Queue',
  empty: 'No sales to review',
  approveOne: 'Approve this held sale?',
  rejectOne: 'Reject this held sale?',
  approveSelected: 'Approve the selected held sales?',
  rejectSelected: 'Reject the selected held sales?',
  notHeld: 'The sale is no longer held: nothing changed',
  suspendHeading: 'Suspend this agent for fraud?',
  /** What Suspend for fraud does, said once in its confirmation. */
  suspendBody:
    'The agent is signed out. It can still sign in, but sees only its Home, with the fraud notice, and its own pay statements. Its links stop counting clicks, a sale reported for it from now on is recorded as rejected, and every sale of it still held is rejected with the reason below. Activating the agent lifts all of this.',
  suspendReverse: 'Also charge back its approved sales of the open pay period (they are not paid yet)',
  suspended: (rejected: number, reversed: number) =>
    `Held sales rejected: ${rejected}. Approved sales charged back: ${reversed}.`,
} as const;

/** A click-to-sale time: `5 s`, `2 min 5 s`, `3 h 10 min`, `2 d 4 h`. */
export function formatClickToSale(seconds: number | null): string {
  if (seconds === null) return '';
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
  return `${Math.floor(s / 86_400)} d ${Math.floor((s % 86_400) / 3600)} h`;
}
