// Money events of the tests: sales put on hold as their site's hold time would have held them on arrival
// (the same stats_daily move as the ledger's, in one statement), a seeded mix of reversals (some dated a
// week or more after their sale), holds, approvals, rejections and adjustments written through the
// ledger, the callers of the money calls, and raw-row counts.
import { inArray, sql } from 'drizzle-orm';
import { REVERSAL_KINDS, Role, SaleStatus } from '@salesdesk/contract';
import type { AppContext } from '../context';
import { queryOne, queryRows, type Queryable } from '../db/client';
import { accounts } from '../db/schema';
import { SALE_COLUMNS } from '../ledger/columns';
import { addAdjustment } from '../ledger/adjust';
import { reverseSale } from '../ledger/reverse';
import { changeHeldSales, moveSales } from '../ledger/status';
import { buildAdmin, buildClickPath, tokenFor } from './factories';
import { clickAt, saleAt, type ClickPath } from './logs-fixtures';

/** Puts approved, unreversed sales and bonuses on hold (held for a week); answers how many moved. */
export function holdSales(db: Queryable, ids: number[]): Promise<number> {
  if (!ids.length) return Promise.resolve(0);
  return moveSales(
    db,
    sql`select ${SALE_COLUMNS} from sales
        where id = any(${sql.param(ids)}::bigint[]) and status = ${SaleStatus.Approved}
          and reversal_kind is null and event_type in (0, 1)
        for update`,
    SaleStatus.Held,
    sql`, hold_until = s.date + interval '7 days'`,
  );
}

export interface Rnd {
  next: () => number;
  int: (n: number) => number;
  pick: <T>(xs: readonly T[]) => T;
}

/** mulberry32: a small seeded PRNG, so a failure replays exactly. */
export function prng(seed: number): Rnd {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)],
  };
}

const HOUR = 3_600_000;

/** A reversal's instant: the same or the next day, or a week or more later (another Sunday week). */
function reversalTime(rnd: Rnd, sale: Date): Date {
  const later = rnd.next() < 0.5 ? 7 * 24 * HOUR : 0;
  return new Date(sale.getTime() + later + rnd.int(36 * 60) * 60_000);
}

export interface LifecycleCounts {
  reversed: number;
  held: number;
  approved: number;
  rejected: number;
  heldReversed: number;
  adjustments: number;
}

/**
 * Over the sales and bonuses of `siteIds` (approved ones, in id order): reverses about `share` of them
 * (refund or chargeback at reversalTime), holds as many; of the held ones approves, rejects or reverses
 * some and leaves the rest held; then adds `adjustments` signed adjustments to `agentIds` on `days`.
 */
export async function applyLifecycle(
  ctx: AppContext,
  rnd: Rnd,
  o: {
    siteIds: number[];
    agentIds: number[];
    days: string[];
    by: number;
    share?: number;
    adjustments?: number;
  },
): Promise<LifecycleCounts> {
  const share = o.share ?? 0.1;
  const rows = await queryRows<{ id: string; date: Date | string }>(
    ctx.db,
    sql`select id::text, date from sales
        where site_id = any(${sql.param(o.siteIds)}::int[]) and event_type in (0, 1)
          and status = ${SaleStatus.Approved} and reversal_kind is null
        order by id`,
  );
  const counts: LifecycleCounts = {
    reversed: 0,
    held: 0,
    approved: 0,
    rejected: 0,
    heldReversed: 0,
    adjustments: 0,
  };
  const held: number[] = [];
  for (const r of rows) {
    const roll = rnd.next();
    const id = Number(r.id);
    if (roll < share) {
      const at = reversalTime(rnd, new Date(r.date));
      const out = await reverseSale(
        ctx.db,
        { id },
        { kind: rnd.pick(REVERSAL_KINDS), reason: 'test', by: o.by, at },
      );
      if (out.kind !== 'reversed') throw new Error(`reversal of ${id}: ${out.kind}`);
      counts.reversed += 1;
    } else if (roll < 2 * share) held.push(id);
  }
  counts.held = await holdSales(ctx.db, held);
  for (const id of held) {
    const roll = rnd.next();
    const which = sql`id = ${id}`;
    if (roll < 0.3) {
      counts.approved += await changeHeldSales(ctx.db, which, {
        status: SaleStatus.Approved,
        reason: null,
        by: o.by,
      });
    } else if (roll < 0.55) {
      const reason = 'internal: looks like a stolen card';
      counts.rejected += await changeHeldSales(ctx.db, which, {
        status: SaleStatus.Rejected,
        reason,
        by: o.by,
      });
    } else if (roll < 0.7) {
      const out = await reverseSale(ctx.db, { id }, { kind: 'chargeback', reason: 'internal', by: o.by });
      if (out.kind !== 'reversed' || !out.wasHeld) throw new Error(`held reversal of ${id}: ${out.kind}`);
      counts.heldReversed += 1;
    }
  }
  for (let i = 0; i < (o.adjustments ?? 0); i++) {
    const amount = () =>
      `${rnd.next() < 0.4 ? '-' : ''}${1 + rnd.int(4999)}.${String(rnd.int(100)).padStart(2, '0')}`;
    const payout = amount();
    const earning = rnd.next() < 0.5 ? amount() : '0';
    const id = await addAdjustment(
      ctx.db,
      {
        agentId: rnd.pick(o.agentIds),
        payout,
        earning,
        date: rnd.pick(o.days),
        note: 'internal note',
      },
      o.by,
    );
    if (!id) throw new Error('adjustment refused');
    counts.adjustments += 1;
  }
  return counts;
}

/** Moves one approved sale or bonus to held, out of the paid figures into the held ones. */
export async function holdSale(ctx: AppContext, saleId: number): Promise<void> {
  await holdSales(ctx.db, [saleId]);
}

type Path = { site: { id: number }; type: { id: number }; agent: { id: number } };

/** A sale (or bonus) of a new click of the path's agent at `at`, held when asked. */
export async function moneySale(
  ctx: AppContext,
  path: Path,
  at: string,
  opts: { held?: boolean; event?: 'sale' | 'bonus' } = {},
): Promise<number> {
  const clickId = await clickAt(ctx, path, at);
  const saleId = await saleAt(ctx, path.site.id, clickId, at, { event: opts.event });
  if (opts.held) await holdSale(ctx, saleId);
  return saleId;
}

/** count(*) of the raw sales rows matching `where`. */
export async function rawCount(ctx: AppContext, where: ReturnType<typeof sql>): Promise<number> {
  const row = await queryOne<{ n: number }>(ctx.db, sql`select count(*)::int as n from sales where ${where}`);
  return row?.n ?? 0;
}

export type MoneyCaller = 'superadmin' | 'earningAdmin' | 'admin' | 'office' | 'agent';

/**
 * A token for each kind of caller of the money calls, around a click path of their own. The office and
 * the agent carry the earnings flag on their accounts, which must never let them in.
 */
export async function moneyCallers(
  ctx: AppContext,
): Promise<{ path: ClickPath } & Record<MoneyCaller, string>> {
  const path = await buildClickPath(ctx);
  const earning = await buildAdmin(ctx);
  const flagged = [earning.accountId, path.office.accountId, path.agentAccountId];
  await ctx.db.update(accounts).set({ earningVisible: true }).where(inArray(accounts.id, flagged));
  return {
    path,
    superadmin: await tokenFor(ctx, (await buildAdmin(ctx, { role: Role.Superadmin })).accountId),
    earningAdmin: await tokenFor(ctx, earning.accountId),
    admin: await tokenFor(ctx, (await buildAdmin(ctx)).accountId),
    office: await tokenFor(ctx, path.office.accountId),
    agent: await tokenFor(ctx, path.agentAccountId),
  };
}

/** The money figures stats_daily holds for an agent. */
export const agentFigures = (ctx: AppContext, agentId: number) =>
  queryOne<Record<string, string | number>>(
    ctx.db,
    sql`select coalesce(sum(sales), 0)::int as sales, coalesce(sum(payout), 0)::text as payout,
               coalesce(sum(earn), 0)::text as earn, coalesce(sum(reversals), 0)::int as reversals,
               coalesce(sum(reversal_payout), 0)::text as reversal_payout, coalesce(sum(held), 0)::int as held,
               coalesce(sum(held_payout), 0)::text as held_payout, coalesce(sum(adjustments), 0)::int as adjustments,
               coalesce(sum(adjust_payout), 0)::text as adjust_payout
        from stats_daily where agent_id = ${agentId}`,
  );
