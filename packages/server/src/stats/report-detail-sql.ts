// Detail rows: one per money row of the period, paged through `sales` (the rollup has no single rows).
// Each row's figures are the very increments it adds to stats_daily (saleIncrements), so the detail
// rows of a report add up to its grouped totals: approved sales and bonuses (reversed ones too), held
// ones (held figures only), reversals and adjustments (in the net). Rejected sales count nowhere and are
// left out (the sale logs list them).
import { sql, type SQL } from 'drizzle-orm';
import { SaleStatus, type TStatsSortField } from '@salesdesk/contract';
import { queryRows, type Queryable } from '../db/client';
import { keysetChunks } from '../common/csv-rows';
import { SALE_INCREMENTS } from '../rollups/increments';
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
  /** Null for an adjustment (site 0, type 0). */
  sitename: string | null;
  typename: string | null;
  type_id: number;
  event_type: number;
  status: number;
  reversal_kind: number | null;
  sales: number;
  bonus_sales: number;
  earn: string;
  bonus_earn: string;
  payout: string;
  bonus_payout: string;
  /** payout + bonus_payout: the per-type payout column. */
  type_payout: string;
  lpp: number;
  reversals: number;
  reversal_earn: string;
  reversal_payout: string;
  held: number;
  held_earn: string;
  held_payout: string;
  adjust_earn: string;
  adjust_payout: string;
  avp_n: number | null;
  avp_index: number | null;
  php: string | null;
  dollars: string | null;
}

// The increments see `sales` only (a lateral right after it), so their bare column names are its own.
const INCREMENTS = sql`cross join lateral (select ${SALE_INCREMENTS}) f`;

const NAMES = sql`left join offices o on o.id = s.office_id
  left join agents ag on ag.id = s.agent_id
  left join accounts a on a.id = ag.account_id
  left join sites st on st.id = s.site_id
  left join link_types t on t.id = s.type_id`;

const FIGURES = sql`f.sales, f.bonus_sales, f.earn::text as earn, f.bonus_earn::text as bonus_earn,
  f.payout::text as payout, f.bonus_payout::text as bonus_payout,
  (f.payout + f.bonus_payout)::text as type_payout, f.lpp + f.bonus_lpp as lpp,
  f.reversals, f.reversal_earn::text as reversal_earn, f.reversal_payout::text as reversal_payout,
  f.held, f.held_earn::text as held_earn, f.held_payout::text as held_payout,
  f.adjust_earn::text as adjust_earn, f.adjust_payout::text as adjust_payout`;

function select(plan: ReportPlan): SQL {
  const avp = isAvpPlan(plan)
    ? sql`w.n as avp_n, w.period_index as avp_index,
      (f.sales * coalesce(w.payout_php, 0))::text as php,
      (f.sales * coalesce(w.payout_dollars, 0))::text as dollars`
    : sql`null::int as avp_n, null::int as avp_index, null::text as php, null::text as dollars`;
  return sql`s.id, s.date, s.office_id, o.office_name, s.agent_id, a.username,
    ag.first_name || ' ' || ag.last_name as full_name, st.sitename, t.typename, s.type_id, s.event_type,
    s.status, s.reversal_kind, ${FIGURES}, ${avp}`;
}

function sortExpr(field: TStatsSortField): SQL {
  const fields: Record<TStatsSortField, SQL> = {
    date: sql`s.date`,
    officeName: sql`lower(o.office_name)`,
    agent: sql`lower(a.username)`,
    raws: sql`s.date`,
    uniques: sql`s.date`,
    invalid: sql`s.date`,
    sales: sql`f.sales`,
    bonusSales: sql`f.bonus_sales`,
    bonusRatio: sql`f.bonus_sales`,
    earn: sql`f.earn`,
    bonusEarn: sql`f.bonus_earn`,
    payout: sql`f.payout`,
    bonusPayout: sql`f.bonus_payout`,
    reversals: sql`f.reversals`,
    reversalEarn: sql`f.reversal_earn`,
    reversalPayout: sql`f.reversal_payout`,
    held: sql`f.held`,
    heldEarn: sql`f.held_earn`,
    heldPayout: sql`f.held_payout`,
    adjustEarn: sql`f.adjust_earn`,
    adjustPayout: sql`f.adjust_payout`,
    lpp: sql`f.lpp + f.bonus_lpp`,
    agent_avp_sales_count: sql`w.n`,
    payoutPhp: sql`f.sales * w.payout_php`,
    payoutDollars: sql`f.sales * w.payout_dollars`,
  };
  return fields[field];
}

/** The AVP weeks as a subquery (the CSV's keyset reads take a FROM without a WITH). */
const fromSales = (plan: ReportPlan): SQL =>
  isAvpPlan(plan)
    ? sql`sales s ${INCREMENTS}
        join (${avpWeeksFor(plan)}) w on w.agent_id = s.agent_id and w.week = ${weekStartSql(saleDay)}
        ${NAMES}`
    : sql`sales s ${INCREMENTS} ${NAMES}`;

const detailWhere = (plan: ReportPlan): SQL =>
  sql`${salesWhere(plan)} and s.status <> ${SaleStatus.Rejected}`;

/** One page of the money rows of the report, in the plan's order (newest first by default). */
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
        where ${detailWhere(plan)}
        order by ${order}
        limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}`,
  );
}

/** Every money row of the report, newest first, in chunks (CSV). */
export function detailChunks(db: Queryable, plan: ReportPlan) {
  return keysetChunks<SaleRecord>(db, {
    select: select(plan),
    from: fromSales(plan),
    where: detailWhere(plan),
    time: sql`s.date`,
    id: sql`s.id`,
    desc: true,
  });
}
