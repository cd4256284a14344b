// The independent side of the pay periods' exactness test: a period's lines, AVP counts and statements
// computed in JavaScript from the raw money rows (exact cents as bigint), never through the SQL that
// writes the snapshot.
import { sql } from 'drizzle-orm';
import { queryRows, type Queryable } from '../db/client';

export interface RawRow {
  id: number;
  day: string;
  event_type: number;
  status: number;
  site_id: number;
  type_id: number;
  office_id: number;
  agent_id: number;
  payout: string;
  earning: string;
  lpp: number;
  pay_period: string;
  avp: boolean;
}

/** Every money row with its Eastern day and whether its site pays AVP. */
export const rawRows = (db: Queryable) =>
  queryRows<RawRow>(
    db,
    sql`select s.id::int as id, (s.date at time zone 'America/New_York')::date::text as day, s.event_type,
               s.status, s.site_id, s.type_id, s.office_id, s.agent_id, coalesce(s.payout, 0)::text as payout,
               coalesce(s.earning, 0)::text as earning, s.lpp, s.pay_period::text as pay_period,
               coalesce(st.avp, false) as avp
        from sales s left join sites st on st.id = s.site_id order by s.id`,
  );

/** A decimal string as exact cents. */
export function cents(v: string | number | null | undefined): bigint {
  const s = String(v ?? '0');
  const neg = s.startsWith('-');
  const [whole, frac = ''] = s.replace('-', '').split('.');
  const c = BigInt(whole || '0') * 100n + BigInt((frac + '00').slice(0, 2));
  return neg ? -c : c;
}

export interface ModelLine {
  sales: number;
  bonus_sales: number;
  payout: bigint;
  bonus_payout: bigint;
  earn: bigint;
  reversals: number;
  reversal_payout: bigint;
  adjustments: number;
  adjust_payout: bigint;
}

const blank = (): ModelLine => ({
  sales: 0,
  bonus_sales: 0,
  payout: 0n,
  bonus_payout: 0n,
  earn: 0n,
  reversals: 0,
  reversal_payout: 0n,
  adjustments: 0,
  adjust_payout: 0n,
});

/** The paid rows of a period (approved, any event), by day|site|type|office|agent. */
export function modelLines(rows: RawRow[], start: string): Map<string, ModelLine> {
  const lines = new Map<string, ModelLine>();
  for (const r of rows) {
    if (r.pay_period !== start || r.status !== 0) continue;
    const key = [r.day, r.site_id, r.type_id, r.office_id, r.agent_id].join('|');
    const l = lines.get(key) ?? blank();
    const pay = cents(r.payout);
    if (r.event_type === 1) {
      l.bonus_sales += 1;
      l.bonus_payout += pay;
    } else {
      if (r.event_type === 0) l.sales += 1;
      if (r.event_type === 3 || r.event_type === 4) {
        l.reversals += 1;
        l.reversal_payout += pay;
      }
      if (r.event_type === 5) {
        l.adjustments += 1;
        l.adjust_payout += pay;
      }
      l.payout += pay;
      l.earn += cents(r.earning);
    }
    lines.set(key, l);
  }
  return lines;
}

/** The Sunday starting the week of a day. */
export function weekOfDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - d.getUTCDay());
  return d.toISOString().slice(0, 10);
}

/** Approved AVP-site sales of a period per agent|week. */
export function modelAvpSales(rows: RawRow[], start: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of rows) {
    if (r.pay_period !== start || r.status !== 0 || !r.avp || r.event_type !== 0) continue;
    const key = `${r.agent_id}|${weekOfDay(r.day)}`;
    out.set(key, (out.get(key) ?? 0) + 1);
  }
  return out;
}

/** Approved AVP-site sales of every period in a week, per agent|week (the count choosing the rate). */
export function modelWeekCounts(rows: RawRow[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of rows) {
    if (r.status !== 0 || !r.avp || r.event_type !== 0) continue;
    const key = `${r.agent_id}|${weekOfDay(r.day)}`;
    out.set(key, (out.get(key) ?? 0) + 1);
  }
  return out;
}

/** The carried balance recurrence over the closed periods in order: payable and carried_out per agent. */
export function modelStatements(totals: Map<string, Map<number, bigint>>, starts: string[]) {
  const carry = new Map<number, bigint>();
  const out = new Map<
    string,
    Map<number, { total: bigint; carriedIn: bigint; payable: bigint; carriedOut: bigint }>
  >();
  for (const start of starts) {
    const period = new Map<
      number,
      { total: bigint; carriedIn: bigint; payable: bigint; carriedOut: bigint }
    >();
    const t = totals.get(start) ?? new Map<number, bigint>();
    const agents = new Set([...t.keys(), ...[...carry].filter(([, c]) => c < 0n).map(([a]) => a)]);
    for (const agent of agents) {
      const total = t.get(agent) ?? 0n;
      const carriedIn = carry.get(agent) ?? 0n;
      const x = total + carriedIn;
      const s = { total, carriedIn, payable: x > 0n ? x : 0n, carriedOut: x < 0n ? x : 0n };
      period.set(agent, s);
      carry.set(agent, s.carriedOut);
    }
    out.set(start, period);
  }
  return { statements: out, carry };
}
