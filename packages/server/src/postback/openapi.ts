// The postback as the OpenAPI page (/api/docs) describes it: its fields, what saleId means, and the
// reason code of every refusal with its status (the same table as the README's).
import { z } from 'zod';
import {
  POSTBACK_REASON_STATUS,
  POSTBACK_REASON_TEXT,
  POSTBACK_REASONS,
  type TPostbackReason,
  ZPostbackResponse,
} from '@salesdesk/contract';

const reasons = POSTBACK_REASONS.map(
  (r) => `| \`${r}\` | ${POSTBACK_REASON_STATUS[r]} | ${POSTBACK_REASON_TEXT[r]} |`,
);

export const POSTBACK_DESCRIPTION = [
  "Fields in the query string, or for a POST in a form or JSON body: `token` (the site's postback token),",
  '`event` (`sale`, `bonus`, `refund` or `chargeback`), `txId`, `clickId` (sale and bonus only) and `email`.',
  'A refund or chargeback names the original sale by its `txId`.',
  '',
  'Answered after the commit. A repeat (the same `txId` and event kind) changes nothing and answers',
  '`duplicate: true` with the same `saleId`. `saleId` is the row written: the sale or bonus; for a refund or',
  "chargeback the reversal row (the sale's money negated, dated now), or the sale itself when it was still",
  'held and was only rejected.',
  '',
  'A refused postback answers `{ code, message, data? }` with one of these codes:',
  '',
  '| code | status | meaning |',
  '| --- | --- | --- |',
  ...reasons,
].join('\n');

export const POSTBACK_OK_RESPONSE = ZPostbackResponse.describe(
  'Recorded or reversed now (duplicate: false), or a repeat that changed nothing (duplicate: true)',
);

const errorBody = (codes: TPostbackReason[]) =>
  z
    .object({
      code: z.enum(codes as [TPostbackReason, ...TPostbackReason[]]),
      message: z.string(),
      data: z.record(z.string(), z.array(z.string())).optional(),
    })
    .describe(codes.join(', '));

const byStatus = new Map<number, TPostbackReason[]>();
for (const r of POSTBACK_REASONS)
  byStatus.set(POSTBACK_REASON_STATUS[r], [...(byStatus.get(POSTBACK_REASON_STATUS[r]) ?? []), r]);

/** The error answers of the route, one schema per status naming its codes. */
export const POSTBACK_ERROR_RESPONSES = Object.fromEntries(
  [...byStatus].map(([status, codes]) => [status, errorBody(codes)]),
);
