// A refused postback answers its reason (contract POSTBACK_REASONS) in the envelope's `code`, with the
// HTTP status sites already expect (403 wrong token, 404 unknown, 409, 429, 400), so a site's developer
// can tell an unknown click from a click of another site without reading the message.
import type { FastifyError } from 'fastify';
import { ErrorCode, POSTBACK_REASON_STATUS, type TPostbackReason } from '@salesdesk/contract';
import { AppError, clientFault } from '../http/errors';

export interface RefusalDetails {
  /** The field errors of BAD_INPUT. */
  data?: Record<string, string[]>;
  /** The sale the refused postback named, when there is one (a reversal of a reversed sale). */
  saleId?: number | null;
  /** Instead of the reason's own status: 413 and 415 stay what they are. */
  status?: number;
}

export class PostbackRefusal extends AppError {
  readonly saleId: number | null;

  constructor(
    readonly reason: TPostbackReason,
    message: string,
    details: RefusalDetails = {},
  ) {
    super(details.status ?? POSTBACK_REASON_STATUS[reason], reason, message, details.data);
    this.saleId = details.saleId ?? null;
  }
}

export const refused = (reason: TPostbackReason, message: string, saleId: number | null = null) =>
  new PostbackRefusal(reason, message, { saleId });

/**
 * Any failure of a postback request as its refusal: the app's own refusals as they are, a rate limit
 * as RATE_LIMITED, every client fault (the input guard, Fastify's validation of the path, malformed
 * bodies) as BAD_INPUT with its field errors. Undefined for an unexpected failure (a 500).
 */
export function asPostbackRefusal(err: unknown): PostbackRefusal | undefined {
  if (err instanceof PostbackRefusal) return err;
  const fault = clientFault(err as FastifyError);
  if (!fault) return undefined;
  if (fault.code === ErrorCode.RateLimited) return new PostbackRefusal('RATE_LIMITED', fault.message);
  if (fault.status === 400 || fault.status === 413 || fault.status === 415) {
    const data = fault.data ?? { _form: [fault.message] };
    return new PostbackRefusal('BAD_INPUT', fault.message, { data, status: fault.status });
  }
  return undefined;
}
