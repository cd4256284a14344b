// stats_daily: the increments a click or a sale adds, and the upsert that adds them (DESIGN.md section 3).
// The click writer, the sale postback and the rebuild all use these fragments, so they always agree.
import { sql, type SQL } from 'drizzle-orm';

/** The Eastern (America/New_York) calendar day of a timestamptz expression. */
export const easternDaySql = (ts: SQL): SQL => sql`(${ts} at time zone 'America/New_York')::date`;

/** Every column of a stats_daily row, in the order the increment selects produce them. */
export const ROLLUP_COLUMNS = sql.raw(
  'day, site_id, type_id, office_id, agent_id, raws, uniques, sales, bonus_sales, earn, bonus_earn, payout, bonus_payout, lpp, bonus_lpp',
);

const COUNTERS = [
  'raws',
  'uniques',
  'sales',
  'bonus_sales',
  'earn',
  'bonus_earn',
  'payout',
  'bonus_payout',
  'lpp',
  'bonus_lpp',
];

/** Adds the new increments to the row of the same day, site, type, office and agent. */
export const ROLLUP_ON_CONFLICT = sql.raw(
  `on conflict (day, site_id, type_id, office_id, agent_id) do update set ${COUNTERS.map(
    (c) => `${c} = stats_daily.${c} + excluded.${c}`,
  ).join(', ')}`,
);

/** The increments of clicks (columns of `clicks`), one row per click, in ROLLUP_COLUMNS order. */
export const CLICK_INCREMENTS = sql`${easternDaySql(sql`click_time`)} as day, site_id, type_id, office_id, agent_id,
  1 as raws, is_unique::int as uniques, 0 as sales, 0 as bonus_sales,
  0::numeric as earn, 0::numeric as bonus_earn, 0::numeric as payout, 0::numeric as bonus_payout,
  0 as lpp, 0 as bonus_lpp`;

/** The increments of sales (columns of `sales`): event 0 counts as a sale, event 1 as a bonus. */
export const SALE_INCREMENTS = sql`${easternDaySql(sql`date`)} as day, site_id, type_id, office_id, agent_id,
  0 as raws, 0 as uniques, (event_type = 0)::int as sales, (event_type = 1)::int as bonus_sales,
  case when event_type = 0 then earning else 0 end as earn,
  case when event_type = 1 then earning else 0 end as bonus_earn,
  case when event_type = 0 then payout else 0 end as payout,
  case when event_type = 1 then payout else 0 end as bonus_payout,
  case when event_type = 0 then lpp else 0 end as lpp,
  case when event_type = 1 then lpp else 0 end as bonus_lpp`;

/** Sums increment rows (aliased as in ROLLUP_COLUMNS) from `source` into one row per stats_daily key. */
export function sumIncrements(source: SQL): SQL {
  return sql`select day, site_id, type_id, office_id, agent_id,
      sum(raws)::int as raws, sum(uniques)::int as uniques, sum(sales)::int as sales,
      sum(bonus_sales)::int as bonus_sales, sum(earn) as earn, sum(bonus_earn) as bonus_earn,
      sum(payout) as payout, sum(bonus_payout) as bonus_payout, sum(lpp)::int as lpp, sum(bonus_lpp)::int as bonus_lpp
    from (${source}) increments
    group by day, site_id, type_id, office_id, agent_id`;
}
