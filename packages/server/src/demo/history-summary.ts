// What a demo history run generated (printed by `npm start` and `npm run seed`), and its progress line.
import { easternDay, weekOf } from '@salesdesk/contract';
import type { DayPlan, HistoryCast } from './history-plan';
import type { FraudCounts } from './fraud';
import type { MoneyEventCounts } from './money-events';

export interface HistoryCounts {
  clicks: number;
  uniques: number;
  sales: number;
  bonuses: number;
}

export interface HistorySummary extends HistoryCounts {
  path: 'service' | 'bulk';
  from: string;
  to: string;
  days: number;
  /** Agent-weeks whose AVP-site sales reach each band of the demo AVP schedule. */
  avpWeeks: Record<AvpBand, number>;
  /** Refunds, chargebacks, held and rejected sales and adjustments made over the history. */
  money: MoneyEventCounts;
  /** Sales flagged by the fraud rules, held for review, and the reversals of the high-refund agent. */
  fraud: FraudCounts;
  seconds: number;
}

const AVP_BANDS = [
  { band: '10-19', from: 10 },
  { band: '20-49', from: 20 },
  { band: '50+', from: 50 },
] as const;
type AvpBand = (typeof AVP_BANDS)[number]['band'];

/** Counts sale events on AVP sites per agent and Sunday-start Eastern week (DESIGN.md rule 5). */
export class AvpTally {
  private readonly avpSites: Set<number>;
  private readonly perAgentWeek = new Map<string, number>();

  constructor(cast: HistoryCast) {
    this.avpSites = new Set(cast.sites.filter((s) => s.avp).map((s) => s.id));
  }

  addDay(plan: DayPlan) {
    for (const s of plan.sales) {
      const click = plan.clicks[s.click];
      if (s.event !== 'sale' || !this.avpSites.has(click.siteId)) continue;
      const key = `${click.agentId} ${weekOf(easternDay(new Date(s.time))).start}`;
      this.perAgentWeek.set(key, (this.perAgentWeek.get(key) ?? 0) + 1);
    }
  }

  bands(): Record<AvpBand, number> {
    const bands = { '10-19': 0, '20-49': 0, '50+': 0 };
    for (const n of this.perAgentWeek.values()) {
      const band = AVP_BANDS.findLast((b) => n >= b.from);
      if (band) bands[band.band] += 1;
    }
    return bands;
  }
}

export function describeHistory(s: HistorySummary): string {
  const n = (x: number) => x.toLocaleString('en-US');
  const avp = Object.entries(s.avpWeeks)
    .map(([band, weeks]) => `${band}: ${weeks}`)
    .join(', ');
  return (
    `Demo history ${s.from} .. ${s.to} (${s.days} days, ${s.path} path, ${s.seconds.toFixed(1)} s): ` +
    `${n(s.clicks)} clicks (${n(s.uniques)} unique), ${n(s.sales)} sales, ${n(s.bonuses)} bonus events; ` +
    `agent-weeks at AVP volume ${avp}; ${n(s.money.refunds)} refunds, ${n(s.money.chargebacks)} chargebacks, ` +
    `${n(s.money.held)} sales held, ${n(s.money.rejected)} rejected, ${n(s.money.adjustments)} adjustments; ` +
    `${n(s.fraud.flagged)} sales flagged by fraud rules, ${n(s.fraud.held)} held for review.`
  );
}

/** Percent (and rows, rows/s) on stderr: rewritten in place on a terminal, else a line per 10 percent. */
export function progressReporter(label: string, total: number, enabled: boolean) {
  const started = Date.now();
  let lastTenth = -1;
  return (done: number, rows?: number) => {
    if (!enabled) return;
    const share = total ? done / total : 1;
    const n = (x: number) => Math.round(x).toLocaleString('en-US');
    const rate = (rows ?? 0) / Math.max(0.001, (Date.now() - started) / 1000);
    const volume = rows === undefined ? '' : `, ${n(rows)} rows, ${n(rate)} rows/s`;
    const line = `${label}: ${Math.floor(share * 100)}% (${done}/${total} days)${volume}`;
    if (process.stderr.isTTY) {
      process.stderr.write(`\r${line}${done >= total ? '\n' : ''}`);
      return;
    }
    const tenth = Math.floor(share * 10);
    if (tenth !== lastTenth) process.stderr.write(`${line}\n`);
    lastTenth = tenth;
  };
}
