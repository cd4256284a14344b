// Sale postback rules (DESIGN.md rule 3): check the site's token and the click, then record the sale
// with its rollup in one statement; the answer is sent only after that commit.
import { z } from 'zod';
import {
  POSTBACK_EVENT_TYPE,
  POSTBACK_RATE_PER_MINUTE,
  ZPostbackRequest,
  type TPostbackEvent,
  type TPostbackResponse,
} from '@salesdesk/contract';
import type { AppContext } from '../context';
import { forbidden, notFound, rateLimited, validationError } from '../http/errors';
import { WindowLimit } from '../common/window-limit';
import { runningTracking } from '../tracking/runtime';
import { clickMayHaveLanded } from '../tracking/service';
import { findPostbackSite, findSaleId, insertSale } from './sql';
import { postbackTokenMatches } from './token';

export interface SaleInput {
  siteId: number;
  clickId: number;
  /** sale (Day#1 approval on approve-sale sites) or bonus (Day#2 paid sale there); same arithmetic. */
  event: TPostbackEvent;
  email?: string | null;
  txId: string;
  /** When the sale happened; now when absent (postbacks). Generated history passes its own time. */
  date?: Date;
}

export interface SaleResult {
  duplicate: boolean;
  saleId: number;
}

/**
 * Records one sale of a known click of the site, at the rates in force now (copied onto the row).
 * A repeated (site, txId) changes nothing and answers duplicate. Unknown click: 404.
 */
export async function recordSale(ctx: AppContext, input: SaleInput): Promise<SaleResult> {
  const row = {
    siteId: input.siteId,
    clickId: input.clickId,
    eventType: POSTBACK_EVENT_TYPE[input.event],
    email: input.email || null,
    txId: input.txId,
    date: input.date,
  };
  let result = await insertSale(ctx.db, row);
  // A postback right after its click: the click may still be on its way to the table.
  if (!result.clickFound && (await clickMayHaveLanded(ctx, input.clickId)))
    result = await insertSale(ctx.db, row);
  if (result.id !== undefined) return { duplicate: false, saleId: result.id };
  const existing = await findSaleId(ctx.db, input.siteId, input.txId);
  if (existing) return { duplicate: true, saleId: existing };
  throw notFound(result.clickFound ? 'The link type of this click no longer exists' : 'Unknown click');
}

/**
 * The token check usually costs no query: the click cache holds every site's token. A miss or a
 * mismatch asks the database, so a token regenerated a moment ago is never refused.
 */
async function assertPostbackToken(ctx: AppContext, siteId: number, token: string) {
  const cached = runningTracking(ctx)?.cache.siteToken(siteId);
  if (cached !== undefined && postbackTokenMatches(cached, token)) return;
  const site = await findPostbackSite(ctx.db, siteId);
  if (!site) throw notFound('Unknown site');
  if (!postbackTokenMatches(site.postback_token, token)) throw forbidden('Wrong postback token');
}

// Counted after the token check: postbacks with a wrong token must not use up a site's limit.
const perSite = new WindowLimit<number>(POSTBACK_RATE_PER_MINUTE, 60_000);

/** A postback as it arrives (query, or query and body merged): validated, authorised, recorded. */
export async function handlePostback(
  ctx: AppContext,
  siteId: number,
  raw: unknown,
): Promise<TPostbackResponse> {
  const parsed = ZPostbackRequest.safeParse(raw);
  if (!parsed.success) throw validationError(fieldErrors(parsed.error));
  await assertPostbackToken(ctx, siteId, parsed.data.token);
  if (!perSite.hit(siteId)) throw rateLimited('Too many postbacks for this site, please slow down');
  const { clickId, event, email, txId } = parsed.data;
  const result = await recordSale(ctx, { siteId, clickId, event, email, txId });
  return { ok: true, ...result };
}

function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const { formErrors, fieldErrors: fields } = z.flattenError(error);
  const data: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(fields as Record<string, string[] | undefined>)) {
    if (messages?.length) data[field] = messages;
  }
  if (formErrors.length) data._form = formErrors;
  return data;
}
