// The filters the click and sale logs share (tenant, office, agent, site, Eastern days) on a raw event
// table and on stats_daily, which holds the same rows counted per day: a total the rollup can answer
// costs a few thousand rollup rows instead of a count over millions of events.
import { sql, type SQL } from 'drizzle-orm';
import { addDays, easternDayStart } from '@salesdesk/contract';
import { queryOne, type Queryable } from '../db/client';
import { and } from '../common/list';
import type { Principal } from '../http/auth';
import { notFound } from '../http/errors';
import { assertAgent, col, scopedFilter, scopeOf, type Col } from '../http/tenant';

export interface LogFilter {
  companyId?: number;
  agentId?: number;
  siteId?: number;
  start?: string;
  end?: string;
  /** The first Eastern day the log holds (raw clicks: the retention dropped the days before). */
  keptFrom?: string | null;
}

export interface EventColumns {
  time: Col;
  office: Col;
  agent: Col;
  site: Col;
}

/** The tenant, the office, agent and site asked for, and the Eastern days start..end of `cols.time`. */
export function eventWhere(p: Principal, f: LogFilter, cols: EventColumns): SQL {
  const range =
    f.start && f.end
      ? sql`${cols.time} >= ${easternDayStart(f.start).toISOString()}::timestamptz
            and ${cols.time} < ${easternDayStart(addDays(f.end, 1)).toISOString()}::timestamptz`
      : undefined;
  return and([
    scopedFilter(p, cols, { officeId: f.companyId, agentId: f.agentId }),
    f.siteId !== undefined ? sql`${cols.site} = ${f.siteId}` : undefined,
    range,
    f.keptFrom ? sql`${cols.time} >= ${easternDayStart(f.keptFrom).toISOString()}::timestamptz` : undefined,
  ]);
}

/** The same filter as eventWhere on the stats_daily rows (alias r) that count those events. */
export function rollupWhere(p: Principal, f: LogFilter): SQL {
  return and([
    scopedFilter(
      p,
      { office: col('r.office_id'), agent: col('r.agent_id') },
      { officeId: f.companyId, agentId: f.agentId },
    ),
    f.siteId !== undefined ? sql`r.site_id = ${f.siteId}` : undefined,
    f.start && f.end ? sql`r.day between ${f.start}::date and ${f.end}::date` : undefined,
    f.keptFrom ? sql`r.day >= ${f.keptFrom}::date` : undefined,
  ]);
}

/**
 * The sum of `counter` over the stats_daily rows of the same filter. Exact: every click and sale adds
 * its increment in the statement that stores it, and nothing changes one without the other.
 */
export async function rollupTotal(db: Queryable, p: Principal, f: LogFilter, counter: SQL): Promise<number> {
  const row = await queryOne<{ total: string | number | null }>(
    db,
    sql`select coalesce(sum(${counter}), 0)::text as total from stats_daily r where ${rollupWhere(p, f)}`,
  );
  return Number(row?.total ?? 0);
}

export const findAgentOffice = (db: Queryable, agentId: number) =>
  queryOne<{ id: number; officeId: number }>(
    db,
    sql`select id, office_id as "officeId" from agents where id = ${agentId}`,
  );

/** Another office's agent is answered 404 (scopedFilter checks offices); for an admin an unknown one has no rows. */
export async function assertAgentFilter(db: Queryable, p: Principal, agentId: number | undefined) {
  if (agentId === undefined) return;
  const agent = await findAgentOffice(db, agentId);
  if (agent) assertAgent(p, agent);
  else if (scopeOf(p).kind !== 'all') throw notFound();
}
