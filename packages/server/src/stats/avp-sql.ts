// AVP (DESIGN.md rule 5): per agent and Sunday-to-Saturday Eastern week, the count of sales on AVP
// sites selects the AVP period whose from..to holds it; every such sale that week is paid at its rates.
import { sql, type SQL } from 'drizzle-orm';
import { AVP_UPPER_BOUND, weekOf, type TAvpPeriod, type TPeriod } from '@salesdesk/contract';
import { queryRows, type Queryable } from '../db/client';

/** The Sunday starting the week of a `date` expression. */
export const weekStartSql = (day: SQL): SQL => sql`(${day} - extract(dow from ${day})::int)`;

/** The sites paid by AVP (a site keeps its history when deleted, so deleted AVP sites still count). */
export const AVP_SITES = sql`(select id from sites where avp)`;

/**
 * Every agent-week of the weeks touching `range` with rows on AVP sites: agent_id, week, n (its AVP
 * sales count over the whole week and every AVP site), and the period it selects (period_index,
 * payout_php, payout_dollars; null when no period holds n). `agentId` narrows it to one agent.
 */
export function avpWeeksSql(range: TPeriod, agentId?: number): SQL {
  const from = weekOf(range.start).start;
  const to = weekOf(range.end).end;
  return sql`select w.agent_id, w.week, w.n, p.period_index, p.payout_php, p.payout_dollars
    from (
      select agent_id, ${weekStartSql(sql`day`)} as week, sum(sales)::int as n
      from stats_daily
      where day between ${from}::date and ${to}::date and site_id in ${AVP_SITES}
        ${agentId !== undefined ? sql`and agent_id = ${agentId}` : sql``}
      group by 1, 2
    ) w
    left join lateral (${avpRateSql(sql`w.n`)}) p on true`;
}

/** The AVP period a week's count `n` selects (period_index, payout_php, payout_dollars), for a lateral join. */
export const avpRateSql = (n: SQL): SQL =>
  sql`select ap."index" as period_index, ap.payout_php, ap.payout_dollars from avp_periods ap
      where ${n} >= ap."from" and (${n} <= ap."to" or ap."to" >= ${AVP_UPPER_BOUND})
      order by ap."index" limit 1`;

interface AvpPeriodRecord {
  index: number;
  from: number;
  to: number;
  payout_php: string | null;
  payout_dollars: string | null;
}

/** GET avp-periods: the pay schedule, by index. */
export async function listAvpPeriods(db: Queryable): Promise<TAvpPeriod[]> {
  const rows = await queryRows<AvpPeriodRecord>(
    db,
    sql`select "index", "from", "to", payout_php::text as payout_php, payout_dollars::text as payout_dollars
        from avp_periods order by "index"`,
  );
  return rows.map((r) => ({
    index: r.index,
    from: r.from,
    to: r.to,
    payoutPhp: r.payout_php,
    payoutDollars: r.payout_dollars,
  }));
}
