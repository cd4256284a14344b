// Test data of the review queue: sales recorded through the live postback, then marked with the rules
// they tripped and held as a hold rule holds them, and the callers of the queue's calls.
import { eq, inArray, sql } from 'drizzle-orm';
import { Role } from '@salesdesk/contract';
import type { AppContext } from '../context';
import { queryOne } from '../db/client';
import { accounts, sales } from '../db/schema';
import { buildAdmin, buildClickPath, tokenFor } from './factories';
import { clickAt, saleAt, type ClickPath } from './logs-fixtures';
import { holdSales } from './money-fixtures';

type Path = { site: { id: number }; type: { id: number }; agent: { id: number } };

/**
 * A sale of a new click `clickSeconds` before `at` (an hour unless told, so no fast-sale rule trips on
 * its own), with exactly the rule bits `flags`, held when asked.
 */
export async function queueSale(
  ctx: AppContext,
  path: Path,
  at: string,
  o: { flags?: number; held?: boolean; clickSeconds?: number; email?: string } = {},
): Promise<number> {
  const clickTime = new Date(Date.parse(at) - (o.clickSeconds ?? 3600) * 1000).toISOString();
  const clickId = await clickAt(ctx, path, clickTime);
  const id = await saleAt(ctx, path.site.id, clickId, at, { email: o.email });
  await ctx.db
    .update(sales)
    .set({ fraudFlags: o.flags ?? 0 })
    .where(eq(sales.id, id));
  if (o.held) await holdSales(ctx.db, [id]);
  return id;
}

export type ReviewCaller =
  'superadmin' | 'approver' | 'moneyApprover' | 'admin' | 'earningAdmin' | 'office' | 'agent';

/**
 * A token for each kind of caller: approvers (admins with the approve-agents permission, one also seeing
 * earnings), admins without it, and an office and agent whose accounts carry both flags, which must
 * never let them in.
 */
export async function reviewCallers(
  ctx: AppContext,
): Promise<{ path: ClickPath } & Record<ReviewCaller, string>> {
  const path = await buildClickPath(ctx);
  const approver = await buildAdmin(ctx, { approveAgents: true });
  const moneyApprover = await buildAdmin(ctx, { approveAgents: true });
  const earningAdmin = await buildAdmin(ctx);
  const flag = (ids: number[], set: Partial<typeof accounts.$inferInsert>) =>
    ctx.db.update(accounts).set(set).where(inArray(accounts.id, ids));
  await flag([moneyApprover.accountId, earningAdmin.accountId], { earningVisible: true });
  await flag([path.office.accountId, path.agentAccountId], { approveAgents: true, earningVisible: true });
  return {
    path,
    superadmin: await tokenFor(ctx, (await buildAdmin(ctx, { role: Role.Superadmin })).accountId),
    approver: await tokenFor(ctx, approver.accountId),
    moneyApprover: await tokenFor(ctx, moneyApprover.accountId),
    admin: await tokenFor(ctx, (await buildAdmin(ctx)).accountId),
    earningAdmin: await tokenFor(ctx, earningAdmin.accountId),
    office: await tokenFor(ctx, path.office.accountId),
    agent: await tokenFor(ctx, path.agentAccountId),
  };
}

/** A sale's status, reversal mark and note, read from its row. */
export const saleState = (ctx: AppContext, id: number) =>
  queryOne<{ status: number; reversal_kind: number | null; note: string | null; fraud_flags: number }>(
    ctx.db,
    sql`select status, reversal_kind, note, fraud_flags from sales where id = ${id}`,
  );
