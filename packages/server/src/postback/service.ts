// Postback rules (DESIGN.md rule 3 and section 9): an admitted postback (admission.ts: its fields, token
// and limits) records the sale with its rollup and client address (its log entry) in one statement of the
// ledger, or reverses the sale its txId names; the answer is sent only after that commit. Refusals throw a
// PostbackRefusal; the lane and the route log them (logRefusal).
import {
  isReversalPostback,
  POSTBACK_EVENT_TYPE,
  type TPostbackResponse,
  type TPostbackSaleEvent,
} from '@salesdesk/contract';
import type { AppContext } from '../context';
import { badInput, type AdmittedPostback } from './admission';
import { fraudSettings } from '../common/fraud-settings';
import { clickMayHaveLanded } from '../tracking/service';
import { logIp, logPostback } from './log';
import { refused } from './refusal';
import { fraudArgs, insertSale } from '../ledger';
import { refundRateAgents } from './refund-rates';
import { reversePostback } from './reversal';
import { findClickSite, findSaleId } from './sql';

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

/** An admitted postback (admission.ts): recorded (a sale or bonus) or reversed (a refund or chargeback). */
export async function handlePostback(
  ctx: AppContext,
  { call, fields }: AdmittedPostback,
): Promise<TPostbackResponse> {
  const { siteId, ip } = call;
  const { clickId, event, email, txId } = fields;
  if (isReversalPostback(event)) return reversePostback(ctx, call, event, txId);
  if (clickId === undefined) throw badInput({ clickId: ['clickId is required'] }); // the schema says so too
  const result = await recordSale(ctx, { siteId, clickId, event, email, txId, ip });
  if (result.duplicate) logPostback(ctx, call, fields, 'DUPLICATE', result.saleId);
  return { ok: true, ...result };
}
