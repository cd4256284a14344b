// stats_daily: the increments a click or a sale adds, and the upsert that adds them (DESIGN.md section 3).
// The click writer, the sale postback and the rebuild all use these fragments, so they always agree.
import { sql, type SQL } from 'drizzle-orm';

/** The Eastern (America/New_York) calendar day of a timestamptz expression. */
export const easternDaySql = (ts: SQL): SQL => sql`(${ts} at time zone 'America/New_York')::date`;

/** Every column of a stats_daily row, in the order the increment selects produce them. */
export const ROLLUP_COLUMNS = sql.raw(
  'day, site_id, type_id, office_id, agent_id, raws, uniques, sales, bonus_sales, earn, bonus_earn, payout, bonus_payout, lpp, bonus_lpp, reversals, reversal_earn, reversal_payout, adjustments, adjust_earn, adjust_payout, held, held_earn, held_payout',
);

const AMOUNTS = [
  'earn',
  'bonus_earn',
  'payout',
  'bonus_payout',
  'reversal_earn',
  'reversal_payout',
  'adjust_earn',
  'adjust_payout',
  'held_earn',
  'held_payout',
];
/** The counters of a stats_daily row in ROLLUP_COLUMNS order (after the five key columns). */
export const ROLLUP_COUNTERS = [
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
  'reversals',
  'reversal_earn',
  'reversal_payout',
  'adjustments',
  'adjust_earn',
  'adjust_payout',
  'held',
  'held_earn',
  'held_payout',
] as const;

/** Adds the new increments to the row of the same day, site, type, office and agent. */
export const ROLLUP_ON_CONFLICT = sql.raw(
  `on conflict (day, site_id, type_id, office_id, agent_id) do update set ${ROLLUP_COUNTERS.map(
    (c) => `${c} = stats_daily.${c} + excluded.${c}`,
  ).join(', ')}`,
);

/** The click writer's upsert: a click adds to raws and uniques only, so only they are updated. */
export const CLICK_ON_CONFLICT = sql.raw(
  'on conflict (day, site_id, type_id, office_id, agent_id) do update set raws = stats_daily.raws + excluded.raws, uniques = stats_daily.uniques + excluded.uniques',
);

const zeros = (names: readonly string[]) =>
  names.map((c) => ((AMOUNTS as readonly string[]).includes(c) ? `0::numeric as ${c}` : `0 as ${c}`));

/** The increments of clicks (columns of `clicks`), one row per click, in ROLLUP_COLUMNS order. */
export const CLICK_INCREMENTS = sql`${easternDaySql(sql`click_time`)} as day, site_id, type_id, office_id, agent_id,
  1 as raws, is_unique::int as uniques, ${sql.raw(zeros(ROLLUP_COUNTERS.slice(2)).join(', '))}`;

/**
 * The click counters of stats_daily rows (columns of `stats_daily`) as increments: for the days whose raw
 * clicks the retention dropped, the only record of those clicks.
 */
export const STORED_CLICK_INCREMENTS = sql`day, site_id, type_id, office_id, agent_id, raws, uniques,
  ${sql.raw(zeros(ROLLUP_COUNTERS.slice(2)).join(', '))}`;

/**
 * The increments of money rows (columns of `sales`), times `sign` (-1 takes a row's old state back out
 * before its new state goes in: a held sale approved or rejected). Net figures: earn, payout and lpp
 * hold approved sales (event 0) with the reversals (3, 4) and adjustments (5); the bonus_ figures hold
 * approved bonuses (event 1). Held rows count only as held; rejected rows count nowhere.
 */
export function saleIncrements(sign: 1 | -1 = 1): SQL {
  const n = (expr: string) => (sign === 1 ? expr : `-(${expr})`);
  const approved = 'status = 0';
  const net = `${approved} and event_type in (0, 3, 4, 5)`;
  const bonus = `${approved} and event_type = 1`;
  const reversal = 'event_type in (3, 4)';
  const held = 'status = 1';
  const when = (cond: string, value: string) => n(`case when ${cond} then ${value} else 0 end`);
  const count = (cond: string) => n(`(${cond})::int`);
  return sql`${easternDaySql(sql`date`)} as day, site_id, type_id, office_id, agent_id,
  0 as raws, 0 as uniques, ${sql.raw(
    [
      `${count(`${approved} and event_type = 0`)} as sales`,
      `${count(bonus)} as bonus_sales`,
      `${when(net, 'earning')} as earn`,
      `${when(bonus, 'earning')} as bonus_earn`,
      `${when(net, 'payout')} as payout`,
      `${when(bonus, 'payout')} as bonus_payout`,
      `${when(net, 'lpp')} as lpp`,
      `${when(bonus, 'lpp')} as bonus_lpp`,
      `${count(reversal)} as reversals`,
      `${when(reversal, 'earning')} as reversal_earn`,
      `${when(reversal, 'payout')} as reversal_payout`,
      `${count('event_type = 5')} as adjustments`,
      `${when('event_type = 5', 'earning')} as adjust_earn`,
      `${when('event_type = 5', 'payout')} as adjust_payout`,
      `${count(held)} as held`,
      `${when(held, 'earning')} as held_earn`,
      `${when(held, 'payout')} as held_payout`,
    ].join(',\n  '),
  )}`;
}

/** The increments of money rows as they are (see saleIncrements). */
export const SALE_INCREMENTS = saleIncrements(1);

/** Sums increment rows (aliased as in ROLLUP_COLUMNS) from `source` into one row per stats_daily key. */
export function sumIncrements(source: SQL): SQL {
  const sums = ROLLUP_COUNTERS.map((c) =>
    (AMOUNTS as readonly string[]).includes(c) ? `sum(${c}) as ${c}` : `sum(${c})::int as ${c}`,
  ).join(', ');
  return sql`select day, site_id, type_id, office_id, agent_id, ${sql.raw(sums)}
    from (${source}) increments
    group by day, site_id, type_id, office_id, agent_id`;
}
