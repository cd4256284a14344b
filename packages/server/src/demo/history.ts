// About 90 days of demo clicks and sales. The default size goes through the same services as the
// redirect and the postback (recordClick with a past time, recordSale with a past date), so the
// rollups are the live path's own; DEMO_SCALE > 1 bulk-inserts the raw rows and rebuilds the rollups.
import { sql } from 'drizzle-orm';
import { addDays, easternDayStart } from '@salesdesk/contract';
import type { AppContext } from '../context';
import { publishChange } from '../common/changes';
import { recordSale } from '../postback/service';
import { flushClicks, recordClick } from '../tracking/service';
import { loadClickableAgentSites } from '../tracking/sql';
import { queryRows, type Db, type Queryable } from '../db/client';
import { ensureMonthPartitions, PARTITIONED_TABLES } from '../db/partitions';
import { insertHistoryBulk } from './history-bulk';
import { addDemoFraud } from './fraud';
import { addDemoMoneyEvents } from './money-events';
import {
  demoTxId,
  historyDays,
  planHistory,
  type DayPlan,
  type HistoryCast,
  type PlanOptions,
} from './history-plan';
import { AvpTally, progressReporter, type HistoryCounts, type HistorySummary } from './history-summary';

export const DEMO_DAYS = 90;
const DEMO_SEED = 20_240_601;

export interface HistoryOptions {
  /** Multiplies the volume (DEMO_SCALE); 0 makes no history. */
  scale?: number;
  days?: number;
  now?: Date;
  seed?: number;
  /** Whom to make history for; default: every clickable agent and site. */
  cast?: HistoryCast;
  /** Raw inserts plus a rollup rebuild instead of the services; default: when scale > 1. */
  bulk?: boolean;
  /** Progress on stderr. */
  progress?: boolean;
}

/** DEMO_SCALE from the environment: a non-negative number, 1 when unset. */
export function demoScale(env: Record<string, string | undefined> = process.env): number {
  const raw = env.DEMO_SCALE?.trim();
  if (!raw) return 1;
  const scale = Number(raw);
  if (!Number.isFinite(scale) || scale < 0) throw new Error(`DEMO_SCALE must be a number >= 0, not ${raw}`);
  return scale;
}

/** The clickable agents (with their enabled sites) and the sites with active link types. */
export async function loadCast(db: Queryable, siteIds?: number[]): Promise<HistoryCast> {
  const only = (col: string) =>
    siteIds ? sql`and ${sql.raw(col)} = any(${sql.param(siteIds)}::int[])` : sql``;
  const siteRows = await queryRows<{ id: number; avp: boolean; use_approve_sale: boolean }>(
    db,
    sql`select id, avp, use_approve_sale from sites
        where status and deleted_at is null ${only('id')} order by id`,
  );
  const typeRows = await queryRows<{ id: number; site_id: number; bonus: boolean }>(
    db,
    sql`select id, site_id, bonus from link_types
        where status and deleted_at is null ${only('site_id')} order by id`,
  );
  const sites = siteRows.map((s) => ({
    id: s.id,
    avp: s.avp,
    approveSale: s.use_approve_sale,
    types: typeRows.filter((t) => t.site_id === s.id).map((t) => ({ id: t.id, bonus: t.bonus })),
  }));
  const agents = new Map<number, HistoryCast['agents'][number]>();
  for (const r of await loadClickableAgentSites(db)) {
    if (!sites.some((s) => s.id === r.site_id)) continue;
    const agent = agents.get(r.agent_id) ?? { id: r.agent_id, officeId: r.office_id, siteIds: [] };
    agent.siteIds.push(r.site_id);
    agents.set(r.agent_id, agent);
  }
  return { sites, agents: [...agents.values()].sort((a, b) => a.id - b.id) };
}

/** Generates the history and answers what it made; null when the scale is 0 or nobody can click. */
export async function generateDemoHistory(
  ctx: AppContext,
  opts: HistoryOptions = {},
): Promise<HistorySummary | null> {
  const scale = opts.scale ?? 1;
  const cast = opts.cast ?? (await loadCast(ctx.db));
  if (scale <= 0 || !cast.agents.length) return null;
  const plan: PlanOptions = {
    days: opts.days ?? DEMO_DAYS,
    scale,
    now: (opts.now ?? new Date()).getTime(),
    seed: opts.seed ?? DEMO_SEED,
  };
  const started = Date.now();
  const bulk = opts.bulk ?? scale > 1;
  const tally = new AvpTally(cast);
  const progress = !!opts.progress;
  const days = historyDays(plan);
  await ensureHistoryMonths(ctx.db, days);
  const counts = bulk
    ? await insertHistoryBulk(ctx.db, planHistory(cast, plan), { days, cast, tally, progress })
    : await recordHistory(
        ctx,
        planHistory(cast, plan),
        tally,
        progressReporter('demo history', plan.days, progress),
      );
  const money = await addDemoMoneyEvents(
    ctx.db,
    cast.sites.map((s) => s.id),
    cast.agents.map((a) => a.id),
    new Date(plan.now),
  );
  const fraud = await addDemoFraud(
    ctx.db,
    cast.sites.map((s) => s.id),
    cast.agents.map((a) => a.id),
    new Date(plan.now),
  );
  return {
    path: bulk ? 'bulk' : 'service',
    from: days[0],
    to: days[days.length - 1],
    days: days.length,
    ...counts,
    avpWeeks: tally.bands(),
    money,
    fraud,
    seconds: (Date.now() - started) / 1000,
  };
}

/** The month partitions of the history's days (its postback log entries run a day past the last). */
async function ensureHistoryMonths(db: Db, days: string[]) {
  if (!days.length) return;
  const from = easternDayStart(days[0]);
  const to = easternDayStart(addDays(days[days.length - 1], 2));
  for (const table of PARTITIONED_TABLES) await ensureMonthPartitions(db, table, from, to);
}

/** The service path: every click through recordClick, every sale through recordSale. */
async function recordHistory(
  ctx: AppContext,
  days: Iterable<DayPlan>,
  tally: AvpTally,
  report: (done: number, rows: number) => void,
): Promise<HistoryCounts> {
  await publishChange(ctx, 'tracking'); // a running click cache must know the agents and sites
  const counts: HistoryCounts = { clicks: 0, uniques: 0, sales: 0, bonuses: 0 };
  let done = 0;
  for (const day of days) {
    const ids = await recordDayClicks(ctx, day, counts);
    await flushClicks(ctx); // recordSale finds the clicks in the table, not in the buffer
    for (const s of day.sales) {
      const click = day.clicks[s.click];
      const clickId = ids[s.click];
      await recordSale(ctx, {
        siteId: click.siteId,
        clickId,
        event: s.event,
        email: s.email,
        txId: demoTxId(s.event, clickId),
        date: new Date(s.time),
      });
      counts[s.event === 'sale' ? 'sales' : 'bonuses'] += 1;
    }
    tally.addDay(day);
    report(++done, counts.clicks + counts.sales + counts.bonuses);
  }
  return counts;
}

async function recordDayClicks(ctx: AppContext, day: DayPlan, counts: HistoryCounts): Promise<number[]> {
  const ids: number[] = [];
  for (const c of day.clicks) {
    const click = await recordClick(ctx, { ...c, time: new Date(c.time) });
    if (!click) throw new Error(`Demo click refused: site ${c.siteId}, type ${c.typeId}, agent ${c.agentId}`);
    ids.push(click.clickId);
    counts.clicks += 1;
    if (click.isUnique) counts.uniques += 1;
  }
  return ids;
}
