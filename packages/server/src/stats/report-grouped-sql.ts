// Grouped report rows (date, office, agent) from stats_daily in one statement: the groups are summed
// once, then the page, the number of groups and the overall totals are read from that one result.
import { sql, type SQL } from 'drizzle-orm';
import { isPayrollKind, type TStatsSortField } from '@salesdesk/contract';
import { queryOne, type Queryable } from '../db/client';
import { INVALID_COUNTERS } from '../rollups/increments';
import {
  avpJoin,
  avpWith,
  byAgentWeek,
  dailySource,
  dailyWhere,
  isAvpPlan,
  typeCol,
  type ReportPlan,
} from './report-where';
import { weekStartSql } from './avp-sql';

/** Figures of a group or of the totals, as the statement answers them (money as decimal strings). */
export interface FigureRecord {
  raws: number;
  uniques: number;
  /** The invalid clicks of raws, and (invalid_bot, ...) each reason's share of them. */
  invalid: number;
  [reasonCounter: `invalid_${string}`]: number;
  sales: number;
  bonus_sales: number;
  earn: string;
  bonus_earn: string;
  payout: string;
  bonus_payout: string;
  lpp: number;
  reversals: number;
  /** Counted for the detail page's row total only (no column). */
  adjustments: number;
  reversal_earn: string;
  reversal_payout: string;
  held: number;
  held_earn: string;
  held_payout: string;
  adjust_earn: string;
  adjust_payout: string;
  php: string | null;
  dollars: string | null;
  /** t_{typeId}, tb_{typeId} (counts) and tp_{typeId} (pesos). */
  [typeFigure: `t${string}_${number}`]: number | string;
}

export interface GroupRecord extends FigureRecord {
  day?: string;
  week?: string;
  office_id?: number;
  office_name?: string | null;
  agent_id?: number;
  username?: string | null;
  full_name?: string | null;
  avp_n?: number | null;
  avp_index?: number | null;
}

export interface GroupedAnswer {
  total: number;
  items: GroupRecord[];
  overall: FigureRecord;
}

/** The group key columns (select list) of a plan's grouping. */
function keys(plan: ReportPlan): { select: SQL; group: SQL; tieBreak: SQL } {
  if (plan.groupBy === 'date')
    return { select: sql`r.day::text as day`, group: sql`r.day`, tieBreak: sql`n.day` };
  if (plan.groupBy === 'company')
    return { select: sql`r.office_id`, group: sql`r.office_id`, tieBreak: sql`n.office_id` };
  if (byAgentWeek(plan)) {
    const week = weekStartSql(sql`r.day`);
    return {
      select: sql`r.office_id, r.agent_id, ${week}::text as week`,
      group: sql`r.office_id, r.agent_id, ${week}`,
      tieBreak: sql`n.week desc, n.office_id, n.agent_id`,
    };
  }
  return {
    select: sql`r.office_id, r.agent_id`,
    group: sql`r.office_id, r.agent_id`,
    tieBreak: sql`n.office_id, n.agent_id`,
  };
}

/** The sums of a group over stats_daily rows (alias r, AVP week alias w). */
function aggregates(plan: ReportPlan): SQL {
  const perType = plan.typeIds.map((id) => {
    const only = sql`filter (where r.type_id = ${id})`;
    const payout = plan.typePayouts
      ? sql`, coalesce(sum(r.payout + r.bonus_payout) ${only}, 0) as ${typeCol('tp', id)}`
      : sql``;
    return sql`, coalesce(sum(r.sales) ${only}, 0)::bigint as ${typeCol('t', id)},
      coalesce(sum(r.bonus_sales) ${only}, 0)::bigint as ${typeCol('tb', id)} ${payout}`;
  });
  const avp = isAvpPlan(plan)
    ? sql`, sum(r.sales * coalesce(w.payout_php, 0)) as php, sum(r.sales * coalesce(w.payout_dollars, 0)) as dollars`
    : sql`, null::numeric as php, null::numeric as dollars`;
  const week = byAgentWeek(plan) ? sql`, max(w.n) as avp_n, max(w.period_index) as avp_index` : sql``;
  const invalid = sql.raw(
    [
      `sum(${INVALID_COUNTERS.map((c) => `r.${c}`).join(' + ')})::bigint as invalid`,
      ...INVALID_COUNTERS.map((c) => `sum(r.${c})::bigint as ${c}`),
    ].join(', '),
  );
  return sql`sum(r.raws)::bigint as raws, sum(r.uniques)::bigint as uniques, ${invalid}, sum(r.sales)::bigint as sales,
    sum(r.bonus_sales)::bigint as bonus_sales, sum(r.earn) as earn, sum(r.bonus_earn) as bonus_earn,
    sum(r.payout) as payout, sum(r.bonus_payout) as bonus_payout, sum(r.lpp + r.bonus_lpp)::bigint as lpp,
    sum(r.reversals)::bigint as reversals, sum(r.adjustments)::bigint as adjustments, sum(r.reversal_earn) as reversal_earn,
    sum(r.reversal_payout) as reversal_payout, sum(r.held)::bigint as held, sum(r.held_earn) as held_earn,
    sum(r.held_payout) as held_payout, sum(r.adjust_earn) as adjust_earn, sum(r.adjust_payout) as adjust_payout
    ${sql.join(perType, sql``)} ${avp} ${week}`;
}

/** The sort expression of a field over the named groups (alias n); the service only asks for applicable ones. */
function sortExpr(plan: ReportPlan, field: TStatsSortField): SQL {
  const fields: Record<TStatsSortField, SQL> = {
    date: byAgentWeek(plan) ? sql`n.week` : sql`n.day`,
    officeName: sql`lower(n.office_name)`,
    agent: sql`lower(n.username)`,
    raws: sql`n.raws`,
    uniques: sql`n.uniques`,
    invalid: sql`n.invalid`,
    sales: sql`n.sales`,
    bonusSales: sql`n.bonus_sales`,
    bonusRatio: sql`case when n.sales = 0 then ${isPayrollKind(plan.kind) ? 100 : 0}
      else 100.0 * n.bonus_sales / n.sales end`,
    earn: sql`n.earn`,
    bonusEarn: sql`n.bonus_earn`,
    payout: sql`n.payout`,
    bonusPayout: sql`n.bonus_payout`,
    reversals: sql`n.reversals`,
    reversalEarn: sql`n.reversal_earn`,
    reversalPayout: sql`n.reversal_payout`,
    held: sql`n.held`,
    heldEarn: sql`n.held_earn`,
    heldPayout: sql`n.held_payout`,
    adjustEarn: sql`n.adjust_earn`,
    adjustPayout: sql`n.adjust_payout`,
    lpp: sql`n.lpp`,
    agent_avp_sales_count: sql`n.avp_n`,
    payoutPhp: sql`n.php`,
    payoutDollars: sql`n.dollars`,
  };
  return fields[field];
}

function names(plan: ReportPlan): { select: SQL; from: SQL } {
  if (plan.groupBy === 'date') return { select: sql``, from: sql`` };
  const office = sql`left join offices o on o.id = g.office_id`;
  if (plan.groupBy === 'company') return { select: sql`, o.office_name`, from: office };
  return {
    select: sql`, o.office_name, a.username, ag.first_name || ' ' || ag.last_name as full_name`,
    from: sql`${office} left join agents ag on ag.id = g.agent_id left join accounts a on a.id = ag.account_id`,
  };
}

const COUNTS = [
  'raws',
  'uniques',
  'invalid',
  ...INVALID_COUNTERS,
  'sales',
  'bonus_sales',
  'lpp',
  'reversals',
  'adjustments',
  'held',
];
const MONEY = [
  'earn',
  'bonus_earn',
  'payout',
  'bonus_payout',
  'reversal_earn',
  'reversal_payout',
  'held_earn',
  'held_payout',
  'adjust_earn',
  'adjust_payout',
  'php',
  'dollars',
];

/** The select list of a figure record: money (and per-type pesos) as text, so no float ever holds it. */
function figureOut(plan: ReportPlan, from: string, summed: boolean): SQL {
  const f = (name: string, money: boolean) => {
    const v = summed ? `coalesce(sum(${from}.${name}), 0)` : `${from}.${name}`;
    if (summed && (name === 'php' || name === 'dollars')) return `sum(${from}.${name})::text as ${name}`;
    return money ? `${v}::text as ${name}` : `${v}${summed ? '::bigint' : ''} as ${name}`;
  };
  const counts = COUNTS.map((c) => f(c, false));
  const types = plan.typeIds.flatMap((id) => [
    f(`t_${id}`, false),
    f(`tb_${id}`, false),
    ...(plan.typePayouts ? [f(`tp_${id}`, true)] : []),
  ]);
  return sql.raw([...counts, ...MONEY.map((c) => f(c, true)), ...types].join(', '));
}

/** The page of groups, the number of groups and the overall totals. `page` undefined: every group. */
export async function groupedReport(
  db: Queryable,
  plan: ReportPlan,
  page?: { page: number; pageSize: number },
): Promise<GroupedAnswer> {
  const k = keys(plan);
  const n = names(plan);
  const order = sql`${sortExpr(plan, plan.sort.field)} ${plan.sort.asc ? sql`asc` : sql`desc`} nulls last, ${k.tieBreak}`;
  const limit = page ? sql`limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}` : sql``;
  const week = byAgentWeek(plan) ? sql`, pg.avp_n, pg.avp_index` : sql``;
  const keyOut =
    plan.groupBy === 'date'
      ? sql`pg.day`
      : plan.groupBy === 'company'
        ? sql`pg.office_id, pg.office_name`
        : sql`pg.office_id, pg.agent_id, pg.username, pg.full_name ${byAgentWeek(plan) ? sql`, pg.week` : sql``}, pg.office_name`;
  const row = await queryOne<{ total: number; items: string; overall: string }>(
    db,
    sql`with ${avpWith(plan)}
      g as (
        select ${k.select}, ${aggregates(plan)}
        from ${dailySource(plan)} ${avpJoin(plan, sql`r.agent_id`, sql`r.day`)}
        where ${dailyWhere(plan, plan.snapshot ? null : plan.q)}
        group by ${k.group}
      ),
      n as (select g.* ${n.select} from g ${n.from}),
      pg as (select n.*, row_number() over (order by ${order}) as rn from n order by ${order} ${limit})
      select (select count(*)::int from g) as total,
        (select coalesce(json_agg(x order by x.rn), '[]'::json)::text from (
          select pg.rn, ${keyOut} ${week}, ${figureOut(plan, 'pg', false)} from pg) x) as items,
        (select row_to_json(t)::text from (select ${figureOut(plan, 'g', true)} from g) t) as overall`,
  );
  return {
    total: row?.total ?? 0,
    items: JSON.parse(row?.items ?? '[]') as GroupRecord[],
    overall: JSON.parse(row?.overall ?? '{}') as FigureRecord,
  };
}
