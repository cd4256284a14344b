// What the postback log keeps of a postback: its site, address, event, txId and clickId as they arrived
// (cut to the columns' sizes, characters PostgreSQL refuses replaced), its result and sale, and what was
// wrong with a bad input (its fields). Never the token: nothing here reads it.
import type { TPostbackResult } from '@salesdesk/contract';
import type { AppContext } from '../context';
import { runningPostbackLog, type PostbackLogEntry } from './log-writer';
import type { PostbackRefusal } from './refusal';

/** A postback as it reached the server: its site, its client address (as the limit sees it), its fields. */
export interface PostbackCall {
  siteId: number;
  ip: string;
  /** The query, or query and body merged; every value may be text. */
  raw: Record<string, unknown>;
}

// The sizes of postback_logs' columns (db/schema.ts).
const MAX_IP = 64;
const MAX_EVENT = 16;
const MAX_TX_ID = 128;
const MAX_DETAIL = 256;
// NUL (refused in text) and lone surrogates (not Unicode): a refused postback may carry either.
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A text value cut to `max` characters, storable; null for anything that is not one string. */
export function clip(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null;
  return value.slice(0, max).replace(UNSTORABLE, '\uFFFD');
}

/** A client address as its column keeps it. */
export const logIp = (ip: string): string => clip(ip, MAX_IP) ?? '';

/** A click id as the sale would read it (digits, or a JSON number), else null. */
export function clickIdOf(value: unknown): number | null {
  const n = typeof value === 'string' && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** The log entry of a postback from its raw fields (query, or query and body merged). */
export function logEntry(
  siteId: number,
  ip: string,
  raw: Record<string, unknown>,
  result: TPostbackResult,
  saleId: number | null,
  detail: string | null = null,
): PostbackLogEntry {
  return {
    siteId,
    ip: logIp(ip),
    event: clip(raw.event, MAX_EVENT),
    txId: clip(typeof raw.txId === 'string' ? raw.txId.trim() : raw.txId, MAX_TX_ID),
    clickId: clickIdOf(raw.clickId),
    result,
    saleId,
    detail: clip(detail, MAX_DETAIL),
  };
}

/**
 * A bad input's fields as the log names them: `clickId: Invalid input; event: Unknown event`. The
 * messages are the schema's own, never the values sent (the token among them).
 */
export function refusalDetail(refusal: PostbackRefusal): string | null {
  if (refusal.reason !== 'BAD_INPUT') return null;
  const fields = Object.entries((refusal.data ?? {}) as Record<string, string[] | undefined>);
  const said = fields.map(([field, messages]) => {
    const message = messages?.[0] ?? 'Invalid input';
    return field === '_form' ? message : `${field}: ${message}`;
  });
  return said.length ? said.join('; ') : refusal.message;
}

/** Keeps a duplicate or refused postback for the log writer (accepted ones are written with the sale). */
export function logPostback(
  ctx: Pick<AppContext, 'db'>,
  call: PostbackCall,
  fields: Record<string, unknown>,
  result: TPostbackResult,
  saleId: number | null,
  detail: string | null = null,
) {
  runningPostbackLog(ctx)?.add(logEntry(call.siteId, call.ip, fields, result, saleId, detail));
}

/** Logs a refused postback: the lane and the route call this from their failure path. */
export const logRefusal = (ctx: Pick<AppContext, 'db'>, call: PostbackCall, refusal: PostbackRefusal) =>
  logPostback(ctx, call, call.raw, refusal.reason, refusal.saleId, refusalDetail(refusal));
