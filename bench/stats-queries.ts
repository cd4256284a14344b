// The baselines of the stats benchmark, for the same criteria as the report: the bare GROUP BY on
// stats_daily (what the report reads), and the GROUP BY over the raw clicks and sales it replaces.
import pg from 'pg';
import { addDays, easternDayStart, type TStatsGroupBy } from '@salesdesk/contract';

export interface Criteria {
  groupBy: TStatsGroupBy;
  start: string;
  end: string;
  officeId?: number;
}

const DAILY_KEYS: Record<Exclude<TStatsGroupBy, 'detail'>, string> = {
  date: 'day',
  company: 'office_id',
  agent: 'office_id, agent_id',
};
const EASTERN_DAY = (col: string) => `(${col} at time zone 'America/New_York')::date`;
const RAW_KEYS = (time: string): Record<Exclude<TStatsGroupBy, 'detail'>, string> => ({
  date: EASTERN_DAY(time),
  company: 'office_id',
  agent: 'office_id, agent_id',
});

const SUMS = `sum(raws) as raws, sum(uniques) as uniques, sum(sales) as sales, sum(bonus_sales) as bonus_sales,
  sum(earn) as earn, sum(bonus_earn) as bonus_earn, sum(payout) as payout, sum(bonus_payout) as bonus_payout,
  sum(lpp + bonus_lpp) as lpp`;
const SALE_SUMS = `count(*) filter (where event_type = 0) as sales, count(*) filter (where event_type = 1) as bonus_sales,
  sum(earning) filter (where event_type = 0) as earn, sum(earning) filter (where event_type = 1) as bonus_earn,
  sum(payout) filter (where event_type = 0) as payout, sum(payout) filter (where event_type = 1) as bonus_payout,
  sum(lpp) as lpp`;

const instants = (c: Criteria) => [
  easternDayStart(c.start).toISOString(),
  easternDayStart(addDays(c.end, 1)).toISOString(),
];
const office = (c: Criteria, n: number) => (c.officeId === undefined ? '' : `and office_id = $${n}`);
const params = (c: Criteria, first: string[]) => (c.officeId === undefined ? first : [...first, c.officeId]);

/** The statements of the bare GROUP BY on stats_daily (detail: the page of sales and the rollup totals). */
export function bareStatements(c: Criteria): { text: string; values: unknown[] }[] {
  const where = `day between $1::date and $2::date ${office(c, 3)}`;
  const values = params(c, [c.start, c.end]);
  if (c.groupBy !== 'detail') {
    const keys = DAILY_KEYS[c.groupBy];
    return [{ text: `select ${keys}, ${SUMS} from stats_daily where ${where} group by ${keys}`, values }];
  }
  return [
    {
      text: `select * from sales where date >= $1 and date < $2 ${office(c, 3)} order by date desc, id desc limit 50`,
      values: params(c, instants(c)),
    },
    { text: `select ${SUMS} from stats_daily where ${where}`, values },
  ];
}

/** The statements of the GROUP BY over the raw clicks and sales (detail: the page and the raw totals). */
export function rawStatements(c: Criteria): { text: string; values: unknown[] }[] {
  const values = params(c, instants(c));
  const clicksWhere = `click_time >= $1 and click_time < $2 ${office(c, 3)}`;
  const salesWhere = `date >= $1 and date < $2 ${office(c, 3)}`;
  if (c.groupBy === 'detail')
    return [
      { text: `select * from sales where ${salesWhere} order by date desc, id desc limit 50`, values },
      { text: `select count(*), sum(is_unique::int) from clicks where ${clicksWhere}`, values },
      { text: `select ${SALE_SUMS} from sales where ${salesWhere}`, values },
    ];
  const ck = RAW_KEYS('click_time')[c.groupBy];
  const sk = RAW_KEYS('date')[c.groupBy];
  return [
    {
      text: `select ${ck}, count(*), sum(is_unique::int) from clicks where ${clicksWhere} group by ${ck}`,
      values,
    },
    { text: `select ${sk}, ${SALE_SUMS} from sales where ${salesWhere} group by ${sk}`, values },
  ];
}

/** Runs the statements one after another (as one request would); answers the milliseconds. */
export async function timeStatements(client: pg.Client, statements: { text: string; values: unknown[] }[]) {
  const started = performance.now();
  for (const s of statements) await client.query(s.text, s.values);
  return performance.now() - started;
}
