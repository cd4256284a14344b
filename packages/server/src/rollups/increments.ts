// stats_daily: the increments a click or a sale adds, and the upsert that adds them (DESIGN.md section 3).
// The click writer, the sale postback and the rebuild all use these fragments, so they always agree.
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { INVALID_REASONS, invalidReasonCode } from '@salesdesk/contract';
import { statsDaily } from '../db/schema';

/** The Eastern (America/New_York) calendar day of a timestamptz expression. */
export const easternDaySql = (ts: SQL): SQL => sql`(${ts} at time zone 'America/New_York')::date`;

const KEY = ['day', 'siteId', 'typeId', 'officeId', 'agentId'] as const;
const COLUMNS = getTableColumns(statsDaily);
/** A figure of a stats_daily row (its key in the schema); db/schema.ts lists them once. */
type Counter = Exclude<keyof typeof COLUMNS, (typeof KEY)[number]>;
const COUNTER_KEYS = (Object.keys(COLUMNS) as (keyof typeof COLUMNS)[]).filter(
  (k): k is Counter => !(KEY as readonly string[]).includes(k),
);

/** The counters of a stats_daily row in ROLLUP_COLUMNS order (after the five key columns). */
export const ROLLUP_COUNTERS: readonly string[] = COUNTER_KEYS.map((k) => COLUMNS[k].name);

/** Every column of a stats_daily row, in the order the increment selects produce them. */
export const ROLLUP_COLUMNS = sql.raw([...KEY.map((k) => COLUMNS[k].name), ...ROLLUP_COUNTERS].join(', '));

/** The counters holding money (numeric), which sum as numeric; the others are integer counts. */
const AMOUNTS: readonly string[] = COUNTER_KEYS.filter((k) => COLUMNS[k].columnType === 'PgNumeric').map(
  (k) => COLUMNS[k].name,
);

/** Adds the new increments to the row of the same day, site, type, office and agent. */
export const ROLLUP_ON_CONFLICT = sql.raw(
  `on conflict (day, site_id, type_id, office_id, agent_id) do update set ${ROLLUP_COUNTERS.map(
    (c) => `${c} = stats_daily.${c} + excluded.${c}`,
  ).join(', ')}`,
);

/** Each invalid reason's counter of stats_daily, in INVALID_REASONS order (invalid_bot, ...). */
export const INVALID_COUNTERS: readonly string[] = INVALID_REASONS.map((r) => `invalid_${r.toLowerCase()}`);

/** What a click adds to: raws, uniques and the invalid counters; the money counters never. */
export const CLICK_COUNTERS: readonly string[] = ['raws', 'uniques', ...INVALID_COUNTERS];

/** The click writer's upsert: only the click counters are updated. */
export const CLICK_ON_CONFLICT = sql.raw(
  `on conflict (day, site_id, type_id, office_id, agent_id) do update set ${CLICK_COUNTERS.map(
    (c) => `${c} = stats_daily.${c} + excluded.${c}`,
  ).join(', ')}`,
);

/** Every counter in ROLLUP_COLUMNS order as `expression as name`: a click counter by `figure` (with
 *  its place in INVALID_COUNTERS, or -1), the money counters zero. */
const clickFigures = (figure: (counter: string, invalidIndex: number) => string) =>
  sql.raw(
    ROLLUP_COUNTERS.map((c) =>
      !CLICK_COUNTERS.includes(c)
        ? `${AMOUNTS.includes(c) ? '0::numeric' : '0'} as ${c}`
        : `${figure(c, INVALID_COUNTERS.indexOf(c))} as ${c}`,
    ).join(', '),
  );

/** The increments of clicks (columns of `clicks`), one row per click, in ROLLUP_COLUMNS order. */
export const CLICK_INCREMENTS = sql`${easternDaySql(sql`click_time`)} as day, site_id, type_id, office_id, agent_id,
  ${clickFigures((c, i) =>
    c === 'raws'
      ? '1'
      : c === 'uniques'
        ? 'is_unique::int'
        : `(invalid_reason = ${invalidReasonCode(INVALID_REASONS[i])})::int`,
  )}`;

/**
 * The click counters of stats_daily rows (columns of `stats_daily`) as increments: for the days whose raw
 * clicks the retention dropped, the only record of those clicks.
 */
export const STORED_CLICK_INCREMENTS = sql`day, site_id, type_id, office_id, agent_id, ${clickFigures((c) => c)}`;

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
  const figures: Record<Counter, string> = {
    raws: '0',
    uniques: '0',
    invalidBlacklistedIp: '0',
    invalidInternal: '0',
    invalidPreview: '0',
    invalidBot: '0',
    invalidHead: '0',
    invalidDatacenter: '0',
    invalidRepeat: '0',
    sales: count(`${approved} and event_type = 0`),
    bonusSales: count(bonus),
    earn: when(net, 'earning'),
    bonusEarn: when(bonus, 'earning'),
    payout: when(net, 'payout'),
    bonusPayout: when(bonus, 'payout'),
    lpp: when(net, 'lpp'),
    bonusLpp: when(bonus, 'lpp'),
    reversals: count(reversal),
    reversalEarn: when(reversal, 'earning'),
    reversalPayout: when(reversal, 'payout'),
    adjustments: count('event_type = 5'),
    adjustEarn: when('event_type = 5', 'earning'),
    adjustPayout: when('event_type = 5', 'payout'),
    held: count(held),
    heldEarn: when(held, 'earning'),
    heldPayout: when(held, 'payout'),
  };
  return sql`${easternDaySql(sql`date`)} as day, site_id, type_id, office_id, agent_id, ${sql.raw(
    COUNTER_KEYS.map((k) => `${figures[k]} as ${COLUMNS[k].name}`).join(',\n  '),
  )}`;
}

/** The increments of money rows as they are (see saleIncrements). */
export const SALE_INCREMENTS = saleIncrements(1);

/** Sums increment rows (aliased as in ROLLUP_COLUMNS) from `source` into one row per stats_daily key. */
export function sumIncrements(source: SQL): SQL {
  const sums = ROLLUP_COUNTERS.map((c) =>
    AMOUNTS.includes(c) ? `sum(${c}) as ${c}` : `sum(${c})::int as ${c}`,
  ).join(', ');
  return sql`select day, site_id, type_id, office_id, agent_id, ${sql.raw(sums)}
    from (${source}) increments
    group by day, site_id, type_id, office_id, agent_id`;
}
