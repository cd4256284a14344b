// The report engine (spec 2 sections 3, 4, 6 and 9): the role's groupings, scope and columns, the
// sort defaults, then grouped rows from stats_daily or detail rows from sales, and the totals.
import {
  addDays,
  comparePeriod,
  defaultStatsGroupBy,
  easternDay,
  defaultStatsSort,
  hasRole,
  isAvpKind,
  isPayrollKind,
  Permission,
  Role,
  statsGroupings,
  type TStatsCompare,
  type TStatsRow,
  type TStatsGroupBy,
  type TStatsKind,
  type TStatsResult,
  type TStatsSearch,
  type TStatsSortField,
  type TStatsTypeInfo,
} from '@salesdesk/contract';
import type { AppContext } from '../context';
import { OPTION_LPP_VISIBLE, optionIsOn } from '../common/options';
import { hasPermission, type Principal } from '../http/auth';
import { notFound, validationError } from '../http/errors';
import { assertAgent, assertOffice, scopeOf } from '../http/tenant';
import { groupedReport, type FigureRecord } from './report-grouped-sql';
import { detailPage } from './report-detail-sql';
import { lppPrevOfGroups, lppPrevTotal } from './report-lpp-sql';
import {
  anyBonusSite,
  closedPayPeriod,
  findAgentOffice,
  findStatsSite,
  siteTypes,
  statsTypeOptions,
  type StatsSiteRecord,
} from './report-meta-sql';
import { groupRow, overallOf, saleRow, type ReportView } from './report-rows';
import type { ReportPlan } from './report-where';

export const GROUPING_NOT_AVAILABLE = 'This grouping is not available';

/** Whether a sort field means something for this grouping and view; any other falls back to the default. */
function sortApplies(plan: Omit<ReportPlan, 'sort'>, view: ReportView, field: TStatsSortField): boolean {
  const g = plan.groupBy;
  const avp = isAvpKind(plan.kind);
  switch (field) {
    case 'date':
      return g === 'date' || g === 'detail' || (avp && g === 'agent');
    case 'officeName':
      return g !== 'date';
    case 'agent':
      return g === 'agent' || g === 'detail';
    case 'raws':
    case 'uniques':
    case 'invalid':
      return g !== 'detail';
    case 'earn':
    case 'bonusEarn':
    case 'reversalEarn':
    case 'heldEarn':
      return view.earningVisible;
    case 'adjustEarn':
      return view.earningVisible && !avp;
    case 'adjustPayout':
      return !avp;
    case 'lpp':
      return view.lppVisible;
    case 'agent_avp_sales_count':
      return avp && (g === 'agent' || g === 'detail');
    case 'payoutPhp':
    case 'payoutDollars':
      return avp;
    default:
      return true;
  }
}

/** Another tenant's office or agent is answered 404; an admin's unknown agent simply has no rows. */
async function assertFilters(ctx: AppContext, p: Principal, q: TStatsSearch) {
  if (q.companyId !== undefined) assertOffice(p, q.companyId);
  if (q.agentId === undefined) return;
  const agent = await findAgentOffice(ctx.db, q.agentId);
  if (agent) assertAgent(p, agent);
  else if (scopeOf(p).kind !== 'all') throw notFound();
}

interface Prepared {
  plan: ReportPlan;
  view: ReportView;
  site?: StatsSiteRecord;
  types: TStatsTypeInfo[];
  /** The closed pay period the payroll shows the snapshot of (closedOn), or null. */
  closed: { day: string; by: string } | null;
}

/** Checks the request against the role and the tenant and fixes grouping, sort, view and type columns. */
export async function prepareReport(
  ctx: AppContext,
  p: Principal,
  kind: TStatsKind,
  q: TStatsSearch,
): Promise<Prepared> {
  const groupBy: TStatsGroupBy = q.groupBy ?? defaultStatsGroupBy(kind, p.role);
  if (!statsGroupings(kind, p.role).includes(groupBy))
    throw validationError({ groupBy: [GROUPING_NOT_AVAILABLE] });
  await assertFilters(ctx, p, q);
  let site: StatsSiteRecord | undefined;
  let types: { id: number; typename: string; bonus: boolean }[] = [];
  if (q.siteId !== undefined) {
    site = await findStatsSite(ctx.db, p, q.siteId);
    // The AVP pages list AVP sites only: any other site is not one of theirs.
    if (!site || (isAvpKind(kind) && !site.avp)) throw notFound();
    types = await siteTypes(ctx.db, site.id);
  }
  const lppOption = await optionIsOn(ctx.db, OPTION_LPP_VISIBLE);
  const view: ReportView = {
    earningVisible: hasPermission(p, Permission.EarningVisible),
    lppVisible: lppOption && groupBy !== 'date',
    // The invalid-traffic rules are the admins' (System Options): offices and agents see the count only.
    reasonsVisible: hasRole(p.role, Role.Admin),
  };
  const payroll = isPayrollKind(kind);
  // Payroll over exactly a closed pay period shows what was settled: its snapshot.
  const period = payroll ? await closedPayPeriod(ctx.db, q) : undefined;
  const closed = period
    ? {
        day: period.closed_at ? easternDay(new Date(period.closed_at)) : period.start,
        by: period.closed_by ?? '',
      }
    : null;
  const base = {
    p,
    kind,
    q,
    groupBy,
    typeIds: types.map((t) => t.id),
    typePayouts: payroll,
    snapshot: period?.start,
  };
  const asked = q.sortField && sortApplies(base, view, q.sortField) ? q.sortField : undefined;
  const sort = asked ? { field: asked, asc: q.sortAsc ?? true } : defaultStatsSort(groupBy);
  const typeInfo = types.flatMap((t) => {
    const info = { typeId: t.id, typename: t.typename, bonus: t.bonus };
    return payroll
      ? [
          { id: String(t.id), ...info },
          { id: `${t.id}_payout`, ...info },
        ]
      : [{ id: String(t.id), ...info }];
  });
  return { plan: { ...base, sort }, view, site, types: typeInfo, closed };
}

/** The flags of the result; without a site the bonus columns show when a site of the caller has bonuses. */
export async function resultFlags(ctx: AppContext, prep: Prepared, overall: FigureRecord) {
  const { plan, view, site } = prep;
  const hasBonus = site
    ? site.use_approve_sale || prep.types.some((t) => t.bonus)
    : Number(overall.bonus_sales) > 0 || (await anyBonusSite(ctx.db, plan.p, isAvpKind(plan.kind)));
  return {
    earningVisible: view.earningVisible,
    // Pesos are every role's own pay (as in the sale logs); earnings are the permission's.
    payoutVisible: true,
    useApproveSale: site?.use_approve_sale ?? false,
    hasBonus,
    types: prep.types,
    lppVisible: view.lppVisible,
    groupBy: plan.groupBy,
    sortField: plan.sort.field,
    sortAsc: plan.sort.asc,
    closed: prep.closed,
  };
}

/** The totals only: the grouped statement with an empty page. */
export const reportTotals = (ctx: AppContext, plan: ReportPlan) =>
  groupedReport(
    ctx.db,
    { ...plan, groupBy: 'date', sort: defaultStatsSort('date') },
    { page: 1, pageSize: 0 },
  );

/** POST stats/sites, stats/sites/avp, stats/sites-payout, stats/sites-payout/avp. */
export async function statsReport(
  ctx: AppContext,
  p: Principal,
  kind: TStatsKind,
  q: TStatsSearch,
): Promise<TStatsResult> {
  const prep = await prepareReport(ctx, p, kind, q);
  const { plan, view } = prep;
  const prevTotal = () => (view.lppVisible ? lppPrevTotal(ctx.db, plan) : Promise.resolve(0));
  if (plan.groupBy === 'detail') {
    const [sales, totals, prev] = await Promise.all([
      detailPage(ctx.db, plan, q),
      reportTotals(ctx, plan),
      prevTotal(),
    ]);
    const o = totals.overall;
    // Every money row but the rejected ones is a detail row (report-detail-sql.ts).
    const total = [o.sales, o.bonus_sales, o.reversals, o.adjustments, o.held].reduce(
      (n: number, v) => n + Number(v),
      0,
    );
    return {
      page: { items: sales.map((s) => saleRow(plan, view, s)), total },
      overall: overallOf(plan, view, totals.overall, prev),
      ...(await resultFlags(ctx, prep, totals.overall)),
    };
  }
  const [answer, prev] = await Promise.all([groupedReport(ctx.db, plan, q), prevTotal()]);
  const prevOfGroups = view.lppVisible
    ? await lppPrevOfGroups(ctx.db, plan, answer.items)
    : new Map<string, number>();
  const items = answer.items.map((r) => groupRow(plan, view, r, prevOfGroups));
  return {
    page: { items, total: answer.total },
    overall: overallOf(plan, view, answer.overall, prev),
    ...(await resultFlags(ctx, prep, answer.overall)),
    compare: q.compare && !isAvpKind(kind) ? await compareWith(ctx, p, kind, q, q.compare, items) : null,
  };
}

/**
 * The comparison (issue 37): the same report over the other period, its Overall Total (the whole period's),
 * and the figures of the page's rows there: a date row by the day as far back, an office or agent row by
 * itself (the rows are read for the page's offices or agents only).
 */
async function compareWith(
  ctx: AppContext,
  p: Principal,
  kind: TStatsKind,
  q: TStatsSearch,
  c: TStatsCompare,
  items: TStatsRow[],
): Promise<NonNullable<TStatsResult['compare']>> {
  const range = comparePeriod(c, q);
  const prep = await prepareReport(ctx, p, kind, { ...q, ...range, compare: undefined });
  const { view } = prep;
  const only =
    prep.plan.groupBy === 'company'
      ? { offices: items.flatMap((r) => (r.companyId === null ? [] : [r.companyId])) }
      : prep.plan.groupBy === 'agent'
        ? { agents: items.flatMap((r) => (r.agentId === null ? [] : [r.agentId])) }
        : undefined;
  const plan = { ...prep.plan, only };
  // The rows are read for the page's groups, the Overall Total over the whole other period (as its own
  // report shows it): an agent with sales only there counts in it too.
  const [answer, whole] = await Promise.all([
    groupedReport(ctx.db, plan),
    only ? reportTotals(ctx, prep.plan) : undefined,
  ]);
  const there = new Map(answer.items.map((r) => groupRow(plan, view, r, new Map())).map((r) => [r.key, r]));
  const rows: Record<string, TStatsRow> = {};
  for (const r of items) {
    // A day's row compares with the day as far back as the other period starts before this one.
    const key =
      plan.groupBy === 'date' && r.date
        ? addDays(r.date, Math.round((Date.parse(range.start) - Date.parse(q.start)) / 86_400_000))
        : r.key;
    const other = there.get(key);
    if (other) rows[r.key] = other;
  }
  return { ...range, overall: overallOf(plan, view, (whole ?? answer).overall, 0), rows };
}

/** The link types of one of the caller's sites, for the type filter; another's site is not found. */
export async function statsSiteTypes(ctx: AppContext, p: Principal, siteId: number) {
  const site = await findStatsSite(ctx.db, p, siteId);
  if (!site) throw notFound();
  return statsTypeOptions(ctx.db, site.id);
}
