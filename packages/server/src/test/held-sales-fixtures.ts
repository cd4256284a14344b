// Test data of the hold job: sales recorded through the live postback, then put on hold until the given
// instants (as a site with hold days records them), with stats_daily rebuilt to count them held.
import { inArray, sql } from 'drizzle-orm';
import { SaleStatus } from '@salesdesk/contract';
import type { AppContext } from '../context';
import { queryOne } from '../db/client';
import { sales } from '../db/schema';
import { rebuildRollups } from '../rollups/rebuild';
import { buildClickPath } from './factories';
import { clickAt, saleAt } from './logs-fixtures';

/** One agent's sales of 2026-03-02, held until each of `holdUntil`; answers the path and sale ids. */
export async function heldSales(ctx: AppContext, holdUntil: string[]) {
  const path = await buildClickPath(ctx);
  const click = await clickAt(ctx, path, '2026-03-02T15:00:00Z');
  const ids: number[] = [];
  for (const [i, until] of holdUntil.entries()) {
    const id = await saleAt(ctx, path.site.id, click, `2026-03-02T16:0${i}:00Z`);
    await ctx.db
      .update(sales)
      .set({ status: SaleStatus.Held, holdUntil: new Date(until) })
      .where(inArray(sales.id, [id]));
    ids.push(id);
  }
  await rebuildRollups(ctx.db, { siteIds: [path.site.id] });
  return { path, ids };
}

/** The agent's paid and held figures in stats_daily. */
export const agentFigures = (ctx: AppContext, agentId: number) =>
  queryOne<{ sales: number; payout: string; earn: string; held: number; held_payout: string }>(
    ctx.db,
    sql`select sum(sales)::int as sales, sum(payout)::text as payout, sum(earn)::text as earn,
               sum(held)::int as held, sum(held_payout)::text as held_payout
        from stats_daily where agent_id = ${agentId}`,
  );
