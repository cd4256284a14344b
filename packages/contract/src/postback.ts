// Sale postback: what a site sends when a click turned into a sale or bonus (DESIGN.md rule 3).
import { z } from 'zod';
import { EventType, wholeNumber, ZId } from './common';

/** For approve-sale sites, `sale` is the Day#1 approval and `bonus` the Day#2 paid sale. */
export const POSTBACK_EVENTS = ['sale', 'bonus'] as const;
export type TPostbackEvent = (typeof POSTBACK_EVENTS)[number];
export const POSTBACK_EVENT_TYPE = { sale: EventType.Sale, bonus: EventType.Bonus } as const;

/** 6,000 postbacks a minute (100 a second) per site at most; more is a runaway retry loop. */
export const POSTBACK_RATE_PER_MINUTE = 6000;

export const ZPostbackParams = z.object({ siteId: ZId });

/** Query string (GET) or query plus body (POST, form or JSON); every value may arrive as text. */
export const ZPostbackRequest = z.object({
  token: z.string({ error: 'token is required' }).min(1, 'token is required').max(64),
  clickId: wholeNumber(1, Number.MAX_SAFE_INTEGER),
  event: z.enum(POSTBACK_EVENTS, { error: 'event must be sale or bonus' }),
  email: z.string().trim().max(128).optional().default(''),
  txId: z.string({ error: 'txId is required' }).trim().min(1, 'txId is required').max(128),
});
export type TPostbackRequest = z.output<typeof ZPostbackRequest>;

/** 200 for a new sale and for a repeated (site, txId), which changes nothing. */
export const ZPostbackResponse = z.object({
  ok: z.literal(true),
  duplicate: z.boolean(),
  saleId: z.number(),
});
export type TPostbackResponse = z.infer<typeof ZPostbackResponse>;
