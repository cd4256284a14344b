// Report records to the rows and totals of the stats result, with the role's view applied: earnings
// only when visible, lpp only when shown, AVP figures only on AVP pages; money stays decimal strings.
import {
  bonusRatio,
  formatDecimal,
  isPayrollKind,
  type TStatsOverall,
  type TStatsRow,
} from '@salesdesk/contract';
import type { FigureRecord, GroupRecord } from './report-grouped-sql';
import type { SaleRecord } from './report-detail-sql';
import { groupKey } from './report-lpp-sql';
import { byAgentWeek, isAvpPlan, type ReportPlan } from './report-where';

export interface ReportView {
  earningVisible: boolean;
  lppVisible: boolean;
}

const money = (v: string | number | null | undefined) => formatDecimal(v ?? '0', 2);
const count = (v: string | number | null | undefined) => Number(v ?? 0);
const ZERO = '0.00';

const NO_NAMES = {
  date: null,
  officeName: null,
  companyId: null,
  agent: null,
  agentId: null,
  agentFullName: null,
  sitename: null,
  typename: null,
};

function byTypeOf(plan: ReportPlan, f: FigureRecord): TStatsRow['byType'] {
  const out: TStatsRow['byType'] = {};
  for (const id of plan.typeIds) {
    out[String(id)] = count(f[`t_${id}`]);
    out[`${id}_bonus`] = count(f[`tb_${id}`]);
    if (plan.typePayouts) out[`${id}_payout`] = money(f[`tp_${id}`]);
  }
  return out;
}

type Figures = Omit<TStatsRow, keyof typeof NO_NAMES | 'key'>;

function figures(plan: ReportPlan, view: ReportView, f: FigureRecord, lppPrev: number | null): Figures {
  const sales = count(f.sales);
  const bonusSales = count(f.bonus_sales);
  const avp = isAvpPlan(plan);
  return {
    raws: count(f.raws),
    uniques: count(f.uniques),
    byType: byTypeOf(plan, f),
    sales,
    bonusSales,
    bonusRatio: bonusRatio(bonusSales, sales, isPayrollKind(plan.kind)),
    earn: view.earningVisible ? money(f.earn) : null,
    bonusEarn: view.earningVisible ? money(f.bonus_earn) : null,
    lpp: view.lppVisible ? count(f.lpp) : null,
    lppPrev: view.lppVisible ? lppPrev : null,
    avpPeriod: null,
    agent_avp_sales_count: null,
    payout: money(f.payout),
    bonusPayout: money(f.bonus_payout),
    payoutPhp: avp ? money(f.php) : null,
    payoutDollars: avp ? money(f.dollars) : null,
  };
}

export function groupRow(
  plan: ReportPlan,
  view: ReportView,
  r: GroupRecord,
  lppPrev: Map<string, number>,
): TStatsRow {
  const key = groupKey(r);
  const week = byAgentWeek(plan);
  return {
    ...figures(plan, view, r, lppPrev.get(key) ?? 0),
    ...NO_NAMES,
    key,
    date: r.day ?? r.week ?? null,
    officeName: r.office_id === undefined ? null : (r.office_name ?? ''),
    companyId: r.office_id ?? null,
    agent: r.agent_id === undefined ? null : (r.username ?? ''),
    agentId: r.agent_id ?? null,
    agentFullName: r.full_name ?? null,
    avpPeriod: week ? (r.avp_index ?? null) : null,
    agent_avp_sales_count: week ? count(r.avp_n) : null,
  };
}

export function saleRow(plan: ReportPlan, view: ReportView, s: SaleRecord): TStatsRow {
  const isSale = s.event_type === 0;
  const isBonus = s.event_type === 1;
  const byType: TStatsRow['byType'] = {};
  for (const id of plan.typeIds) {
    const own = id === s.type_id;
    byType[String(id)] = own && isSale ? 1 : 0;
    byType[`${id}_bonus`] = own && isBonus ? 1 : 0;
    if (plan.typePayouts) byType[`${id}_payout`] = own ? money(s.payout) : ZERO;
  }
  const sales = isSale ? 1 : 0;
  const bonusSales = isBonus ? 1 : 0;
  const avp = isAvpPlan(plan);
  return {
    key: `s${s.id}`,
    date: new Date(s.date).toISOString(),
    officeName: s.office_name ?? '',
    companyId: s.office_id,
    agent: s.username ?? '',
    agentId: s.agent_id,
    agentFullName: s.full_name,
    sitename: s.sitename ?? '',
    typename: s.typename ?? '',
    raws: null,
    uniques: null,
    byType,
    sales,
    bonusSales,
    bonusRatio: bonusRatio(bonusSales, sales, isPayrollKind(plan.kind)),
    earn: view.earningVisible ? (isSale ? money(s.earning) : ZERO) : null,
    bonusEarn: view.earningVisible ? (isBonus ? money(s.earning) : ZERO) : null,
    lpp: view.lppVisible ? s.lpp : null,
    lppPrev: null,
    avpPeriod: avp ? s.avp_index : null,
    agent_avp_sales_count: avp ? count(s.avp_n) : null,
    payout: isSale ? money(s.payout) : ZERO,
    bonusPayout: isBonus ? money(s.payout) : ZERO,
    payoutPhp: avp ? money(s.php) : null,
    payoutDollars: avp ? money(s.dollars) : null,
  };
}

export function overallOf(
  plan: ReportPlan,
  view: ReportView,
  f: FigureRecord,
  lppPrev: number,
): TStatsOverall {
  const o = figures(plan, view, f, view.lppVisible ? lppPrev : null);
  return { ...o, earning: o.earn, bonusEarning: o.bonusEarn, lpp_prev: o.lppPrev };
}
