// The checks of the kill tests, one node (postback/durability.test.ts) or several behind the load balancer
// (cluster/kill.test.ts): every acknowledged postback stored once, every click answered 302 stored once,
// and the rollups equal to the raw rows.
import { expect } from 'vitest';
import { ZPostbackLogSearch } from '@salesdesk/contract';
import { queryOne, queryRows, sql, type Db } from '../db/client';
import { searchPostbackLogs } from '../postback-logs/sql';
import { countRollupMismatches } from '../rollups/rebuild';

export interface Op {
  txId: string;
  clickId: number;
  event: 'sale' | 'bonus';
}

export const clickIdOf = (location: string | undefined) =>
  Number(new URL(location ?? '', 'http://x').searchParams.get('clickid'));

/** `count` sales (every fifth a bonus) plus a resend of an earlier one after every fourth: 20% repeats. */
export function postbackOps(clickIds: number[], count: number): Op[] {
  const unique = Array.from({ length: count }, (_, i): Op => ({
    txId: `k-${i}`,
    clickId: clickIds[i % clickIds.length],
    event: i % 5 === 0 ? 'bonus' : 'sale',
  }));
  return unique.flatMap((op, i) => (i % 4 === 3 ? [op, unique[Math.floor(i / 2)]] : [op]));
}

/** The demo site 1's postback of `op` (token demo-1). */
export const postbackPath = (op: Op) =>
  `/api/postback/1?token=demo-1&clickId=${op.clickId}&event=${op.event}&txId=${op.txId}&email=${op.txId}%40example.com`;

const cents = (s: string) => BigInt(s.replace('.', ''));

/** Every acknowledged sale exactly once at its type's rate, with the id acknowledged; totals agree to the cent. */
export async function checkSales(db: Db, acked: Map<string, number>) {
  const sales = await queryRows<{
    id: string;
    tx_id: string;
    earning: string;
    payout: string;
    rate: string;
    rate_payout: string;
  }>(
    db,
    sql`select s.id::text, s.tx_id, s.earning::text, s.payout::text,
               (case when s.event_type = 0 then t.earning else t.bonus_earning end)::text as rate,
               (case when s.event_type = 0 then t.payout else t.bonus_payout end)::text as rate_payout
        from sales s join link_types t on t.id = s.type_id where s.event_type in (0, 1)`,
  );
  expect(sales.map((s) => s.tx_id).sort()).toEqual([...acked.keys()].sort());
  for (const s of sales) expect([s.earning, s.payout]).toEqual([s.rate, s.rate_payout]);
  for (const s of sales) expect(Number(s.id)).toBe(acked.get(s.tx_id));
  expect(cents((await checkTotals(db)).earning)).toBe(sales.reduce((sum, s) => sum + cents(s.rate), 0n));
}

/** Money totals of the raw rows equal stats_daily's (net of reversals), and every row's rollup agrees. */
export async function checkTotals(db: Db) {
  const t = await queryOne<Record<string, string>>(
    db,
    sql`select (select sum(earning)::text from sales) as earning, (select sum(payout)::text from sales) as payout,
               (select count(*)::text from sales where event_type in (0, 1)) as n,
               (select count(*)::text from sales where event_type in (3, 4)) as reversals,
               (select sum(earn + bonus_earn)::text from stats_daily) as earn,
               (select sum(payout + bonus_payout)::text from stats_daily) as stats_payout,
               (select sum(sales + bonus_sales)::text from stats_daily) as stats_n,
               (select sum(reversals)::text from stats_daily) as stats_reversals`,
  );
  expect([t!.earn, t!.stats_payout, t!.stats_n, t!.stats_reversals]).toEqual([
    t!.earning,
    t!.payout,
    t!.n,
    t!.reversals,
  ]);
  expect(await countRollupMismatches(db)).toBe(0);
  return t!;
}

/** Every stored sale is its postback's one ACCEPTED entry in the postback log, with no second copy. */
export async function checkAcceptedLogged(db: Db) {
  const rows = await queryOne<{ sales: number; without: number; copies: number }>(
    db,
    sql`select count(*)::int as sales, (count(*) filter (where postback_ip is null))::int as without,
               (select count(*)::int from postback_logs where result = 'ACCEPTED') as copies
        from sales`,
  );
  expect([rows?.without, rows?.copies]).toEqual([0, 0]);
  const log = await searchPostbackLogs(db, ZPostbackLogSearch.parse({ result: 'ACCEPTED', pageSize: 1 }));
  expect(log.total).toBe(rows?.sales);
}

/** How many of the clicks answered 302 are stored (ids are the primary key: none twice). */
export async function storedClicks(db: Db, answered: number[]): Promise<number> {
  const stored = await queryOne<{ n: number }>(
    db,
    sql`select count(*)::int as n from clicks where id = any(${sql.param(answered)}::bigint[])`,
  );
  return stored?.n ?? 0;
}

/** stats_daily's click counts equal the raw clicks'. */
export async function checkClickRollups(db: Db) {
  const sums = await queryOne<Record<string, number>>(
    db,
    sql`select (select count(*)::int from clicks) as clicks, (select count(*)::int from clicks where is_unique) as uniques,
               (select sum(raws)::int from stats_daily) as raws, (select sum(uniques)::int from stats_daily) as s_uniques`,
  );
  expect([sums?.raws, sums?.s_uniques]).toEqual([sums?.clicks, sums?.uniques]);
}
