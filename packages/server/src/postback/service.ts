// Sale postback rules (DESIGN.md rule 3): check the site's token and the click, then record the sale
// with its rollup in one statement; the answer is sent only after that commit.
import { z } from 'zod';
import {
  POSTBACK_EVENT_TYPE,
  ZPostbackRequest,
  type TPostbackEvent,
  type TPostbackResponse,
} from '@salesdesk/contract';
import type { AppContext } from '../context';
import { forbidden, notFound, validationError } from '../http/errors';
import { findClick } from '../tracking/service';
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
  const click = await findClick(ctx, input.clickId);
  if (!click || click.site_id !== input.siteId) {
    const existing = await findSaleId(ctx.db, input.siteId, input.txId);
    if (existing) return { duplicate: true, saleId: existing };
    throw notFound('Unknown click');
  }
  const saleId = await insertSale(ctx.db, {
    siteId: input.siteId,
    typeId: click.type_id,
    agentId: click.agent_id,
    officeId: click.office_id,
    clickId: click.id,
    eventType: POSTBACK_EVENT_TYPE[input.event],
    email: input.email || null,
    txId: input.txId,
    referer: click.referer,
    date: input.date,
  });
  if (saleId !== undefined) return { duplicate: false, saleId };
  const existing = await findSaleId(ctx.db, input.siteId, input.txId);
  if (existing) return { duplicate: true, saleId: existing };
  throw notFound('The link type of this click no longer exists');
}

/** A postback as it arrives (query, or query and body merged): validated, authorised, recorded. */
export async function handlePostback(
  ctx: AppContext,
  siteId: number,
  raw: unknown,
): Promise<TPostbackResponse> {
  const parsed = ZPostbackRequest.safeParse(raw);
  if (!parsed.success) throw validationError(fieldErrors(parsed.error));
  const site = await findPostbackSite(ctx.db, siteId);
  if (!site) throw notFound('Unknown site');
  if (!postbackTokenMatches(site.postback_token, parsed.data.token)) throw forbidden('Wrong postback token');
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
