// Postback rules (DESIGN.md rule 3 and section 9): check the site's token, then record the sale with its
// rollup and client address (its log entry) in one statement, or reverse the sale its txId names; the answer is sent only after
// that commit. Refusals throw a PostbackRefusal; the lane and the route log them (logRefusal).
import { z } from 'zod';
import {
  isReversalPostback,
  POSTBACK_EVENT_TYPE,
  ZPostbackRequest,
  type TPostbackResponse,
  type TPostbackSaleEvent,
} from '@salesdesk/contract';
import type { AppContext } from '../context';
import { fraudSettings } from '../common/fraud-settings';
import { sharedLimits } from '../common/shared-limits';
import { runningTracking } from '../tracking/runtime';
import { clickMayHaveLanded } from '../tracking/service';
import { countPostbackSite } from './ip-limit';
import { logIp, logPostback, type PostbackCall } from './log';
import { PostbackRefusal, refused } from './refusal';
import { fraudArgs } from './fraud-sql';
import { refundRateAgents } from './refund-rates';
import { reversePostback } from './reversal';
import { findClickSite, findPostbackSite, findSaleId, insertSale } from './sql';
import { postbackTokenMatches } from './token';

export interface SaleInput {
  siteId: number;
  clickId: number;
  /** sale (Day#1 approval on approve-sale sites) or bonus (Day#2 paid sale there); same arithmetic. */
  event: TPostbackSaleEvent;
  email?: string | null;
  txId: string;
  /** When the sale happened; now when absent (postbacks). Generated history passes its own time. */
  date?: Date;
  /** A postback's client address, kept on the sale (its postback log entry). Absent: not a postback. */
  ip?: string;
}

export interface SaleResult {
  duplicate: boolean;
  saleId: number;
}

/**
 * Records one sale of a known click of the site, at the rates in force now (copied onto the row), marked
 * with the fraud rules it trips and held for review when one of them is set to hold, else held for the
 * site's hold days. A repeated (site, txId) changes nothing and answers duplicate. Unknown click, or a
 * click of another site: refused (404).
 */
export async function recordSale(ctx: AppContext, input: SaleInput): Promise<SaleResult> {
  const row = {
    siteId: input.siteId,
    clickId: input.clickId,
    eventType: POSTBACK_EVENT_TYPE[input.event],
    email: input.email || null,
    txId: input.txId,
    date: input.date,
    ip: input.ip === undefined ? undefined : logIp(input.ip),
  };
  const rules = await fraudSettings(ctx.db);
  const { refundRate } = rules;
  // A live postback reads the refund rate from the per-process list; a dated sale (history) at its time.
  const refundAgents =
    refundRate.mode === 'off' || input.date
      ? undefined
      : await refundRateAgents(ctx.db, refundRate.percent, refundRate.minSales);
  const args = fraudArgs(rules, refundAgents);
  let result = await insertSale(ctx.db, row, args);
  // A postback right after its click: the click may still be on its way to the table.
  if (!result.clickFound && (await clickMayHaveLanded(ctx, input.clickId)))
    result = await insertSale(ctx.db, row, args);
  if (result.id !== undefined) return { duplicate: false, saleId: result.id };
  const existing = await findSaleId(ctx.db, input.siteId, input.txId);
  if (existing) return { duplicate: true, saleId: existing };
  if (result.clickFound) throw refused('UNKNOWN_CLICK', 'The link type of this click no longer exists');
  // Only on this failure path: is it a click of another site, or none at all?
  const clickSite = await findClickSite(ctx.db, input.clickId);
  if (clickSite !== undefined) throw refused('CLICK_SITE_MISMATCH', 'This click was made on another site');
  throw refused('UNKNOWN_CLICK', 'Unknown click');
}

/** What a postback's fields say without a query: parsed, and whether the click cache knows its token right. */
export interface PostbackCheck {
  parsed: ReturnType<typeof ZPostbackRequest.safeParse>;
  tokenKnownRight: boolean;
}

/**
 * The token check usually costs no query: the click cache holds every site's token. Computed before the
 * limits are counted, so a postback that will pass has its site counted with its address.
 */
export function checkPostback(ctx: AppContext, call: PostbackCall): PostbackCheck {
  const parsed = ZPostbackRequest.safeParse(call.raw);
  const cached = parsed.success ? runningTracking(ctx)?.cache.siteToken(call.siteId) : undefined;
  return {
    parsed,
    tokenKnownRight:
      cached !== undefined && parsed.success && postbackTokenMatches(cached, parsed.data.token),
  };
}

/** A miss or a mismatch of the cache asks the database, so a token regenerated a moment ago is never refused. */
async function assertPostbackToken(ctx: AppContext, siteId: number, token: string) {
  const site = await findPostbackSite(ctx.db, siteId);
  if (!site) throw refused('UNKNOWN_SITE', 'Unknown site');
  if (!postbackTokenMatches(site.postback_token, token)) throw refused('WRONG_TOKEN', 'Wrong postback token');
}

/**
 * A postback: validated, authorised, recorded (a sale or bonus) or reversed (a refund or chargeback).
 * `siteWithin`: the site's limit as counted with the address (countPostback), when the check let it be;
 * otherwise it is counted here, after the token check.
 */
export async function handlePostback(
  ctx: AppContext,
  call: PostbackCall,
  check = checkPostback(ctx, call),
  siteWithin?: boolean,
): Promise<TPostbackResponse> {
  const { parsed } = check;
  if (!parsed.success) throw badInput(fieldErrors(parsed.error));
  const { siteId, ip } = call;
  const { clickId, event, email, txId } = parsed.data;
  if (!check.tokenKnownRight) await assertPostbackToken(ctx, siteId, parsed.data.token);
  if (!(siteWithin ?? (await countPostbackSite(sharedLimits(ctx), siteId))))
    throw refused('RATE_LIMITED', 'Too many postbacks for this site, please slow down');
  if (isReversalPostback(event)) return reversePostback(ctx, call, event, txId);
  if (clickId === undefined) throw badInput({ clickId: ['clickId is required'] }); // the schema says so too
  const result = await recordSale(ctx, { siteId, clickId, event, email, txId, ip });
  if (result.duplicate) logPostback(ctx, call, parsed.data, 'DUPLICATE', result.saleId);
  return { ok: true, ...result };
}

const badInput = (data: Record<string, string[]>) =>
  new PostbackRefusal('BAD_INPUT', 'Please correct the marked fields', { data });

function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const { formErrors, fieldErrors: fields } = z.flattenError(error);
  const data: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(fields as Record<string, string[] | undefined>)) {
    if (messages?.length) data[field] = messages;
  }
  if (formErrors.length) data._form = formErrors;
  return data;
}
