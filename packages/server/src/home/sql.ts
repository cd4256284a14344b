// The Home figures' queries: sums of stats_daily (the statistics' own table) over Eastern days, and the
// few rows each role's Home lists. Each is one indexed read: stats_daily by day (admins), office or agent.
import { sql, type SQL } from 'drizzle-orm';
import {
  PayoutLineStatus as S,
  POSTBACK_REASONS,
  SaleStatus,
  type TPeriod,
  type TPostbackReason,
} from '@salesdesk/contract';
import { queryOne, queryRows, type Queryable } from '../db/client';

export interface TotalsRecord {
  sales: number;
  bonuses: number;
  payout: string;
  held: number;
  held_payout: string;
  uniques: number;
  earning: string;
}

const money = (expr: string, range: string) =>
  sql.raw(`coalesce(sum(${expr}) filter (where ${range}), 0)::numeric(14, 2)::text`);
const whole = (expr: string, range: string) =>
  sql.raw(`coalesce(sum(${expr}) filter (where ${range}), 0)::int`);

/** Each range's totals of the stats_daily rows `where` admits (alias d), in one read over their span. */
export async function totals(db: Queryable, where: SQL, ranges: TPeriod[]): Promise<TotalsRecord[]> {
  const from = ranges.reduce((a, r) => (r.start < a ? r.start : a), ranges[0].start);
  const to = ranges.reduce((a, r) => (r.end > a ? r.end : a), ranges[0].end);
  const cols = ranges.map((r, i) => {
    // Days are YYYY-MM-DD by the contract: safe as literals.
    const range = `d.day between '${r.start}'::date and '${r.end}'::date`;
    return sql`${whole('d.sales', range)} as sales${sql.raw(String(i))},
      ${whole('d.bonus_sales', range)} as bonuses${sql.raw(String(i))},
      ${money('d.payout + d.bonus_payout', range)} as payout${sql.raw(String(i))},
      ${whole('d.held', range)} as held${sql.raw(String(i))},
      ${money('d.held_payout', range)} as held_payout${sql.raw(String(i))},
      ${whole('d.uniques', range)} as uniques${sql.raw(String(i))},
      ${money('d.earn + d.bonus_earn', range)} as earning${sql.raw(String(i))}`;
  });
  const row = await queryOne<Record<string, string | number>>(
    db,
    sql`select ${sql.join(cols, sql`, `)} from stats_daily d
        where d.day between ${from}::date and ${to}::date and ${where}`,
  );
  return ranges.map((_, i) => ({
    sales: Number(row?.[`sales${i}`] ?? 0),
    bonuses: Number(row?.[`bonuses${i}`] ?? 0),
    payout: String(row?.[`payout${i}`] ?? '0.00'),
    held: Number(row?.[`held${i}`] ?? 0),
    held_payout: String(row?.[`held_payout${i}`] ?? '0.00'),
    uniques: Number(row?.[`uniques${i}`] ?? 0),
    earning: String(row?.[`earning${i}`] ?? '0.00'),
  }));
}

/** The agent's AVP sites (enabled for it) and its sales on each in `week`. */
export const avpSites = (db: Queryable, agentId: number, week: TPeriod) =>
  queryRows<{ site_id: number; site: string; sales: number }>(
    db,
    sql`select s.id as site_id, s.sitename as site,
               coalesce((select sum(d.sales) from stats_daily d where d.agent_id = ${agentId} and d.site_id = s.id
                         and d.day between ${week.start}::date and ${week.end}::date), 0)::int as sales
        from sites s join agent_sites g on g.site_id = s.id and g.agent_id = ${agentId} and g.enable
        where s.avp order by s.sitename, s.id`,
  );

/** The agent's AVP sales of the week on every AVP site: the count the schedule reads. */
export async function avpWeekSales(db: Queryable, agentId: number, week: TPeriod): Promise<number> {
  const row = await queryOne<{ n: number }>(
    db,
    sql`select coalesce(sum(sales), 0)::int as n from stats_daily
        where agent_id = ${agentId} and day between ${week.start}::date and ${week.end}::date
          and site_id in (select id from sites where avp)`,
  );
  return row?.n ?? 0;
}

/** The first volume of the schedule above `n` sales, with the week's pay once reached (from x its rate). */
export const nextAvpVolume = (db: Queryable, n: number) =>
  queryOne<{ index: number; from: number; to: number; payout: string }>(
    db,
    sql`select "index", "from", "to", ("from" * coalesce(payout_php, 0))::numeric(14, 2)::text as payout
        from avp_periods where "from" > ${n} order by "from", "index" limit 1`,
  );

/** The agent's latest statement with how it was paid (its payout line, or the one it was carried into). */
export const lastStatement = (db: Queryable, agentId: number) =>
  queryOne<{
    start: string;
    end: string;
    payable: string;
    paid_on: string | null;
    method: string | null;
    last4: string | null;
  }>(
    db,
    sql`select s.period_start::text as start, p."end"::text as "end", s.payable::text,
               coalesce(pc.paid_on, pl.paid_on,
                        (p.paid_at at time zone 'America/New_York')::date)::text as paid_on,
               coalesce(pc.method, pl.method) as method, coalesce(pc.last4, pl.last4) as last4
        from pay_statements s join pay_periods p on p.start = s.period_start
        left join payout_lines pl on pl.period_start = s.period_start and pl.agent_id = s.agent_id
        left join payout_lines pc on pc.id = pl.carried_to and pc.status = ${S.paid}
        where s.agent_id = ${agentId} order by s.period_start desc limit 1`,
  );

/** Sales held for review now, of the rows `where` admits (alias s). */
export async function heldForReview(db: Queryable, where: SQL): Promise<number> {
  const row = await queryOne<{ n: number }>(
    db,
    sql`select count(*)::int as n from sales s where s.status = ${SaleStatus.Held} and ${where}`,
  );
  return row?.n ?? 0;
}

export interface AgentRecord {
  agent_id: number;
  username: string;
  agent_name: string;
  sales: number;
  last_sale: string | null;
}

/** The office's active agents without a sale since `since`: how many, and the first `limit` (never sold first). */
export async function idleAgents(db: Queryable, officeId: number, since: string, limit: number) {
  const idle = sql`from agents g join accounts a on a.id = g.account_id
    where g.office_id = ${officeId} and g.active and a.active and a.approved
      and not exists (select 1 from stats_daily d where d.agent_id = g.id and d.day >= ${since}::date
                      and d.sales + d.bonus_sales > 0)`;
  const rows = await queryRows<AgentRecord>(
    db,
    sql`select g.id as agent_id, a.username, btrim(concat_ws(' ', g.first_name, g.last_name)) as agent_name,
               0 as sales,
               (select max(d.day)::text from stats_daily d where d.agent_id = g.id and d.sales > 0) as last_sale
        ${idle} order by last_sale nulls first, a.username limit ${limit}`,
  );
  const count = await queryOne<{ n: number }>(db, sql`select count(*)::int as n ${idle}`);
  return { rows, count: count?.n ?? 0 };
}

/** The office's top agents of `week` by sales. */
export const topAgents = (db: Queryable, officeId: number, week: TPeriod, limit: number) =>
  queryRows<AgentRecord>(
    db,
    sql`select d.agent_id, a.username, btrim(concat_ws(' ', g.first_name, g.last_name)) as agent_name,
               sum(d.sales)::int as sales, max(d.day) filter (where d.sales > 0)::text as last_sale
        from stats_daily d join agents g on g.id = d.agent_id join accounts a on a.id = g.account_id
        where d.office_id = ${officeId} and d.day between ${week.start}::date and ${week.end}::date
        group by d.agent_id, a.username, g.first_name, g.last_name
        having sum(d.sales) > 0 order by sum(d.sales) desc, a.username limit ${limit}`,
  );

/** Postbacks refused since `since`, by reason. */
export async function refusedPostbacks(db: Queryable, since: Date) {
  const rows = await queryRows<{ reason: string; count: number }>(
    db,
    sql`select result as reason, sum(count)::int as count from postback_logs
        where time >= ${since.toISOString()}::timestamptz
          and result in (${sql.join(
            POSTBACK_REASONS.map((r) => sql`${r}`),
            sql`, `,
          )})
        group by result order by count desc, result`,
  );
  return rows as { reason: TPostbackReason; count: number }[];
}

/** Webhooks failing now: a failure in a row, or disabled after failures. */
export async function failingWebhooks(db: Queryable): Promise<number> {
  const row = await queryOne<{ n: number }>(
    db,
    sql`select count(*)::int as n from webhook_endpoints where deleted_at is null and failures > 0`,
  );
  return row?.n ?? 0;
}

/** Payout lines not yet paid nor carried: pending, held or failed. */
export const pendingPayouts = (db: Queryable) =>
  queryOne<{ lines: number; amount: string }>(
    db,
    sql`select count(*)::int as lines, coalesce(sum(amount), 0)::numeric(14, 2)::text as amount
        from payout_lines where status in (${S.pending}, ${S.held}, ${S.failed}) and carried_to is null`,
  );
