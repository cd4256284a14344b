// The agents whose refund rate trips the rule now, kept per process: one aggregate over the last 30 days
// of stats_daily, recomputed when it is a minute old or the rule's numbers change. A live postback looks
// its agent up in this list instead of summing the agent's month in its statement, which was the larger
// part of the rules' cost (bench/RESULTS.md). So a refund counts towards the rule within a minute, not at
// once. A sale dated in the past (generated history) is judged in its statement, at its own time.
import { REFUND_RATE_WINDOW_DAYS } from '@salesdesk/contract';
import { queryRows, sql, type Db } from '../db/client';
import { easternDaySql } from '../rollups/increments';

export const REFUND_RATES_MAX_AGE_MS = 60_000;

interface Entry {
  key: string;
  loadedAt: number;
  agents: Promise<string>;
}
const cached = new WeakMap<Db, Entry>();

async function load(db: Db, percent: number, minSales: number): Promise<string> {
  const today = easternDaySql(sql`now()`);
  const rows = await queryRows<{ agent_id: number }>(
    db,
    sql`select agent_id from stats_daily
        where day > ${today} - ${sql.raw(String(REFUND_RATE_WINDOW_DAYS))} and day <= ${today}
        group by agent_id
        having sum(sales + bonus_sales) >= ${minSales}
           and sum(reversals) * 100 > ${percent} * sum(sales + bonus_sales)`,
  );
  return `{${rows.map((r) => r.agent_id).join(',')}}`;
}

/** The agents over `percent` % of at least `minSales` sales in the last 30 days, as an int[] literal. */
export function refundRateAgents(
  db: Db,
  percent: number,
  minSales: number,
  now = Date.now(),
): Promise<string> {
  const key = `${percent}/${minSales}`;
  const entry = cached.get(db);
  if (entry && entry.key === key && now - entry.loadedAt < REFUND_RATES_MAX_AGE_MS) return entry.agents;
  const fresh = { key, loadedAt: now, agents: load(db, percent, minSales) };
  cached.set(db, fresh);
  // A failed read is not kept: the next postback asks again.
  fresh.agents.catch(() => cached.get(db) === fresh && cached.delete(db));
  return fresh.agents;
}

/** Drops the list: the next live postback reads the rates again. */
export const forgetRefundRates = (db: Db) => void cached.delete(db);
