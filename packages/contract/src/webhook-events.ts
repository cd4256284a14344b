// The events webhooks and outbound postbacks carry (issue 34), money's and agents': one schema per event
// type, version 1.
// A change that removes or renames a field is a new version; adding one is not.
import { z } from 'zod';
import { REVERSAL_KINDS, ZSaleStatusName } from './money';

/** Signed money as a decimal string, as the database writes numeric ("-12.50"). */
const ZSignedMoney = z.string().regex(/^-?\d+(\.\d+)?$/);
const ZIsoTime = z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
const ZDay = z.string().regex(/^\d{4}-\d\d-\d\d$/);

/** A money row as events carry it: the sale logs' names, ids for what the row belongs to. */
export const ZWebhookSale = z.object({
  id: z.number().int(),
  date: ZIsoTime,
  eventType: z.number().int(),
  status: ZSaleStatusName,
  siteId: z.number().int(),
  typeId: z.number().int(),
  officeId: z.number().int(),
  agentId: z.number().int(),
  clickId: z.number().int().nullable(),
  txId: z.string(),
  payout: ZSignedMoney,
  /** Dollars earned from the site: null for a receiver whose owner may not see earnings. */
  earning: ZSignedMoney.nullable(),
});
export type TWebhookSale = z.infer<typeof ZWebhookSale>;

export const ZWebhookReversal = z.object({
  kind: z.enum(REVERSAL_KINDS),
  /** The sale as it is now: `reversed`, or `rejected` when it was held. */
  sale: ZWebhookSale,
  /** The reversal row taking its money back; null for a held sale, which had paid nothing. */
  reversal: ZWebhookSale.nullable(),
});

export const ZWebhookPayPeriod = z.object({
  start: ZDay,
  end: ZDay,
  closedAt: ZIsoTime.nullable(),
  paidAt: ZIsoTime.nullable(),
});

/** An agent as events carry it: the agents list's names (ZAgentRow), as its row is after the change. */
export const ZWebhookAgent = z.object({
  id: z.number().int(),
  officeId: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  active: z.boolean(),
  /** False while the agent waits on New Agents. */
  approved: z.boolean(),
  regTime: ZIsoTime,
});
export type TWebhookAgent = z.infer<typeof ZWebhookAgent>;

export const ZWebhookAgentSuspended = ZWebhookAgent.extend({
  /** Suspended for fraud (Suspend for fraud in the review queue), not by a plain Suspend. */
  fraud: z.boolean(),
});

/** A payout line as events carry it (issue 36): never the account, only its method and last 4. */
export const ZWebhookPayout = z.object({
  id: z.number().int(),
  batchId: z.number().int(),
  periodStart: ZDay,
  officeId: z.number().int(),
  agentId: z.number().int(),
  amount: ZSignedMoney,
  currency: z.literal('PHP'),
  method: z.string().nullable(),
  last4: z.string().nullable(),
  reference: z.string(),
  status: z.enum(['paid', 'failed']),
  paidOn: ZDay.nullable(),
  bankReference: z.string().nullable(),
  failReason: z.string().nullable(),
});

/** Each event type and the schema of its `data`. */
export const WEBHOOK_EVENT_DATA = {
  'sale.created': ZWebhookSale,
  'sale.approved': ZWebhookSale,
  'sale.held': ZWebhookSale,
  'sale.rejected': ZWebhookSale,
  'sale.reversed': ZWebhookReversal,
  'bonus.created': ZWebhookSale,
  'adjustment.created': ZWebhookSale,
  'pay_period.closed': ZWebhookPayPeriod,
  'pay_period.paid': ZWebhookPayPeriod,
  'agent.created': ZWebhookAgent,
  'agent.approved': ZWebhookAgent,
  'agent.suspended': ZWebhookAgentSuspended,
  'payout.paid': ZWebhookPayout,
  'payout.failed': ZWebhookPayout,
} as const;
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENT_DATA) as Array<keyof typeof WEBHOOK_EVENT_DATA>;
export type TWebhookEventType = keyof typeof WEBHOOK_EVENT_DATA;
export const ZWebhookEventType = z.enum(
  WEBHOOK_EVENT_TYPES as [TWebhookEventType, ...TWebhookEventType[]],
  'Unknown event type',
);

/** The payload of event type `type`: `{ id: "evt_…", type, version, createdAt, data }`. */
export const webhookPayload = <T extends TWebhookEventType>(type: T) =>
  z.object({
    id: z.string().regex(/^evt_[0-9a-f]{32}$/),
    type: z.literal(type),
    version: z.literal(1),
    createdAt: ZIsoTime,
    data: WEBHOOK_EVENT_DATA[type],
  });
