// Reversing a sale (DESIGN.md section 9): one statement marks the sale reversed and, for an approved
// sale, inserts the reversal row (its money negated, dated now unless told) with its stats_daily
// increments; a held sale is only rejected and taken out of the held figures. The row lock and the
// `reversal_kind is null` test make a sale reversed at most once, however many calls race for it.
import { sql, type SQL } from 'drizzle-orm';
import { REVERSAL_EVENT_TYPE, REVERSAL_KINDS, SaleStatus, type TReversalKind } from '@salesdesk/contract';
import { queryOne, queryRows, type Queryable } from '../db/client';
import { ROLLUP_COLUMNS, ROLLUP_ON_CONFLICT, saleIncrements, sumIncrements } from '../rollups/increments';
import { SALE_COLUMNS } from './columns';
import { outboxCtes, saleData, typeValue } from './events';

export type ReverseOutcome =
  /** Reversed now: `reversalId` is the new row, or null when a held sale was rejected. */
  | { kind: 'reversed'; saleId: number; reversalId: number | null; wasHeld: boolean }
  /** Reversed before with the same kind (a repeated postback): `reversalId` as then. */
  | { kind: 'duplicate'; saleId: number; reversalId: number | null }
  /** Reversed before with the other kind, or rejected: nothing changed. */
  | { kind: 'already-reversed'; saleId: number }
  | { kind: 'unknown-sale' };

export interface ReverseInput {
  kind: TReversalKind;
  reason: string | null;
  /** The account reversing it; null for a site's postback. */
  by: number | null;
  /**
   * When the reversal happened; default now. Only for history imports and tests (a reversal in a later
   * week than its sale); never earlier than the sale. The once-only guarantee is the same either way.
   */
  at?: Date;
  /** A site's postback: its client address, kept on the reversal row (the postback's log entry). */
  ip?: string | null;
}

/** The sale a reversal names: by id (an admin) or by the site's txId (a postback). */
export type SaleRef = { id: number } | { siteId: number; txId: string };

/** The status a reversed sale of alias `t` (as it was) shows: a held one is rejected. */
const reversedStatus = (t: string) =>
  sql.raw(`case when ${t}.status = ${SaleStatus.Held} then 'rejected' else 'reversed' end`);

/** The reversal kind of event type `eventType`. */
const kindOf = (eventType: number) =>
  REVERSAL_KINDS.find((k) => REVERSAL_EVENT_TYPE[k] === eventType) ?? 'refund';

const refWhere = (ref: SaleRef): SQL =>
  'id' in ref
    ? sql`id = ${ref.id}`
    : sql`site_id = ${ref.siteId} and tx_id = ${ref.txId} and event_type in (0, 1)`;

/** Reverses the sale `ref` names; see ReverseOutcome. Sales and bonuses only. */
export async function reverseSale(db: Queryable, ref: SaleRef, input: ReverseInput): Promise<ReverseOutcome> {
  const eventType = REVERSAL_EVENT_TYPE[input.kind];
  const row = await queryOne<{
    sale_id: string | null;
    old_status: number | null;
    old_kind: number | null;
    marked: boolean;
    reversal_id: string | null;
    earlier_reversal_id: string | null;
  }>(
    db,
    sql`with target as (
          select ${SALE_COLUMNS}, reversal_kind from sales
          where ${refWhere(ref)} and event_type in (0, 1)
          for update
        ), marked as (
          update sales s
          set reversal_kind = ${eventType},
              status = case when s.status = ${SaleStatus.Held} then ${SaleStatus.Rejected} else s.status end,
              note = case when s.status = ${SaleStatus.Held} then ${input.reason} else s.note end,
              hold_until = null, changed_by = ${input.by}, changed_at = now()
          from target t
          where s.id = t.id and s.reversal_kind is null and s.status <> ${SaleStatus.Rejected}
          returning s.id
        ), reversal as (
          insert into sales (date, event_type, site_id, type_id, agent_id, office_id, click_id, customer_email,
                             payout, earning, lpp, tx_id, referer, status, reverses_id, note, changed_by, changed_at,
                             postback_ip)
          select coalesce(${input.at?.toISOString() ?? null}::timestamptz, now()), ${eventType}, t.site_id, t.type_id, t.agent_id, t.office_id, t.click_id, t.customer_email,
                 -t.payout, -t.earning, -t.lpp, t.tx_id, t.referer, ${SaleStatus.Approved}, t.id, ${input.reason},
                 ${input.by}, now(), ${input.ip ?? null}::varchar
          from target t join marked m on m.id = t.id
          where t.status = ${SaleStatus.Approved}
          returning ${SALE_COLUMNS}
        ), rolled as (
          insert into stats_daily (${ROLLUP_COLUMNS})
          ${sumIncrements(sql`
            select ${saleIncrements(1)} from reversal
            union all
            select ${saleIncrements(-1)} from target t join marked m on m.id = t.id
            where t.status = ${SaleStatus.Held}`)}
          ${ROLLUP_ON_CONFLICT}
        ), ${outboxCtes(
          sql`select ${typeValue('sale.reversed')} as type, t.office_id, t.site_id,
                     jsonb_build_object(
                       'kind', ${input.kind}::text,
                       'sale', ${saleData('t', reversedStatus('t'))},
                       'reversal', (select ${saleData('r')} from reversal r)) as data
              from target t join marked m on m.id = t.id`,
        )}
        select (select id from target)::text as sale_id, (select status from target) as old_status,
               (select reversal_kind from target) as old_kind, exists (select 1 from marked) as marked,
               (select id from reversal)::text as reversal_id,
               (select r.id from sales r join target t on r.reverses_id = t.id)::text as earlier_reversal_id`,
  );
  if (!row?.sale_id) return { kind: 'unknown-sale' };
  const saleId = Number(row.sale_id);
  if (row.marked) {
    const reversalId = row.reversal_id === null ? null : Number(row.reversal_id);
    return { kind: 'reversed', saleId, reversalId, wasHeld: row.old_status === SaleStatus.Held };
  }
  if (row.old_kind === eventType) {
    let reversalId = row.earlier_reversal_id === null ? null : Number(row.earlier_reversal_id);
    // A repeat that waited on the first one's row lock read before that one committed; its reversal
    // row (an approved sale has one) is visible to a new statement.
    if (reversalId === null && row.old_status === SaleStatus.Approved) {
      const again = await queryOne<{ id: string }>(
        db,
        sql`select id::text from sales where reverses_id = ${saleId}`,
      );
      reversalId = again ? Number(again.id) : null;
    }
    return { kind: 'duplicate', saleId, reversalId };
  }
  return { kind: 'already-reversed', saleId };
}

/**
 * Generated history only (the demo): reverses the sales `due` selects (SALE_COLUMNS and `at`, the reversal's instant) with reversal rows of
 * `eventType` dated `at`, and their stats_daily figures, in one statement; answers how many.
 */
export async function reverseDue(db: Queryable, due: SQL, eventType: number, note: string): Promise<number> {
  const row = await queryOne<{ reversed: number }>(
    db,
    sql`with due as (${due}),
        marked as (
          update sales s set reversal_kind = ${eventType}, changed_at = d.at
          from due d where s.id = d.id
          returning s.id
        ), reversal as (
          insert into sales (date, event_type, site_id, type_id, agent_id, office_id, click_id, customer_email,
                             payout, earning, lpp, tx_id, referer, status, reverses_id, note, changed_at)
          select at, ${eventType}, site_id, type_id, agent_id, office_id, click_id, customer_email,
                 -payout, -earning, -lpp, tx_id, referer, ${SaleStatus.Approved}, id, ${note}, at
          from due
          returning ${SALE_COLUMNS}, reverses_id
        ), rolled as (
          insert into stats_daily (${ROLLUP_COLUMNS})
          ${sumIncrements(sql`select ${saleIncrements(1)} from reversal`)}
          ${ROLLUP_ON_CONFLICT}
        ), ${outboxCtes(
          sql`select ${typeValue('sale.reversed')} as type, d.office_id, d.site_id,
                     jsonb_build_object(
                       'kind', ${kindOf(eventType)}::text,
                       'sale', ${saleData('d', sql.raw(`'reversed'`))},
                       'reversal', ${saleData('r')}) as data
              from reversal r join due d on d.id = r.reverses_id`,
        )}
        select count(*)::int as reversed from reversal`,
  );
  return row?.reversed ?? 0;
}

/**
 * The agent's approved, unreversed sales and bonuses not yet settled: paid in a period after the last
 * closed one (the open periods; periods close in order, DESIGN.md section 9).
 */
const openApprovedSales = (db: Queryable, agentId: number) =>
  queryRows<{ id: string }>(
    db,
    sql`select id::text from sales
        where agent_id = ${agentId} and event_type in (0, 1) and status = ${SaleStatus.Approved}
          and reversal_kind is null
          and pay_period > coalesce((select max("end") from pay_periods where status <> 0), '-infinity'::date)
        order by id`,
  );

/**
 * Charges back, with `reason`, the approved sales and bonuses of `agentId` not yet settled (the open
 * periods): a suspension for fraud. Answers how many were reversed now.
 */
export async function chargeBackOpenSales(
  db: Queryable,
  agentId: number,
  reason: string,
  by: number,
): Promise<number> {
  let n = 0;
  for (const { id } of await openApprovedSales(db, agentId)) {
    const out = await reverseSale(db, { id: Number(id) }, { kind: 'chargeback', reason, by });
    if (out.kind === 'reversed') n += 1;
  }
  return n;
}
