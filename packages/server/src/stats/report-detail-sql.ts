// Detail rows: one per sale or bonus event, paged through `sales` (the rollup has no single sales).
import { sql, type SQL } from 'drizzle-orm';
import type { TStatsSortField } from '@salesdesk/contract';
import { queryRows, type Queryable } from '../db/client';
import { keysetChunks } from '../common/csv-rows';
import { avpWeeksFor, isAvpPlan, saleDay, salesWhere, type ReportPlan } from './report-where';
import { weekStartSql } from './avp-sql';

export interface SaleRecord {
  id: string | number;
  date: Date | string;
  office_id: number;
  office_name: string | null;
  agent_id: number;
  username: string | null;
  full_name: string | null;
  sitename: string | null;
  typename: string | null;
  type_id: number;
  event_type: number;
  payout: string;
  earning: string;
  lpp: number;
  avp_n: number | null;
  avp_index: number | null;
  php: string | null;
  dollars: string | null;
}

const NAMES = sql`left join offices o on o.id = s.office_id
  left join agents ag on ag.id = s.agent_id
  left join accounts a on a.id = ag.account_id
  left join sites st on st.id = s.site_id
  left join link_types t on t.id = s.type_id`;

function select(plan: ReportPlan): SQL {
  const avp = isAvpPlan(plan)
    ? sql`w.n as avp_n, w.period_index as avp_index,
      (case when s.event_type = 0 then coalesce(w.payout_php, 0) else 0 end)::text as php,
      (case when s.event_type = 0 then coalesce(w.payout_dollars, 0) else 0 end)::text as dollars`
    : sql`null::int as avp_n, null::int as avp_index, null::text as php, null::text as dollars`;
  return sql`s.id, s.date, s.office_id, o.office_name, s.agent_id, a.username,
    ag.first_name || ' ' || ag.last_name as full_name, st.sitename, t.typename, s.type_id, s.event_type,
    s.payout::text as payout, s.earning::text as earning, s.lpp, ${avp}`;
}

const isSale = sql`(s.event_type = 0)`;
const isBonus = sql`(s.event_type = 1)`;

function sortExpr(field: TStatsSortField): SQL {
  const fields: Record<TStatsSortField, SQL> = {
    date: sql`s.date`,
    officeName: sql`lower(o.office_name)`,
    agent: sql`lower(a.username)`,
    raws: sql`s.date`,
    uniques: sql`s.date`,
    sales: sql`${isSale}::int`,
    bonusSales: sql`${isBonus}::int`,
    bonusRatio: sql`${isBonus}::int`,
    earn: sql`case when ${isSale} then s.earning else 0 end`,
    bonusEarn: sql`case when ${isBonus} then s.earning else 0 end`,
    payout: sql`case when ${isSale} then s.payout else 0 end`,
    bonusPayout: sql`case when ${isBonus} then s.payout else 0 end`,
    lpp: sql`s.lpp`,
    agent_avp_sales_count: sql`w.n`,
    payoutPhp: sql`case when ${isSale} then w.payout_php else 0 end`,
    payoutDollars: sql`case when ${isSale} then w.payout_dollars else 0 end`,
  };
  return fields[field];
}

/** The AVP weeks as a subquery (the CSV's keyset reads take a FROM without a WITH). */
const fromSales = (plan: ReportPlan): SQL =>
  isAvpPlan(plan)
    ? sql`sales s join (${avpWeeksFor(plan)}) w on w.agent_id = s.agent_id and w.week = ${weekStartSql(saleDay)}
        ${NAMES}`
    : sql`sales s ${NAMES}`;

/** One page of the sales of the report, in the plan's order (newest first by default). */
export function detailPage(db: Queryable, plan: ReportPlan, page: { page: number; pageSize: number }) {
  const dir = plan.sort.asc ? sql`asc` : sql`desc`;
  // By date exactly as the sales date index runs (no NULLS LAST: date is never null), so a page reads
  // 50 index entries instead of sorting every sale of the period.
  const order =
    plan.sort.field === 'date'
      ? sql`s.date ${dir}, s.id ${dir}`
      : sql`${sortExpr(plan.sort.field)} ${dir} nulls last, s.date desc, s.id desc`;
  return queryRows<SaleRecord>(
    db,
    sql`select ${select(plan)} from ${fromSales(plan)}
        where ${salesWhere(plan)}
        order by ${order}
        limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}`,
  );
}

/** Every sale of the report, newest first, in chunks (CSV). */
export function detailChunks(db: Queryable, plan: ReportPlan) {
  return keysetChunks<SaleRecord>(db, {
    select: select(plan),
    from: fromSales(plan),
    where: salesWhere(plan),
    time: sql`s.date`,
    id: sql`s.id`,
    desc: true,
  });
}
