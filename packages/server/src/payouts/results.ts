// The bank's result file (issue 36): a CSV with a header naming `reference`, `status` (paid or failed) and
// `bank reference`, and optionally `amount`, `reason` and `date`. The file is taken whole or not at all:
// any line refused (an unknown or repeated reference, a wrong amount, a line no longer pending, text that
// is no CSV) changes nothing, and the answer names each refused line and why.
import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import {
  easternDay,
  hasControl,
  PayoutLineStatus as S,
  payoutLineStatusName,
  ZDateString,
  ZPayoutLinePaid,
  type TPayoutResultsDone,
} from '@salesdesk/contract';
import type { AppContext } from '../context';
import { queryRows } from '../db/client';
import { recordPayoutOutcome, type PayoutOutcome } from '../ledger';
import type { Principal } from '../http/auth';
import { notFound, validationError } from '../http/errors';
import { lockPayouts } from './batch-sql';
import { settle } from './service';
import { findBatch } from './sql';

/** More lines than any batch has agents: a longer file is refused before it is read. */
const MAX_LINES = 100_000;
/** The refusals the answer lists; the rest are counted. */
const SHOWN_REFUSALS = 100;
const REFUSED = 'The file was refused: nothing was recorded';

interface Refusal {
  line: number;
  text: string;
  reason: string;
}

const column = (header: string) => header.trim().toLowerCase().replace(/[_-]+/g, ' ');

/** Pesos as whole centavos, or null when `text` is no amount (so 1,200.5 and 1200.50 compare). */
function cents(text: string): number | null {
  const plain = text.trim().replace(/,/g, '');
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(plain)) return null;
  const [whole, frac = ''] = plain.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

function parseCsv(text: string): string[][] | Refusal {
  try {
    return parse(text, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: false,
      to_line: MAX_LINES + 1,
    });
  } catch (err) {
    const line = (err as { lines?: number }).lines ?? 0;
    return { line, text: '', reason: `Not a CSV file: ${(err as Error).message.slice(0, 200)}` };
  }
}

interface Planned {
  outcomes: Array<{ id: number } & PayoutOutcome>;
  refused: Refusal[];
}

async function plan(ctx: AppContext, batchId: number, text: string): Promise<Planned> {
  const rows = parseCsv(text);
  if (!Array.isArray(rows)) return { outcomes: [], refused: [rows] };
  const [header, ...body] = rows;
  const cols = (header ?? []).map(column);
  const at = (name: string) => cols.indexOf(name);
  const missing = ['reference', 'status', 'bank reference'].filter((c) => at(c) < 0);
  if (missing.length)
    return {
      outcomes: [],
      refused: [
        {
          line: 1,
          text: (header ?? []).join(',').slice(0, 200),
          reason: `Missing column: ${missing.join(', ')}`,
        },
      ],
    };
  if (body.length > MAX_LINES)
    return {
      outcomes: [],
      refused: [{ line: MAX_LINES + 2, text: '', reason: `At most ${MAX_LINES} lines` }],
    };
  const refs = body.map((r) => (r[at('reference')] ?? '').trim());
  const known = new Map(
    (
      await queryRows<{ id: number; reference: string; amount: string; status: number }>(
        ctx.db,
        sql`select id, reference, amount::text, status from payout_lines
            where batch_id = ${batchId} and reference = any(${sql.param(refs)}::varchar[])`,
      )
    ).map((l) => [l.reference, l]),
  );
  const today = easternDay(new Date());
  const seen = new Map<string, number>();
  const outcomes: Planned['outcomes'] = [];
  const refused: Refusal[] = [];
  body.forEach((r, i) => {
    const line = i + 2;
    const refuse = (reason: string) => refused.push({ line, text: r.join(',').slice(0, 200), reason });
    const ref = refs[i];
    const l = known.get(ref);
    if (!l) return refuse(`Unknown reference ${JSON.stringify(ref.slice(0, 64))}`);
    if (seen.has(ref)) return refuse(`Reference ${ref} is also on line ${seen.get(ref)}`);
    seen.set(ref, line);
    if (l.status !== S.pending && l.status !== S.held)
      return refuse(`The line is ${payoutLineStatusName(l.status)}, not pending`);
    const amount = at('amount') >= 0 ? (r[at('amount')] ?? '').trim() : '';
    if (amount && cents(amount) !== cents(l.amount))
      return refuse(`The amount is ${l.amount}, not ${amount.slice(0, 20)}`);
    const status = (r[at('status')] ?? '').trim().toLowerCase();
    if (status === 'failed') {
      const reason =
        (at('reason') >= 0 ? r[at('reason')] : '')?.trim().slice(0, 200) || 'Refused by the bank';
      if (hasControl(reason)) return refuse('The reason has control characters');
      return void outcomes.push({ id: l.id, status: 'failed', reason });
    }
    if (status !== 'paid') return refuse('The status must be paid or failed');
    const dateText = at('date') >= 0 ? (r[at('date')] ?? '').trim() : '';
    const paid = ZPayoutLinePaid.safeParse({
      paidOn: dateText || today,
      reference: r[at('bank reference')] ?? '',
    });
    if (!paid.success) {
      const date = ZDateString.safeParse(dateText || today).success;
      return refuse(date ? 'The bank reference is missing or not plain text' : 'The date must be YYYY-MM-DD');
    }
    outcomes.push({ id: l.id, status: 'paid', paidOn: paid.data.paidOn, bankReference: paid.data.reference });
  });
  return { outcomes, refused };
}

export async function recordResults(
  ctx: AppContext,
  p: Principal,
  batchId: number,
  text: string,
  now = new Date(),
): Promise<TPayoutResultsDone> {
  await lockPayouts(ctx.db);
  if (!(await findBatch(ctx.db, batchId))) throw notFound('Payout batch not found');
  const { outcomes, refused } = await plan(ctx, batchId, text);
  if (!refused.length && !outcomes.length)
    refused.push({ line: 1, text: '', reason: 'The file has no lines' });
  if (refused.length) {
    const shown = refused.slice(0, SHOWN_REFUSALS).map((r) => `Line ${r.line}: ${r.reason}`);
    if (refused.length > SHOWN_REFUSALS) shown.push(`and ${refused.length - SHOWN_REFUSALS} more lines`);
    throw validationError({ csv: shown }, REFUSED);
  }
  for (let i = 0; i < outcomes.length; i += 1000)
    await recordPayoutOutcome(ctx.db, batchId, outcomes.slice(i, i + 1000), p.accountId, now);
  await settle(ctx, p.accountId, now);
  return {
    paid: outcomes.filter((o) => o.status === 'paid').length,
    failed: outcomes.filter((o) => o.status === 'failed').length,
    refused: [],
  };
}
