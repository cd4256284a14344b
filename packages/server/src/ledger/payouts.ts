// A payout line's outcome (issue 36): paid with its date and the bank's reference, or failed with a reason,
// written here with its event (payout.paid, payout.failed) in the same statement, as every money change is.
import { sql } from 'drizzle-orm';
import { PayoutLineStatus } from '@salesdesk/contract';
import { queryRows, type Queryable } from '../db/client';
import { outboxCtes } from './events';

export type PayoutOutcome =
  { status: 'paid'; paidOn: string; bankReference: string } | { status: 'failed'; reason: string };

/** The line's data as payout events carry it (ZWebhookPayout), of alias `l`. */
const payoutData = sql.raw(`jsonb_build_object(
  'id', l.id, 'batchId', l.batch_id, 'periodStart', l.period_start::text, 'officeId', l.office_id,
  'agentId', l.agent_id, 'amount', l.amount::text, 'currency', 'PHP', 'method', l.method, 'last4', l.last4,
  'reference', l.reference, 'status', case l.status when ${PayoutLineStatus.paid} then 'paid' else 'failed' end,
  'paidOn', l.paid_on::text, 'bankReference', l.bank_reference, 'failReason', l.fail_reason)`);

/**
 * Records the outcome of the lines `ids` of batch `batchId` still to be paid: pending, or held (details
 * changed after a file may already have gone to the bank, whose word is recorded). Returns the ids it
 * changed (a line paid or failed by a call at the same time is left as it is).
 */
export async function recordPayoutOutcome(
  db: Queryable,
  batchId: number,
  outcomes: ReadonlyArray<{ id: number } & PayoutOutcome>,
  by: number,
  now: Date,
): Promise<number[]> {
  if (!outcomes.length) return [];
  const values = sql.join(
    outcomes.map((o) =>
      o.status === 'paid'
        ? sql`(${o.id}::int, ${PayoutLineStatus.paid}::smallint, ${o.paidOn}::date, ${o.bankReference}::varchar, null::varchar)`
        : sql`(${o.id}::int, ${PayoutLineStatus.failed}::smallint, null::date, null::varchar, ${o.reason}::varchar)`,
    ),
    sql`, `,
  );
  const rows = await queryRows<{ id: number }>(
    db,
    sql`with outcome (id, status, paid_on, bank_reference, fail_reason) as (values ${values}),
        changed as (
          update payout_lines l set status = o.status, paid_on = o.paid_on, bank_reference = o.bank_reference,
            fail_reason = o.fail_reason, changed_at = ${now.toISOString()}, changed_by = ${by}
          from outcome o
          where l.id = o.id and l.batch_id = ${batchId}
            and l.status in (${PayoutLineStatus.pending}, ${PayoutLineStatus.held})
          returning l.*
        ), ${outboxCtes(
          sql`select case l.status when ${PayoutLineStatus.paid} then 'payout.paid' else 'payout.failed' end::varchar
                       as type, l.office_id, null::int as site_id, ${payoutData} as data
              from changed l`,
        )}
        select id from changed`,
  );
  return rows.map((r) => r.id);
}
