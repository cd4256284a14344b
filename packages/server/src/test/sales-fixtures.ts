// Test data of the ranking, performance and dashboard tests: sales through the postback's own path (so
// stats_daily is kept as in production), and the independent answer computed in JS from the raw sales rows.
import { sql } from 'drizzle-orm';
import { easternDay, type TTopRow } from '@salesdesk/contract';
import type { AppContext } from '../context';
import { publishChange } from '../common/changes';
import { queryRows } from '../db/client';
import { recordSale } from '../postback/service';
import { buildAgent, buildOffice, buildSite, uniqueName } from './factories';
import { flushClicks, recordClick } from '../tracking/service';

export interface WorldAgent {
  id: number;
  officeId: number;
  accountId: number;
  username: string;
  clickId: number;
}
export interface SalesWorld {
  siteId: number;
  typeId: number;
  offices: { id: number; accountId: number; officeName: string }[];
  agents: WorldAgent[];
}

/** A site, `agentsPerOffice.length` offices with that many agents each, and one click per agent to sell on. */
export async function buildSalesWorld(ctx: AppContext, agentsPerOffice: number[]): Promise<SalesWorld> {
  const { site, type } = await buildSite(ctx);
  const world: SalesWorld = { siteId: site.id, typeId: type.id, offices: [], agents: [] };
  for (const count of agentsPerOffice) {
    const o = await buildOffice(ctx, { siteIds: [site.id] });
    world.offices.push({ id: o.office.id, accountId: o.accountId, officeName: o.office.officeName });
    for (let i = 0; i < count; i++) {
      const g = await buildAgent(ctx, { officeId: o.office.id, siteIds: [site.id] });
      world.agents.push({
        id: g.agent.id,
        officeId: o.office.id,
        accountId: g.accountId,
        username: g.username,
        clickId: 0,
      });
    }
  }
  await publishChange(ctx, 'tracking');
  for (const a of world.agents) {
    const click = await recordClick(ctx, {
      siteId: site.id,
      typeId: type.id,
      agentId: a.id,
      ip: '10.77.0.1',
      time: new Date(),
    });
    if (!click) throw new Error('the world agent cannot click');
    a.clickId = click.clickId;
  }
  await flushClicks(ctx);
  return world;
}

/** `count` sales (or bonus events) of the agent at the instant `at`. */
export async function sell(
  ctx: AppContext,
  world: Pick<SalesWorld, 'siteId'>,
  agent: Pick<WorldAgent, 'clickId'>,
  at: string | Date,
  count = 1,
  event: 'sale' | 'bonus' = 'sale',
) {
  for (let i = 0; i < count; i++) {
    await recordSale(ctx, {
      siteId: world.siteId,
      clickId: agent.clickId,
      event,
      txId: uniqueName('tx'),
      date: new Date(at),
    });
  }
}

export interface RawSale {
  day: string;
  eventType: number;
  /** SaleStatus: only approved sales count (a reversed sale stays approved, counted in its own day). */
  status: number;
  siteId: number;
  agentId: number;
  officeId: number;
}

/** Every sales row, its Eastern day taken by the contract's own DST rule (not the database's time zone). */
export async function rawSales(ctx: AppContext): Promise<RawSale[]> {
  const rows = await queryRows<{
    date: Date | string;
    event_type: number;
    status: number;
    site_id: number;
    agent_id: number;
    office_id: number;
  }>(ctx.db, sql`select date, event_type, status, site_id, agent_id, office_id from sales`);
  return rows.map((r) => ({
    day: easternDay(new Date(r.date)),
    eventType: r.event_type,
    status: r.status,
    siteId: r.site_id,
    agentId: r.agent_id,
    officeId: r.office_id,
  }));
}

/** Approved sales (event 0, status 0) per key of the rows inside start..end and the sites, counted in JS. */
export function countSales(
  sales: RawSale[],
  key: (s: RawSale) => number,
  f: { start?: string; end?: string; siteIds?: number[] } = {},
): Map<number, number> {
  const counts = new Map<number, number>();
  for (const s of sales) {
    if (s.eventType !== 0 || s.status !== 0) continue;
    if ((f.start && s.day < f.start) || (f.end && s.day > f.end)) continue;
    if (f.siteIds?.length && !f.siteIds.includes(s.siteId)) continue;
    counts.set(key(s), (counts.get(key(s)) ?? 0) + 1);
  }
  return counts;
}

interface Names {
  agents: Map<number, { username: string; name: string; officeId: number }>;
  offices: Map<number, string>;
}

async function names(ctx: AppContext): Promise<Names> {
  const agentRows = await queryRows<{
    id: number;
    username: string;
    first_name: string;
    last_name: string;
    office_id: number;
  }>(
    ctx.db,
    sql`select g.id, a.username, g.first_name, g.last_name, g.office_id from agents g join accounts a on a.id = g.account_id`,
  );
  const officeRows = await queryRows<{ id: number; office_name: string }>(
    ctx.db,
    sql`select id, office_name from offices`,
  );
  return {
    agents: new Map(
      agentRows.map((r) => [
        r.id,
        { username: r.username, name: `${r.first_name} ${r.last_name}`.trim(), officeId: r.office_id },
      ]),
    ),
    offices: new Map(officeRows.map((r) => [r.id, r.office_name])),
  };
}

/** The expected ranking (every place): most sales first, equal sales by lower-case name, then id. */
export async function expectedRanking(
  ctx: AppContext,
  grouping: 'agent' | 'company',
  f: { start?: string; end?: string; siteIds?: number[] },
  withOffice: boolean,
): Promise<TTopRow[]> {
  const n = await names(ctx);
  const sales = await rawSales(ctx);
  const counts = countSales(sales, (s) => (grouping === 'agent' ? s.agentId : s.officeId), f);
  const nameOf = (id: number) =>
    grouping === 'agent' ? (n.agents.get(id)?.username ?? '') : (n.offices.get(id) ?? '');
  const ids = [...counts.keys()].sort((a, b) => {
    const [x, y] = [nameOf(a).toLowerCase(), nameOf(b).toLowerCase()];
    return counts.get(b)! - counts.get(a)! || (x < y ? -1 : x > y ? 1 : 0) || a - b;
  });
  return ids.map((id) => {
    if (grouping === 'company')
      return { office: nameOf(id), agent: null, agentName: null, sales: counts.get(id)! };
    const g = n.agents.get(id)!;
    return {
      office: withOffice ? (n.offices.get(g.officeId) ?? null) : null,
      agent: g.username,
      agentName: g.name || null,
      sales: counts.get(id)!,
    };
  });
}
