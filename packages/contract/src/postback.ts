// Postback: what a site sends when a click turned into a sale or bonus, or when it takes one back
// (a refund or chargeback of the sale with that txId) (DESIGN.md rule 3 and section 9).
import { z } from 'zod';
import { EventType, wholeNumber, ZId } from './common';
import { REVERSAL_KINDS, type TReversalKind } from './money';

/** For approve-sale sites, `sale` is the Day#1 approval and `bonus` the Day#2 paid sale. */
export const POSTBACK_SALE_EVENTS = ['sale', 'bonus'] as const;
export type TPostbackSaleEvent = (typeof POSTBACK_SALE_EVENTS)[number];
export const POSTBACK_EVENTS = [...POSTBACK_SALE_EVENTS, ...REVERSAL_KINDS] as const;
export type TPostbackEvent = (typeof POSTBACK_EVENTS)[number];
export const POSTBACK_EVENT_TYPE = { sale: EventType.Sale, bonus: EventType.Bonus } as const;

/** A refund or chargeback: it names the sale by its txId and needs no clickId. */
export const isReversalPostback = (event: unknown): event is TReversalKind =>
  (REVERSAL_KINDS as readonly unknown[]).includes(event);

/** 6,000 postbacks a minute (100 a second) per site at most; more is a runaway retry loop. */
export const POSTBACK_RATE_PER_MINUTE = 6000;

export const ZPostbackParams = z.object({ siteId: ZId });

/**
 * Query string (GET) or query plus body (POST, form or JSON); every value may arrive as text. clickId
 * is required for a sale or bonus; a refund or chargeback names the original sale by txId alone.
 */
export const ZPostbackRequest = z
  .object({
    token: z.string({ error: 'token is required' }).min(1, 'token is required').max(64),
    clickId: wholeNumber(1, Number.MAX_SAFE_INTEGER).optional(),
    event: z.enum(POSTBACK_EVENTS, { error: 'event must be sale, bonus, refund or chargeback' }),
    email: z.string().trim().max(128).optional().default(''),
    txId: z.string({ error: 'txId is required' }).trim().min(1, 'txId is required').max(128),
  })
  // Runs even when other fields failed, so a postback missing everything hears of clickId too.
  .superRefine(
    (v, ctx) => {
      if (v.clickId === undefined && !isReversalPostback(v.event))
        ctx.addIssue({ code: 'custom', path: ['clickId'], message: 'clickId is required' });
    },
    { when: () => true },
  );
export type TPostbackRequest = z.output<typeof ZPostbackRequest>;

/**
 * 200 for a new sale or reversal and for a repeat, which changes nothing (`duplicate: true`). `saleId`
 * is the row the postback wrote: the sale or bonus; for a refund or chargeback the reversal row (its
 * money negated), or the original sale when that sale was still held and was only rejected (no money
 * row). A repeat answers the same saleId as the first.
 */
export const ZPostbackResponse = z.object({
  ok: z.literal(true),
  duplicate: z.boolean(),
  saleId: z.number(),
});
export type TPostbackResponse = z.infer<typeof ZPostbackResponse>;

/**
 * The result of every postback, as the postback log keeps it; a refused one answers its reason in the
 * error envelope's `code` (README, OpenAPI page).
 */
export const POSTBACK_REASONS = [
  'WRONG_TOKEN',
  'UNKNOWN_SITE',
  'UNKNOWN_CLICK',
  'UNKNOWN_SALE',
  'ALREADY_REVERSED',
  'CLICK_SITE_MISMATCH',
  'RATE_LIMITED',
  'BAD_INPUT',
] as const;
export type TPostbackReason = (typeof POSTBACK_REASONS)[number];
export const POSTBACK_RESULTS = ['ACCEPTED', 'DUPLICATE', ...POSTBACK_REASONS] as const;
export type TPostbackResult = (typeof POSTBACK_RESULTS)[number];

/** The HTTP status of each refusal (the code says why; the status stays what HTTP clients expect). */
export const POSTBACK_REASON_STATUS: Readonly<Record<TPostbackReason, number>> = {
  WRONG_TOKEN: 403,
  UNKNOWN_SITE: 404,
  UNKNOWN_CLICK: 404,
  UNKNOWN_SALE: 404,
  ALREADY_REVERSED: 409,
  CLICK_SITE_MISMATCH: 404,
  RATE_LIMITED: 429,
  BAD_INPUT: 400,
};

/** What each refusal means, for the sites' developers (README, OpenAPI page). */
export const POSTBACK_REASON_TEXT: Readonly<Record<TPostbackReason, string>> = {
  WRONG_TOKEN: 'token is not the postback token of the site',
  UNKNOWN_SITE: 'no site has this id (or it was deleted)',
  UNKNOWN_CLICK: 'no click has this clickId (or its link type was deleted)',
  UNKNOWN_SALE: 'a refund or chargeback names a txId the site never sent as a sale or bonus',
  ALREADY_REVERSED: 'the sale was reversed before with the other kind, or was rejected',
  CLICK_SITE_MISMATCH: 'the click exists but was made on another site',
  RATE_LIMITED:
    'more than 6,000 postbacks a minute from one address, or for one site (retry after `retry-after` seconds)',
  BAD_INPUT: 'a field is missing or malformed; `data` names each field with its messages',
};
