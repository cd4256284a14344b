// A pay period's payroll (DESIGN.md section 9), as the close saves it and as the list shows an open period
// live: its lines (the period's money rows summed like stats_daily), its AVP lines and its statements.
// One definition for both, so an open period's live totals are the figures its close will save.
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { SaleStatus } from '@salesdesk/contract';
import { payLines } from '../db/schema';
import { SALE_INCREMENTS, sumIncrements } from '../rollups/increments';
import { AVP_SITES, avpRateSql, weekStartSql } from '../stats/avp-sql';

const LINE_KEY: readonly string[] = ['periodStart', 'day', 'siteId', 'typeId', 'officeId', 'agentId'];

/** The money columns of a pay line, in pay_lines order after its key (db/schema.ts lists them once). */
export const LINE_COLUMNS = sql.raw(
  Object.entries(getTableColumns(payLines))
    .filter(([key]) => !LINE_KEY.includes(key))
    .map(([, column]) => column.name)
    .join(', '),
);

/**
 * The lines of the money rows paid in the period starting `start`, live from `sales`: approved sales
 * and bonuses with the reversals and adjustments (held and rejected rows are not paid), summed by the
 * increments stats_daily is kept with, so a line equals what the rows add to stats_daily.
 */
export const liveLinesSql = (start: string): SQL =>
  sql`select day, site_id, type_id, office_id, agent_id, ${LINE_COLUMNS}
      from (${sumIncrements(
        sql`select ${SALE_INCREMENTS} from sales
            where pay_period = ${start}::date and status = ${SaleStatus.Approved}`,
      )}) l`;

/** The saved lines of a closed period, in the same columns as liveLinesSql. */
export const savedLinesSql = (start: string): SQL =>
  sql`select day, site_id, type_id, office_id, agent_id, ${LINE_COLUMNS}
      from pay_lines where period_start = ${start}::date`;

/**
 * AVP pay of `lines` (a lines select): per agent and Sunday week with AVP-site lines (a week of refunds
 * only has one too, paying nothing, so Payroll AVP of the period shows them), the period's AVP-site sales; the week's
 * whole AVP count (every period's rows of that week, from stats_daily) selects the AVP period, whose
 * rates pay them now. An agent's office is the one of its latest line.
 */
export const avpLinesSql = (lines: SQL): SQL =>
  sql`select a.agent_id, a.office_id, a.week, a.sales, coalesce(w.n, 0)::int as week_sales, r.period_index,
             a.sales * coalesce(r.payout_php, 0) as payout, a.sales * coalesce(r.payout_dollars, 0) as payout_dollars
      from (
        select agent_id, ${weekStartSql(sql`day`)} as week, sum(sales)::int as sales,
               (array_agg(office_id order by day desc, office_id desc))[1] as office_id
        from (${lines}) l
        where site_id in ${AVP_SITES}
        group by 1, 2
      ) a
      left join lateral (
        select sum(d.sales)::int as n from stats_daily d
        where d.agent_id = a.agent_id and d.day between a.week and a.week + 6 and d.site_id in ${AVP_SITES}
      ) w on true
      left join lateral (${avpRateSql(sql`w.n`)}) r on true`;

/**
 * The statements of the period starting `start` from its `lines` and `avpLines`: per agent, the total of
 * its lines (payout, bonus payout and AVP pesos) and the balance carried. A balance that is negative, or
 * positive but below the minimum payout `minimum` (pesos, issue 36), is not paid: it sits on the agent's
 * statement of the latest closed period before this one (an agent keeps getting a statement each period
 * until it is paid off or reaches the minimum), so that statement's carried_out is this one's carried_in.
 */
export const statementsSql = (start: string, lines: SQL, avpLines: SQL, minimum = '0'): SQL =>
  sql`with totals as (
        select agent_id, (array_agg(office_id order by day desc, office_id desc))[1] as office_id,
               sum(amount) as total
        from (
          select agent_id, office_id, day, payout + bonus_payout as amount from (${lines}) l
          union all
          select agent_id, office_id, week as day, payout as amount from (${avpLines}) v
        ) t
        group by agent_id
      ), owed as (
        select agent_id, office_id, carried_out from pay_statements
        where carried_out <> 0 and period_start = (
          select max(start) from pay_periods where status <> 0 and start < ${start}::date
        )
      ), balance as (
        select coalesce(t.agent_id, o.agent_id) as agent_id, coalesce(t.office_id, o.office_id) as office_id,
               coalesce(t.total, 0) as total, coalesce(o.carried_out, 0) as carried_in
        from totals t full join owed o on o.agent_id = t.agent_id
      )
      select agent_id, office_id, total, carried_in, payable, total + carried_in - payable as carried_out
      from (
        select b.*, case when b.total + b.carried_in > 0 and b.total + b.carried_in >= ${minimum}::numeric
                         then b.total + b.carried_in else 0 end as payable
        from balance b
      ) s`;

export interface PeriodTotals {
  agents_paid: number;
  payout: string;
  avp_payout: string;
  avp_payout_dollars: string;
}

/** The totals of the period starting `start` with the lines `lines` (the list's figures, and the close's). */
export const totalsSql = (start: string, lines: SQL, minimum = '0'): SQL =>
  sql`with lines as (${lines}),
        avp as (${avpLinesSql(sql`select * from lines`)}),
        st as (${statementsSql(start, sql`select * from lines`, sql`select * from avp`, minimum)})
      select
        (select count(*)::int from st where payable > 0) as agents_paid,
        (select coalesce(sum(payout + bonus_payout), 0)::numeric(14, 2)::text from lines) as payout,
        (select coalesce(sum(payout), 0)::numeric(14, 2)::text from avp) as avp_payout,
        (select coalesce(sum(payout_dollars), 0)::numeric(14, 2)::text from avp) as avp_payout_dollars`;
