// Report records to the rows and totals of the stats result, with the role's view applied: earnings
// only when visible, lpp only when shown, invalid clicks by reason only for admins, AVP figures only on
// AVP pages; money stays decimal strings.
import {
  bonusRatio,
  formatDecimal,
  INVALID_REASONS,
  isPayrollKind,
  saleStatusName,
  type TInvalidReason,
  type TStatsOverall,
  type TStatsRow,
} from '@salesdesk/contract';
import { INVALID_COUNTERS } from '../rollups/increments';
import type { FigureRecord, GroupRecord } from './report-grouped-sql';
import type { SaleRecord } from './report-detail-sql';
import { groupKey } from './report-lpp-sql';
import { byAgentWeek, isAvpPlan, type ReportPlan } from './report-where';

export interface ReportView {
  earningVisible: boolean;
  lppVisible: boolean;
  /** invalidByReason: admins and superadmins. */
  reasonsVisible: boolean;
}

const money = (v: string | number | null | undefined) => formatDecimal(v ?? '0', 2);
const count = (v: string | number | null | undefined) => Number(v ?? 0);

const NO_NAMES = {
  date: null,
  officeName: null,
  companyId: null,
  agent: null,
  agentId: null,
  agentFullName: null,
  sitename: null,
  typename: null,
  recordType: null,
  status: null,
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

/** Each reason's counter, by INVALID_REASONS' order (the rollup's own list of them). */
function invalidByReason(f: FigureRecord): Record<TInvalidReason, number> {
  const counter = (i: number) => f[INVALID_COUNTERS[i] as `invalid_${string}`];
  return Object.fromEntries(INVALID_REASONS.map((r, i) => [r, count(counter(i))])) as Record<
    TInvalidReason,
    number
  >;
}

/** The figures of a group, of the totals or of one money row: money as decimal strings, by the view. */
type FigureSource = Pick<
  FigureRecord,
  | 'sales'
  | 'bonus_sales'
  | 'earn'
  | 'bonus_earn'
  | 'payout'
  | 'bonus_payout'
  | 'lpp'
  | 'reversals'
  | 'reversal_earn'
  | 'reversal_payout'
  | 'held'
  | 'held_earn'
  | 'held_payout'
  | 'adjust_earn'
  | 'adjust_payout'
  | 'php'
  | 'dollars'
>;

function moneyFigures(plan: ReportPlan, view: ReportView, f: FigureSource) {
  const sales = count(f.sales);
  const bonusSales = count(f.bonus_sales);
  const avp = isAvpPlan(plan);
  const dollars = (v: string) => (view.earningVisible ? money(v) : null);
  return {
    sales,
    bonusSales,
    bonusRatio: bonusRatio(bonusSales, sales, isPayrollKind(plan.kind)),
    earn: dollars(f.earn),
    bonusEarn: dollars(f.bonus_earn),
    lpp: view.lppVisible ? count(f.lpp) : null,
    payout: money(f.payout),
    bonusPayout: money(f.bonus_payout),
    reversals: count(f.reversals),
    reversalEarn: dollars(f.reversal_earn),
    reversalPayout: money(f.reversal_payout),
    held: count(f.held),
    heldEarn: dollars(f.held_earn),
    heldPayout: money(f.held_payout),
    adjustEarn: dollars(f.adjust_earn),
    adjustPayout: money(f.adjust_payout),
    payoutPhp: avp ? money(f.php) : null,
    payoutDollars: avp ? money(f.dollars) : null,
  };
}

function figures(plan: ReportPlan, view: ReportView, f: FigureRecord, lppPrev: number | null): Figures {
  return {
    ...moneyFigures(plan, view, f),
    raws: count(f.raws),
    uniques: count(f.uniques),
    invalid: count(f.invalid),
    invalidByReason: view.reasonsVisible ? invalidByReason(f) : null,
    byType: byTypeOf(plan, f),
    lppPrev: view.lppVisible ? lppPrev : null,
    avpPeriod: null,
    agent_avp_sales_count: null,
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
  const byType: TStatsRow['byType'] = {};
  for (const id of plan.typeIds) {
    const own = id === s.type_id;
    byType[String(id)] = own ? count(s.sales) : 0;
    byType[`${id}_bonus`] = own ? count(s.bonus_sales) : 0;
    if (plan.typePayouts) byType[`${id}_payout`] = money(own ? s.type_payout : 0);
  }
  const avp = isAvpPlan(plan);
  return {
    ...moneyFigures(plan, view, s),
    key: `s${s.id}`,
    date: new Date(s.date).toISOString(),
    officeName: s.office_name ?? '',
    companyId: s.office_id,
    agent: s.username ?? '',
    agentId: s.agent_id,
    agentFullName: s.full_name,
    sitename: s.sitename,
    typename: s.typename,
    recordType: s.event_type,
    status: saleStatusName(s.status, s.reversal_kind),
    raws: null,
    uniques: null,
    invalid: null,
    invalidByReason: null,
    byType,
    lppPrev: null,
    avpPeriod: avp ? s.avp_index : null,
    agent_avp_sales_count: avp ? count(s.avp_n) : null,
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
