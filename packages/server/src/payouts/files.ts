// The payer's files of a batch (issue 36): per method, its pending lines with the account in full, the
// one place the account leaves the database decrypted. A line whose details changed after the batch was
// made is left out unless an admin confirmed it: a stolen password must not redirect a file made later.
import { sql } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import {
  PAYOUT_FILE_HEADERS,
  PayoutLineStatus as S,
  type TPayoutDetails,
  type TPayoutMethod,
} from '@salesdesk/contract';
import type { AppContext } from '../context';
import { queryRows } from '../db/client';
import { csvFileName } from '../common/csv';
import { notFound } from '../http/errors';
import { detailsOf } from './details';
import type { DetailsRecord } from './details-sql';
import { findBatch } from './sql';

const CHUNK = 1000;

interface FileLine extends DetailsRecord {
  id: number;
  amount: string;
  reference: string;
}

async function* fileLines(ctx: AppContext, batchId: number, method: TPayoutMethod) {
  for (let after = 0; ;) {
    const rows = await queryRows<FileLine>(
      ctx.db,
      sql`select l.id, l.amount::text, l.reference, d.*
          from payout_lines l join payout_batches b on b.id = l.batch_id
          join payout_details d on d.agent_id = l.agent_id and d.method = l.method
          where l.batch_id = ${batchId} and l.status = ${S.pending} and l.method = ${method} and l.id > ${after}
            and (d.changed_at <= b.created_at or l.confirmed_by is not null)
          order by l.id limit ${CHUNK}`,
    );
    if (!rows.length) return;
    yield rows;
    after = rows[rows.length - 1].id;
  }
}

/** A line of its method's file, in the columns its payer takes (PayPal Payouts: email, amount, currency, note). */
export function fileRecord(d: TPayoutDetails, amount: string, reference: string): string[] {
  if (d.method === 'bank') return [d.accountName, d.accountNumber, d.bank, amount, reference];
  if (d.method === 'paypal') return [d.email, amount, 'PHP', reference];
  return [d.mobileNumber, d.accountName, amount, reference];
}

const record = (ctx: AppContext, r: FileLine) => fileRecord(detailsOf(ctx, r), r.amount, r.reference);

// No byte order mark, and no formulas: banks read plain ASCII (names are plain ASCII by the contract). A
// mobile number's + is no formula: it stays as the e-wallet's upload expects it.
const MOBILE = /^\+639\d{9}$/;
const OPTIONS = {
  record_delimiter: '\r\n',
  escape_formulas: true,
  cast: { string: (v: string) => (MOBILE.test(v) ? { value: v, escape_formulas: false } : v) },
} as const;

/** Records as the files' CSV text. */
export const fileText = (records: readonly (readonly string[])[]) =>
  stringify(records as string[][], OPTIONS);

async function* fileChunks(ctx: AppContext, batchId: number, method: TPayoutMethod) {
  const header =
    method === 'bank' ? PAYOUT_FILE_HEADERS.bank : method === 'paypal' ? [] : PAYOUT_FILE_HEADERS.wallet;
  if (header.length) yield fileText([header]);
  for await (const rows of fileLines(ctx, batchId, method)) yield fileText(rows.map((r) => record(ctx, r)));
}

export async function sendPayoutFile(
  ctx: AppContext,
  batchId: number,
  method: TPayoutMethod,
  reply: FastifyReply,
) {
  const batch = await findBatch(ctx.db, batchId);
  if (!batch) throw notFound('Payout batch not found');
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csvFileName(['payouts', batch.start, method])}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(fileChunks(ctx, batchId, method), { objectMode: false }));
}
