// The independent computation of the exactness test: every report figure from the raw clicks and money
// rows in plain JavaScript (Eastern days and weeks by the contract's own DST rule, money in integer
// cents). The money rules, from the issue rather than from the SQL: an approved sale or bonus is paid in
// its own day; a reversal takes its money back in the day it is dated (the sale's day keeps its figures
// and its sales count); an adjustment is paid in its day; a held sale is only counted as held; a rejected
// one counts nowhere (it still names its day's row, as its click did).
import {
  addDays,
  avpPeriodOf,
  bonusRatio,
  easternDay,
  EventType,
  INVALID_REASONS,
  invalidReasonOf,
  isAvpKind,
  isPayrollKind,
  SaleStatus,
  weekOf,
  type TAvpPeriod,
  type TInvalidReason,
  type TSaleStatus,
  type TStatsGroupBy,
  type TStatsKind,
} from '@salesdesk/contract';

export interface RawClick {
  day: string;
  siteId: number;
  typeId: number;
  agentId: number;
  officeId: number;
  unique: boolean;
  /** The reason's code (0: a valid click). */
  invalidReason: number;
}
export interface RawSale extends Omit<RawClick, 'unique' | 'invalidReason'> {
  id: number;
  event: number;
  /** SaleStatus; reversal and adjustment rows are approved. */
  status: number;
  /** On a sale or bonus: the event type that reversed it. */
  reversalKind: number | null;
  payout: bigint;
  earning: bigint;
  lpp: number;
}

export interface ModelData {
  clicks: RawClick[];
  sales: RawSale[];
  avpSites: Set<number>;
  schedule: TAvpPeriod[];
}

export interface ModelQuery {
  kind: TStatsKind;
  groupBy: TStatsGroupBy;
  scope: { officeId?: number; agentId?: number };
  start: string;
  end: string;
  siteId?: number;
  companyId?: number;
  agentId?: number;
  avp?: number;
  typeIds: number[];
  earningVisible: boolean;
  lppVisible: boolean;
  /** Admins see the invalid clicks by reason. */
  reasonsVisible: boolean;
}

/** Cents as the API writes money: '12.30', '-0.05'. */
export function money(c: bigint): string {
  const abs = c < 0n ? -c : c;
  return `${c < 0n ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}
/** '12.30' or '-0.05' as cents. */
export const cents = (s: string | null) => {
  const text = s ?? '0';
  const negative = text.startsWith('-');
  const [whole, frac = ''] = text.replace(/^-/, '').split('.');
  const c = BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0').slice(0, 2));
  return negative ? -c : c;
};

const isApproved = (s: RawSale) => s.status === SaleStatus.Approved;
const isReversal = (s: RawSale) => s.event === EventType.Refund || s.event === EventType.Chargeback;
/** An approved sale, the one thing AVP counts and the sales columns count. */
const isPaidSale = (s: RawSale) => isApproved(s) && s.event === EventType.Sale;
/** The lpp a row adds to the report: approved sales, bonuses and reversals (adjustments carry 0). */
const lppOf = (s: RawSale) => (isApproved(s) ? s.lpp : 0);

/** The status a detail row shows, from the issue's list: approved, held, rejected, reversed. */
function statusOf(s: RawSale): TSaleStatus {
  if (s.status === SaleStatus.Held) return 'held';
  if (s.status === SaleStatus.Rejected) return 'rejected';
  return s.reversalKind === null ? 'approved' : 'reversed';
}

export const dayOf = (d: Date) => easternDay(d);

interface Acc {
  raws: number;
  uniques: number;
  invalid: Map<TInvalidReason, number>;
  sales: number;
  bonus: number;
  earn: bigint;
  bonusEarn: bigint;
  payout: bigint;
  bonusPayout: bigint;
  lpp: number;
  reversals: number;
  reversalEarn: bigint;
  reversalPayout: bigint;
  held: number;
  heldEarn: bigint;
  heldPayout: bigint;
  adjustEarn: bigint;
  adjustPayout: bigint;
  php: bigint;
  dollars: bigint;
  types: Map<number, { t: number; tb: number; tp: bigint }>;
  period?: number | null;
  n?: number;
  /** Detail rows: the one money row. */
  row?: RawSale;
}

const newAcc = (): Acc => ({
  raws: 0,
  uniques: 0,
  invalid: new Map(),
  sales: 0,
  bonus: 0,
  earn: 0n,
  bonusEarn: 0n,
  payout: 0n,
  bonusPayout: 0n,
  lpp: 0,
  reversals: 0,
  reversalEarn: 0n,
  reversalPayout: 0n,
  held: 0,
  heldEarn: 0n,
  heldPayout: 0n,
  adjustEarn: 0n,
  adjustPayout: 0n,
  php: 0n,
  dollars: 0n,
  types: new Map(),
});

const weekStarts = new Map<string, string>();
/** The Sunday starting a day's week (memoized: the model asks for it per row and report). */
function weekStart(day: string): string {
  let w = weekStarts.get(day);
  if (w === undefined) weekStarts.set(day, (w = weekOf(day).start));
  return w;
}

export function reportModel(data: ModelData, q: ModelQuery) {
  const avp = isAvpKind(q.kind);
  // Each agent's AVP sales count per Sunday week, over every AVP site and every day of the week.
  const weekCount = new Map<string, number>();
  for (const s of data.sales) {
    if (!isPaidSale(s) || !data.avpSites.has(s.siteId)) continue;
    const k = `${s.agentId}:${weekStart(s.day)}`;
    weekCount.set(k, (weekCount.get(k) ?? 0) + 1);
  }
  const weekOfAgent = (agentId: number, day: string) => {
    const n = weekCount.get(`${agentId}:${weekStart(day)}`) ?? 0;
    return { n, period: avpPeriodOf(data.schedule, n) };
  };
  const rowFilter = (e: RawClick | RawSale) =>
    (q.scope.officeId === undefined || e.officeId === q.scope.officeId) &&
    (q.scope.agentId === undefined || e.agentId === q.scope.agentId) &&
    (q.companyId === undefined || e.officeId === q.companyId) &&
    (q.agentId === undefined || e.agentId === q.agentId) &&
    (q.siteId === undefined || e.siteId === q.siteId) &&
    (!avp || data.avpSites.has(e.siteId));
  const inReport = (e: RawClick | RawSale) =>
    rowFilter(e) &&
    e.day >= q.start &&
    e.day <= q.end &&
    (!avp || q.avp === undefined || weekOfAgent(e.agentId, e.day).period?.index === q.avp);

  const byWeek = avp && q.groupBy === 'agent';
  const keyOf = (e: RawClick | RawSale): string => {
    if (q.groupBy === 'date') return e.day;
    if (q.groupBy === 'company') return `${e.officeId}`;
    if (q.groupBy === 'detail') return `s${(e as RawSale).id}`;
    return `${e.officeId}:${e.agentId}${byWeek ? `:${weekStart(e.day)}` : ''}`;
  };

  const groups = new Map<string, Acc>();
  const overall = newAcc();
  const add = (acc: Acc, e: RawClick | RawSale) => {
    if ('unique' in e) {
      acc.raws += 1;
      acc.uniques += e.unique ? 1 : 0;
      const reason = invalidReasonOf(e.invalidReason);
      if (reason) acc.invalid.set(reason, (acc.invalid.get(reason) ?? 0) + 1);
      return;
    }
    if (e.status === SaleStatus.Rejected) return;
    if (e.status === SaleStatus.Held) {
      acc.held += 1;
      acc.heldEarn += e.earning;
      acc.heldPayout += e.payout;
      return;
    }
    const t = acc.types.get(e.typeId) ?? { t: 0, tb: 0, tp: 0n };
    acc.types.set(e.typeId, t);
    t.tp += e.payout;
    acc.lpp += e.lpp;
    if (e.event === EventType.Bonus) {
      acc.bonus += 1;
      t.tb += 1;
      acc.bonusEarn += e.earning;
      acc.bonusPayout += e.payout;
      return;
    }
    // Sales, reversals and adjustments make the net earning and payout.
    acc.earn += e.earning;
    acc.payout += e.payout;
    if (e.event === EventType.Sale) {
      acc.sales += 1;
      t.t += 1;
      const { period } = weekOfAgent(e.agentId, e.day);
      acc.php += cents(period?.payoutPhp ?? null);
      acc.dollars += cents(period?.payoutDollars ?? null);
    } else if (isReversal(e)) {
      acc.reversals += 1;
      acc.reversalEarn += e.earning;
      acc.reversalPayout += e.payout;
    } else {
      acc.adjustEarn += e.earning;
      acc.adjustPayout += e.payout;
    }
  };
  for (const e of [...data.clicks, ...data.sales]) {
    if (!inReport(e)) continue;
    add(overall, e);
    // Detail rows: every money row that counts somewhere (not a click, not a rejected sale).
    if (q.groupBy === 'detail' && ('unique' in e || e.status === SaleStatus.Rejected)) continue;
    const key = keyOf(e);
    const acc = groups.get(key) ?? newAcc();
    if (q.groupBy === 'detail') acc.row = e as RawSale;
    if (avp && (byWeek || q.groupBy === 'detail')) {
      const w = weekOfAgent(e.agentId, e.day);
      acc.n = w.n;
      acc.period = w.period?.index ?? null;
    }
    groups.set(key, acc);
    add(acc, e);
  }

  // lppPrev: the same rows over the equally long period before (an AVP agent-week: the week before).
  const days = Math.round((Date.parse(q.end) - Date.parse(q.start)) / 86_400_000) + 1;
  const prevStart = addDays(q.start, -days);
  const prevEnd = addDays(q.start, -1);
  // The lpp of the period before, summed once per report by office, agent and agent-week.
  const prevByKey = new Map<string, number>();
  let prevTotal = 0;
  const addPrev = (key: string, lpp: number) => prevByKey.set(key, (prevByKey.get(key) ?? 0) + lpp);
  for (const s of data.sales) {
    if (!rowFilter(s)) continue;
    const lpp = lppOf(s);
    if (s.day >= prevStart && s.day <= prevEnd) {
      prevTotal += lpp;
      addPrev(`o${s.officeId}`, lpp);
      addPrev(`a${s.officeId}:${s.agentId}`, lpp);
    }
    addPrev(`w${s.officeId}:${s.agentId}:${addDays(weekStart(s.day), 7)}`, lpp);
  }
  const groupPrev = (key: string): number | null => {
    if (q.groupBy === 'detail') return null;
    const [officeId, agentId, week] = key.split(':');
    if (week) return prevByKey.get(`w${officeId}:${agentId}:${week}`) ?? 0;
    if (q.groupBy === 'company') return prevByKey.get(`o${officeId}`) ?? 0;
    return prevByKey.get(`a${officeId}:${agentId}`) ?? 0;
  };

  const payroll = isPayrollKind(q.kind);
  const figures = (a: Acc, lppPrev: number | null, detail: boolean) => {
    const byType: Record<string, number | string> = {};
    for (const id of q.typeIds) {
      const t = a.types.get(id) ?? { t: 0, tb: 0, tp: 0n };
      byType[String(id)] = t.t;
      byType[`${id}_bonus`] = t.tb;
      if (payroll) byType[`${id}_payout`] = money(t.tp);
    }
    const byReason = Object.fromEntries(INVALID_REASONS.map((r) => [r, a.invalid.get(r) ?? 0]));
    return {
      raws: detail ? null : a.raws,
      uniques: detail ? null : a.uniques,
      invalid: detail ? null : [...a.invalid.values()].reduce((n, v) => n + v, 0),
      invalidByReason: detail || !q.reasonsVisible ? null : byReason,
      byType,
      sales: a.sales,
      bonusSales: a.bonus,
      bonusRatio: bonusRatio(a.bonus, a.sales, payroll),
      earn: q.earningVisible ? money(a.earn) : null,
      bonusEarn: q.earningVisible ? money(a.bonusEarn) : null,
      lpp: q.lppVisible ? a.lpp : null,
      lppPrev: q.lppVisible ? lppPrev : null,
      avpPeriod: a.period ?? null,
      agent_avp_sales_count: a.n ?? null,
      payout: money(a.payout),
      bonusPayout: money(a.bonusPayout),
      reversals: a.reversals,
      reversalEarn: q.earningVisible ? money(a.reversalEarn) : null,
      reversalPayout: money(a.reversalPayout),
      held: a.held,
      heldEarn: q.earningVisible ? money(a.heldEarn) : null,
      heldPayout: money(a.heldPayout),
      adjustEarn: q.earningVisible ? money(a.adjustEarn) : null,
      adjustPayout: money(a.adjustPayout),
      payoutPhp: avp ? money(a.php) : null,
      payoutDollars: avp ? money(a.dollars) : null,
    };
  };
  const detail = q.groupBy === 'detail';
  const row = (a: Acc, key: string) => ({
    recordType: a.row ? a.row.event : null,
    status: a.row ? statusOf(a.row) : null,
    ...figures(a, groupPrev(key), detail),
  });
  return {
    rows: new Map([...groups].map(([k, a]) => [k, row(a, k)])),
    overall: figures({ ...overall, period: undefined, n: undefined }, prevTotal, false),
  };
}
