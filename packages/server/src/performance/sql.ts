// Office performance and chart queries over stats_daily, scoped to the caller's office for offices.
import { sql, type SQL } from 'drizzle-orm';
import type { TPerformanceGroupBy, TPerformanceSortField, ZPeriodsRequest } from '@salesdesk/contract';
import type { z } from 'zod';
import { queryRows, type Queryable } from '../db/client';
import { pagedQuery, type SortSpec } from '../common/list';
import type { Principal } from '../http/auth';
import { col, scoped } from '../http/tenant';

type Period = { start: string; end: string };

export interface PerformanceRecord {
  id: number;
  name: string;
  sales1: number;
  sales2: number;
  progress: number;
}

const statsScope = (p: Principal) => scoped(p, { office: col('sd.office_id'), agent: col('sd.agent_id') });
const inPeriod = (q: Period) => sql`sd.day between ${q.start}::date and ${q.end}::date`;

/** Each office's or agent's sales in both periods; only those with sales in one of them. */
function totals(p: Principal, groupBy: TPerformanceGroupBy, p1: Period, p2: Period): SQL {
  const key = groupBy === 'company' ? sql`sd.office_id` : sql`sd.agent_id`;
  return sql`(
    select ${key} as id,
           coalesce(sum(sd.sales) filter (where ${inPeriod(p1)}), 0)::int as sales1,
           coalesce(sum(sd.sales) filter (where ${inPeriod(p2)}), 0)::int as sales2
    from stats_daily sd
    where (${inPeriod(p1)} or ${inPeriod(p2)}) and ${statsScope(p)}
    group by ${key}) r`;
}

// DESIGN.md rule 7, rounded half away from zero like progressPercent.
const PROGRESS = sql`(case when r.sales2 = 0 then (case when r.sales1 > 0 then 100 else 0 end)
  else round((r.sales1 - r.sales2) * 100.0 / r.sales2, 2) end)::float8`;

const sortOf = (name: SQL): SortSpec<TPerformanceSortField> => ({
  fields: { name, sales1: sql`r.sales1`, sales2: sql`r.sales2`, progress: PROGRESS },
  default: { field: 'name', asc: true },
  tieBreak: sql`r.id`,
});

export function periodsPage(
  db: Queryable,
  p: Principal,
  groupBy: TPerformanceGroupBy,
  q: z.output<typeof ZPeriodsRequest>,
) {
  const byOffice = groupBy === 'company';
  const name = byOffice ? sql`o.office_name` : sql`a.username`;
  const from = byOffice
    ? sql`${totals(p, groupBy, q.period1, q.period2)} join offices o on o.id = r.id`
    : sql`${totals(p, groupBy, q.period1, q.period2)}
          join agents g on g.id = r.id join accounts a on a.id = g.account_id`;
  return pagedQuery<PerformanceRecord, TPerformanceSortField>(db, {
    select: sql`r.id, ${name} as name, r.sales1, r.sales2, ${PROGRESS} as progress`,
    from,
    where: sql`(r.sales1 > 0 or r.sales2 > 0)`,
    sort: sortOf(sql`lower(${name})`),
    query: q,
  });
}

/** The sales of both periods in the caller's scope, every row together. */
export async function periodTotals(db: Queryable, p: Principal, p1: Period, p2: Period) {
  const [row] = await queryRows<{ sales1: number; sales2: number }>(
    db,
    sql`select coalesce(sum(sd.sales) filter (where ${inPeriod(p1)}), 0)::int as sales1,
               coalesce(sum(sd.sales) filter (where ${inPeriod(p2)}), 0)::int as sales2
        from stats_daily sd where (${inPeriod(p1)} or ${inPeriod(p2)}) and ${statsScope(p)}`,
  );
  return row ?? { sales1: 0, sales2: 0 };
}

/** The offices charted: every office the caller sees, or the one asked for. */
export const chartOffices = (db: Queryable, p: Principal, officeId?: number) =>
  queryRows<{ id: number; office_name: string }>(
    db,
    sql`select o.id, o.office_name from offices o
        where ${scoped(p, { office: col('o.id'), agent: 'office' })}
          ${officeId !== undefined ? sql`and o.id = ${officeId}` : sql``}
        order by lower(o.office_name), o.id`,
  );

/** Sales per office and day of the given day ranges (the chart's point before, and its range). */
export const dailySales = (db: Queryable, p: Principal, ranges: Period[], officeId?: number) =>
  queryRows<{ office_id: number; day: string; sales: number }>(
    db,
    sql`select sd.office_id, sd.day::text as day, sum(sd.sales)::int as sales
        from stats_daily sd
        where (${sql.join(ranges.map(inPeriod), sql` or `)}) and ${statsScope(p)}
          ${officeId !== undefined ? sql`and sd.office_id = ${officeId}` : sql``}
        group by sd.office_id, sd.day`,
  );
