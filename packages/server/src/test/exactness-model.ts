// The independent computation of the exactness test: every report figure from the raw clicks and sales
// in plain JavaScript (Eastern days and weeks by the contract's own DST rule, money in integer cents).
import {
  addDays,
  avpPeriodOf,
  bonusRatio,
  easternDay,
  isAvpKind,
  isPayrollKind,
  weekOf,
  type TAvpPeriod,
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
}
export interface RawSale extends Omit<RawClick, 'unique'> {
  id: number;
  event: number;
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
}

/** Cents as the API writes money: '12.30'. */
export const money = (c: bigint) => `${c / 100n}.${(c % 100n).toString().padStart(2, '0')}`;
/** '12.30' as cents. */
export const cents = (s: string | null) => {
  const [whole, frac = ''] = (s ?? '0').split('.');
  return BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0').slice(0, 2));
};

export const dayOf = (d: Date) => easternDay(d);

interface Acc {
  raws: number;
  uniques: number;
  sales: number;
  bonus: number;
  earn: bigint;
  bonusEarn: bigint;
  payout: bigint;
  bonusPayout: bigint;
  lpp: number;
  php: bigint;
  dollars: bigint;
  types: Map<number, { t: number; tb: number; tp: bigint }>;
  period?: number | null;
  n?: number;
}

const newAcc = (): Acc => ({
  raws: 0,
  uniques: 0,
  sales: 0,
  bonus: 0,
  earn: 0n,
  bonusEarn: 0n,
  payout: 0n,
  bonusPayout: 0n,
  lpp: 0,
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
    if (s.event !== 0 || !data.avpSites.has(s.siteId)) continue;
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
      return;
    }
    const t = acc.types.get(e.typeId) ?? { t: 0, tb: 0, tp: 0n };
    acc.types.set(e.typeId, t);
    t.tp += e.payout;
    acc.lpp += e.lpp;
    if (e.event === 0) {
      acc.sales += 1;
      t.t += 1;
      acc.earn += e.earning;
      acc.payout += e.payout;
      const { period } = weekOfAgent(e.agentId, e.day);
      acc.php += cents(period?.payoutPhp ?? null);
      acc.dollars += cents(period?.payoutDollars ?? null);
    } else {
      acc.bonus += 1;
      t.tb += 1;
      acc.bonusEarn += e.earning;
      acc.bonusPayout += e.payout;
    }
  };
  for (const e of [...data.clicks, ...data.sales]) {
    if (!inReport(e)) continue;
    add(overall, e);
    if (q.groupBy === 'detail' && 'unique' in e) continue;
    const key = keyOf(e);
    const acc = groups.get(key) ?? newAcc();
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
    if (s.day >= prevStart && s.day <= prevEnd) {
      prevTotal += s.lpp;
      addPrev(`o${s.officeId}`, s.lpp);
      addPrev(`a${s.officeId}:${s.agentId}`, s.lpp);
    }
    addPrev(`w${s.officeId}:${s.agentId}:${addDays(weekStart(s.day), 7)}`, s.lpp);
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
    return {
      raws: detail ? null : a.raws,
      uniques: detail ? null : a.uniques,
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
      payoutPhp: avp ? money(a.php) : null,
      payoutDollars: avp ? money(a.dollars) : null,
    };
  };
  const detail = q.groupBy === 'detail';
  return {
    rows: new Map([...groups].map(([k, a]) => [k, figures(a, groupPrev(k), detail)])),
    overall: figures({ ...overall, period: undefined, n: undefined }, prevTotal, false),
  };
}
