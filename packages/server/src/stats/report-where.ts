// What a report asks of the rollup and of the raw sales: the tenant, the filters and the period, the
// AVP join, and the per-type figures. The grouped rows, the detail rows and the totals all use these.
import { sql, type SQL } from 'drizzle-orm';
import {
  addDays,
  easternDayStart,
  isAvpKind,
  SaleStatus,
  type TPeriod,
  type TStatsGroupBy,
  type TStatsKind,
  type TStatsSearch,
  type TStatsSortField,
} from '@salesdesk/contract';
import { and } from '../common/list';
import type { Principal } from '../http/auth';
import { col, scopedFilter, scopeOf } from '../http/tenant';
import { AVP_SITES, avpWeeksSql, weekStartSql } from './avp-sql';
import { easternDaySql, INVALID_COUNTERS } from '../rollups/increments';

/** One report request, after the service applied the role rules. */
export interface ReportPlan {
  p: Principal;
  kind: TStatsKind;
  q: TStatsSearch;
  groupBy: TStatsGroupBy;
  sort: { field: TStatsSortField; asc: boolean };
  /** The link types of the selected site (per-type columns); empty without a site. */
  typeIds: number[];
  /** Per-type payout columns (payout views). */
  typePayouts: boolean;
  /** Payroll over exactly a closed pay period: its first day; the figures are its snapshot. */
  snapshot?: string;
  /** Only these offices or agents (a comparison's rows of the page being compared). */
  only?: { offices?: number[]; agents?: number[] };
}

export const isAvpPlan = (plan: ReportPlan) => isAvpKind(plan.kind);
/** AVP agent rows are one per agent and week: each has one AVP period. */
export const byAgentWeek = (plan: ReportPlan) => isAvpPlan(plan) && plan.groupBy === 'agent';

/** The equally long period just before (lppPrev, DESIGN.md rule 4). */
export function previousPeriod(range: TPeriod): TPeriod {
  const days = Math.round((Date.parse(range.end) - Date.parse(range.start)) / 86_400_000) + 1;
  return { start: addDays(range.start, -days), end: addDays(range.start, -1) };
}

/** The agent whose AVP weeks are enough: the one asked for, or the agent calling. */
function avpAgent(plan: ReportPlan): number | undefined {
  const s = scopeOf(plan.p);
  return s.kind === 'agent' ? s.agentId : plan.q.agentId;
}

/**
 * The agent-weeks of the report's weeks (see avpWeeksSql). Over a closed period, the weeks its AVP lines
 * saved (count, period and rates as at the close; a rate is the line's pay over its sales), then the live
 * weeks it has no line for (clicks only: no sale to pay).
 */
export function avpWeeksFor(plan: ReportPlan): SQL {
  const agent = avpAgent(plan);
  const live = avpWeeksSql(plan.q, agent);
  if (!plan.snapshot) return live;
  return sql`select v.agent_id, v.week, v.week_sales as n, v.period_index,
        v.payout / nullif(v.sales, 0) as payout_php, v.payout_dollars / nullif(v.sales, 0) as payout_dollars
      from pay_avp_lines v
      where v.period_start = ${plan.snapshot}::date ${agent !== undefined ? sql`and v.agent_id = ${agent}` : sql``}
      union all
      select l.* from (${live}) l
      where not exists (select 1 from pay_avp_lines v where v.period_start = ${plan.snapshot}::date
                        and v.agent_id = l.agent_id and v.week = l.week)`;
}

const invalidCounters = sql.raw(INVALID_COUNTERS.join(', '));
const noInvalidClicks = sql.raw(INVALID_COUNTERS.map((c) => `0 as ${c}`).join(', '));

/**
 * The rollup rows (alias r) a grouped report sums: stats_daily, or over a closed period its saved pay
 * lines (every row paid in it, whatever its day; nothing held) with the clicks of its days beside them.
 * The click columns are listed with the invalid counters, which pay lines do not keep (clicks are live).
 */
export function dailySource(plan: ReportPlan): SQL {
  if (!plan.snapshot) return sql`stats_daily r`;
  return sql`(
    select day, site_id, type_id, office_id, agent_id, 0 as raws, 0 as uniques, ${noInvalidClicks}, sales,
      bonus_sales, earn, bonus_earn, payout, bonus_payout, lpp, bonus_lpp, reversals, reversal_earn,
      reversal_payout, adjustments, adjust_earn, adjust_payout, 0 as held, 0::numeric as held_earn,
      0::numeric as held_payout
    from pay_lines where period_start = ${plan.snapshot}::date
    union all
    select day, site_id, type_id, office_id, agent_id, raws, uniques, ${invalidCounters}, 0, 0, 0, 0, 0, 0, 0,
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0
    from stats_daily where day between ${plan.q.start}::date and ${plan.q.end}::date and (raws <> 0 or uniques <> 0)
  ) r`;
}

/** `avp_weeks as (...),` on AVP pages, else nothing. */
export function avpWith(plan: ReportPlan): SQL {
  if (!isAvpPlan(plan)) return sql``;
  // Materialized: each agent-week finds its period once, not once per rollup row joined to it.
  return sql`avp_weeks as materialized (${avpWeeksFor(plan)}),`;
}

/** Joins each row of `alias` (agent `agentCol`, Eastern day `day`) to its agent-week; AVP pages only. */
export function avpJoin(plan: ReportPlan, agentCol: SQL, day: SQL): SQL {
  if (!isAvpPlan(plan)) return sql``;
  return sql`join avp_weeks w on w.agent_id = ${agentCol} and w.week = ${weekStartSql(day)}`;
}

interface Cols {
  office: ReturnType<typeof col>;
  agent: ReturnType<typeof col>;
  site: SQL;
  type: SQL;
}

/** Tenant, office, agent (another tenant's: 404), site, type, AVP sites and the AVP period. */
function common(plan: ReportPlan, c: Cols, withAvpPeriod: boolean): SQL[] {
  const { q } = plan;
  return [
    scopedFilter(plan.p, { office: c.office, agent: c.agent }, { officeId: q.companyId, agentId: q.agentId }),
    ...(q.siteId !== undefined ? [sql`${c.site} = ${q.siteId}`] : []),
    ...(q.typeId !== undefined ? [sql`${c.type} = ${q.typeId}`] : []),
    ...(isAvpPlan(plan) ? [sql`${c.site} in ${AVP_SITES}`] : []),
    ...(withAvpPeriod && isAvpPlan(plan) && q.avp !== undefined ? [sql`w.period_index = ${q.avp}`] : []),
    ...(plan.only?.offices ? [sql`${c.office} = any(${sql.param(plan.only.offices)}::int[])`] : []),
    ...(plan.only?.agents ? [sql`${c.agent} = any(${sql.param(plan.only.agents)}::int[])`] : []),
  ];
}

/**
 * stats_daily (alias r) rows of the report over `range` (null: every row of dailySource, which chose its
 * own days); the AVP period filter needs avpJoin.
 */
export function dailyWhere(plan: ReportPlan, range: TPeriod | null, withAvpPeriod = true): SQL {
  const cols = {
    office: col('r.office_id'),
    agent: col('r.agent_id'),
    site: sql`r.site_id`,
    type: sql`r.type_id`,
  };
  return and([
    ...common(plan, cols, withAvpPeriod),
    ...(range ? [sql`r.day between ${range.start}::date and ${range.end}::date`] : []),
  ]);
}

/** sales (alias s) rows of the report: the same filters, the period as Eastern midnights. */
export function salesWhere(plan: ReportPlan): SQL {
  const cols = {
    office: col('s.office_id'),
    agent: col('s.agent_id'),
    site: sql`s.site_id`,
    type: sql`s.type_id`,
  };
  const from = easternDayStart(plan.q.start).toISOString();
  const to = easternDayStart(addDays(plan.q.end, 1)).toISOString();
  // A closed period's rows are the approved ones paid in it (its snapshot's), whatever their date.
  const rows = plan.snapshot
    ? sql`s.pay_period = ${plan.snapshot}::date and s.status = ${SaleStatus.Approved}`
    : sql`s.date >= ${from}::timestamptz and s.date < ${to}::timestamptz`;
  return and([...common(plan, cols, true), rows]);
}

/** The Eastern day of a sale (alias s). */
export const saleDay = easternDaySql(sql`s.date`);

/** A safe SQL name for a per-type figure ('t_12', 'tb_12', 'tp_12'); ids are numbers from the database. */
export const typeCol = (prefix: 't' | 'tb' | 'tp', typeId: number) => {
  if (!Number.isSafeInteger(typeId)) throw new Error(`Not a type id: ${typeId}`);
  return sql.raw(`${prefix}_${typeId}`);
};
