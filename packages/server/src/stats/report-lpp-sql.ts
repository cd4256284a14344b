// lppPrev (DESIGN.md rule 4): the lpp of the same office or agent over the equally long period just
// before, read for the page's groups only; an AVP agent-week row compares with the week before it.
// The AVP period of a week does not carry over to the week before, so that filter is left out here.
import { sql } from 'drizzle-orm';
import { addDays } from '@salesdesk/contract';
import { queryOne, queryRows, type Queryable } from '../db/client';
import type { GroupRecord } from './report-grouped-sql';
import { weekStartSql } from './avp-sql';
import { byAgentWeek, dailyWhere, previousPeriod, type ReportPlan } from './report-where';

/** The key of a group in the map lppPrevOfGroups answers. */
export const groupKey = (r: Pick<GroupRecord, 'day' | 'office_id' | 'agent_id' | 'week'>) =>
  [r.day, r.office_id, r.agent_id, r.week].filter((v) => v !== undefined && v !== null).join(':');

const ids = (values: (number | undefined)[]) =>
  sql.param([...new Set(values.filter((v) => v !== undefined))]);

/** lppPrev of each office or agent group on the page, by groupKey. */
export async function lppPrevOfGroups(
  db: Queryable,
  plan: ReportPlan,
  items: GroupRecord[],
): Promise<Map<string, number>> {
  if (!items.length || plan.groupBy === 'date' || plan.groupBy === 'detail') return new Map();
  let rows: { office_id: number; agent_id?: number; week?: string; lpp: number | string }[];
  if (plan.groupBy === 'company') {
    rows = await queryRows(
      db,
      sql`select r.office_id, sum(r.lpp + r.bonus_lpp)::bigint as lpp from stats_daily r
          where ${dailyWhere(plan, previousPeriod(plan.q), false)}
            and r.office_id = any(${ids(items.map((i) => i.office_id))}::int[])
          group by r.office_id`,
    );
  } else if (byAgentWeek(plan)) {
    const weeks = items.map((i) => i.week ?? plan.q.start).sort();
    const range = { start: addDays(weeks[0], -7), end: addDays(weeks[weeks.length - 1], -1) };
    rows = await queryRows(
      db,
      sql`select r.office_id, r.agent_id, (${weekStartSql(sql`r.day`)} + 7)::text as week,
                 sum(r.lpp + r.bonus_lpp)::bigint as lpp
          from stats_daily r
          where ${dailyWhere(plan, range, false)} and r.agent_id = any(${ids(items.map((i) => i.agent_id))}::int[])
          group by 1, 2, 3`,
    );
  } else {
    rows = await queryRows(
      db,
      sql`select r.office_id, r.agent_id, sum(r.lpp + r.bonus_lpp)::bigint as lpp from stats_daily r
          where ${dailyWhere(plan, previousPeriod(plan.q), false)}
            and r.agent_id = any(${ids(items.map((i) => i.agent_id))}::int[])
          group by 1, 2`,
    );
  }
  return new Map(rows.map((r) => [groupKey(r), Number(r.lpp)]));
}

/** lpp of the whole report over the equally long period just before. */
export async function lppPrevTotal(db: Queryable, plan: ReportPlan): Promise<number> {
  const row = await queryOne<{ lpp: string | number | null }>(
    db,
    sql`select coalesce(sum(r.lpp + r.bonus_lpp), 0)::bigint as lpp from stats_daily r
        where ${dailyWhere(plan, previousPeriod(plan.q), false)}`,
  );
  return Number(row?.lpp ?? 0);
}
