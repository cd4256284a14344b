// Pay statement queries. Everything a statement shows is read from its period's snapshot (pay_statements,
// pay_lines, pay_avp_lines), written once when the period closed, so a closed statement never changes; the
// one exception is each adjustment with its notes, read from the period's adjustment rows, which never
// change either once their period closed. Only closed and paid periods have statements to show.
import { sql, type SQL } from 'drizzle-orm';
import { EventType, PayPeriodStatus, SaleStatus, type TPayStatementsQuery } from '@salesdesk/contract';
import { queryOne, queryRows, type Queryable } from '../db/client';
import { and, pagedQuery, type SortSpec } from '../common/list';
import type { Principal } from '../http/auth';
import { col, scoped, scopedFilter } from '../http/tenant';

export interface StatementRecord {
  start: string;
  end: string;
  status: number;
  agent_id: number;
  username: string;
  agent_name: string;
  office_id: number;
  office_name: string;
  total: string;
  carried_in: string;
  payable: string;
  carried_out: string;
  dollars: string;
  paid_at: string | Date | null;
  minimum_payout: string;
  /** The period's payout line of the agent, and the later line it was carried into (issue 36). */
  line: PaymentLine | null;
  carried_line: PaymentLine | null;
}

export interface PaymentLine {
  status: number;
  paid_on: string | null;
  method: string | null;
  last4: string | null;
  reference: string;
  bank_reference: string | null;
}

const FROM = sql`pay_statements s
  join pay_periods p on p.start = s.period_start and p.status in (${PayPeriodStatus.Closed}, ${PayPeriodStatus.Paid})
  join agents g on g.id = s.agent_id
  join accounts a on a.id = g.account_id
  join offices o on o.id = s.office_id
  left join payout_lines pl on pl.period_start = s.period_start and pl.agent_id = s.agent_id
  left join payout_lines pc on pc.id = pl.carried_to`;

// The AVP dollars of a statement: a handful of rows per agent and period, found by their index.
const SELECT = sql`s.period_start::text as start, p."end"::text as "end", p.status, s.agent_id, a.username,
  btrim(concat_ws(' ', g.first_name, g.last_name)) as agent_name, s.office_id, o.office_name,
  s.total::text as total, s.carried_in::text as carried_in, s.payable::text as payable,
  s.carried_out::text as carried_out, p.paid_at, p.minimum_payout::text as minimum_payout,
  case when pl.id is not null then jsonb_build_object('status', pl.status, 'paid_on', pl.paid_on::text,
    'method', pl.method, 'last4', pl.last4, 'reference', pl.reference, 'bank_reference', pl.bank_reference) end as line,
  case when pc.id is not null then jsonb_build_object('status', pc.status, 'paid_on', pc.paid_on::text,
    'method', pc.method, 'last4', pc.last4, 'reference', pc.reference, 'bank_reference', pc.bank_reference)
  end as carried_line,
  (select coalesce(sum(v.payout_dollars), 0)::numeric(14, 2)::text from pay_avp_lines v
   where v.period_start = s.period_start and v.agent_id = s.agent_id) as dollars`;

const TENANT = { office: col('s.office_id'), agent: col('s.agent_id') };

// Newest period first; within a period by office and agent, as payroll is read.
const SORT: SortSpec<'start'> = {
  fields: { start: sql`s.period_start` },
  default: { field: 'start', asc: false },
  tieBreak: sql`o.office_name, a.username, s.agent_id`,
};

function where(p: Principal, q: TPayStatementsQuery): SQL {
  return and([
    scopedFilter(p, TENANT, { officeId: q.companyId, agentId: q.agentId }),
    q.start ? sql`s.period_start = ${q.start}::date` : undefined,
  ]);
}

export function searchStatements(db: Queryable, p: Principal, q: TPayStatementsQuery) {
  return pagedQuery<StatementRecord, 'start'>(db, {
    select: SELECT,
    from: FROM,
    where: where(p, q),
    sort: SORT,
    query: q,
  });
}

export const STATEMENT_CHUNK_ROWS = 2000;

interface ListKey {
  start: string;
  office_name: string;
  username: string;
  agent_id: number;
}

/**
 * Every statement of the list, in its order, in chunks for the CSV: each chunk starts after the last
 * (period, office, agent) of the one before, so no chunk is read twice and none is held after it is sent.
 */
export async function* statementChunks(
  db: Queryable,
  p: Principal,
  q: TPayStatementsQuery,
  chunkRows = STATEMENT_CHUNK_ROWS,
): AsyncGenerator<StatementRecord[]> {
  let last: ListKey | undefined;
  for (;;) {
    const after = last
      ? sql`(s.period_start < ${last.start}::date or (s.period_start = ${last.start}::date
            and (o.office_name, a.username, s.agent_id) > (${last.office_name}, ${last.username}, ${last.agent_id}::int)))`
      : undefined;
    const rows = await queryRows<StatementRecord>(
      db,
      sql`select ${SELECT} from ${FROM} where ${and([where(p, q), after])}
          order by s.period_start desc, o.office_name, a.username, s.agent_id limit ${chunkRows}`,
    );
    if (rows.length) yield rows;
    if (rows.length < chunkRows) return;
    last = rows[rows.length - 1];
  }
}

/** One statement in the caller's tenant; undefined when there is none or it is another tenant's. */
export const findStatement = (db: Queryable, p: Principal, start: string, agentId: number) =>
  queryOne<StatementRecord>(
    db,
    sql`select ${SELECT} from ${FROM}
        where s.period_start = ${start}::date and s.agent_id = ${agentId} and ${scoped(p, TENANT)}`,
  );

/** The snapshot's money of one agent and period per site (site 0: adjustments), pesos as text. */
export interface SiteLineRecord {
  site_id: number;
  sitename: string | null;
  sales: number;
  sales_payout: string;
  bonuses: number;
  bonus_payout: string;
  reversals: number;
  reversal_payout: string;
  adjustments: number;
  adjust_payout: string;
}

// pay_lines sum like stats_daily: payout is net (approved sales with the reversals and adjustments), so the
// sales' own payout is the net less those two.
export const siteLines = (db: Queryable, start: string, agentId: number) =>
  queryRows<SiteLineRecord>(
    db,
    sql`select l.site_id, st.sitename,
          sum(l.sales)::int as sales,
          sum(l.payout - l.reversal_payout - l.adjust_payout)::text as sales_payout,
          sum(l.bonus_sales)::int as bonuses, sum(l.bonus_payout)::text as bonus_payout,
          sum(l.reversals)::int as reversals, sum(l.reversal_payout)::text as reversal_payout,
          sum(l.adjustments)::int as adjustments, sum(l.adjust_payout)::text as adjust_payout
        from pay_lines l left join sites st on st.id = l.site_id
        where l.period_start = ${start}::date and l.agent_id = ${agentId}
        group by l.site_id, st.sitename
        order by st.sitename nulls first, l.site_id`,
  );

export interface AvpLineRecord {
  week: string;
  sales: number;
  week_sales: number;
  payout: string;
  payout_dollars: string;
  /** The rates the line was paid at (payout / sales, exact); null when no AVP tier held the week's count. */
  rate: string | null;
  dollar_rate: string | null;
}

export const avpLines = (db: Queryable, start: string, agentId: number) =>
  queryRows<AvpLineRecord>(
    db,
    sql`select week::text as week, sales, week_sales, payout::text as payout, payout_dollars::text as payout_dollars,
          case when period_index is not null and sales <> 0 then (payout / sales)::numeric(12, 2)::text end as rate,
          case when period_index is not null and sales <> 0 then (payout_dollars / sales)::numeric(12, 2)::text end
            as dollar_rate
        from pay_avp_lines where period_start = ${start}::date and agent_id = ${agentId}
        order by week`,
  );

export interface AdjustmentRecord {
  payout: string;
  /** Its Eastern day. */
  day: string;
  note: string | null;
  agent_note: string | null;
}

/** The period's adjustments of the agent paying pesos, one by one with their notes. */
export const adjustmentRows = (db: Queryable, start: string, agentId: number) =>
  queryRows<AdjustmentRecord>(
    db,
    sql`select payout::text as payout, (date at time zone 'America/New_York')::date::text as day, note, agent_note
        from sales
        where pay_period = ${start}::date and agent_id = ${agentId} and event_type = ${EventType.Adjustment}
          and status = ${SaleStatus.Approved} and payout <> 0
        order by date, id`,
  );

/** The closed and paid periods, newest first. */
export const settledPeriods = (db: Queryable) =>
  queryRows<{ start: string; end: string; status: number }>(
    db,
    sql`select start::text, "end"::text, status from pay_periods
        where status in (${PayPeriodStatus.Closed}, ${PayPeriodStatus.Paid}) order by start desc`,
  );
