// Test data of the pay statement tests: two offices with agents and sites, money rows at chosen Eastern
// times (sales and bonuses through the live click path and postback, reversals and adjustments through the
// ledger), periods closed by the close, and an independent model of the statements from raw rows.
import { sql } from 'drizzle-orm';
import { addDays, Role, SaleStatus, type TPeriod, type TReversalKind } from '@salesdesk/contract';
import type { AppContext } from '../context';
import { publishChange } from '../common/changes';
import { queryRows } from '../db/client';
import { addAdjustment } from '../ledger/adjust';
import { reverseSale } from '../ledger/reverse';
import { closePayPeriod, markPayPeriodPaid } from '../pay-periods/close';
import { buildAdmin, buildClickPath, tokenFor } from './factories';
import { clickAt, saleAt, secondAgent, type ClickPath } from './logs-fixtures';

export interface StatementWorld {
  /** Office 1 with agents g1 and g2 on site 1 (and site 2 for g1's office); office 2 with agent h1. */
  g1: ClickPath;
  g2: ClickPath;
  h1: ClickPath;
  /** g1 on a second site of the same office. */
  g1b: ClickPath;
  adminId: number;
  tokens: Record<'g1' | 'g2' | 'h1' | 'office1' | 'office2' | 'admin' | 'superadmin', string>;
}

export async function buildStatementWorld(ctx: AppContext): Promise<StatementWorld> {
  const g1 = await buildClickPath(ctx);
  const g2 = await secondAgent(ctx, g1);
  const h1 = await buildClickPath(ctx);
  const second = await buildClickPath(ctx);
  // The second site, given to g1's office and g1.
  await ctx.db.execute(
    sql`insert into office_sites (office_id, site_id) values (${g1.office.id}, ${second.site.id})`,
  );
  await ctx.db.execute(
    sql`insert into agent_sites (agent_id, site_id, enable) values (${g1.agent.id}, ${second.site.id}, true)`,
  );
  await publishChange(ctx, 'tracking');
  const g1b = { ...g1, site: second.site, type: second.type };
  const admin = await buildAdmin(ctx);
  const superadmin = await buildAdmin(ctx, { role: Role.Superadmin });
  const accountOf = async (officeId: number) =>
    (
      await queryRows<{ account_id: number }>(
        ctx.db,
        sql`select account_id from offices where id = ${officeId}`,
      )
    )[0].account_id;
  return {
    g1,
    g2,
    h1,
    g1b,
    adminId: admin.accountId,
    tokens: {
      g1: await tokenFor(ctx, g1.agentAccountId),
      g2: await tokenFor(ctx, g2.agentAccountId),
      h1: await tokenFor(ctx, h1.agentAccountId),
      office1: await tokenFor(ctx, await accountOf(g1.office.id)),
      office2: await tokenFor(ctx, await accountOf(h1.office.id)),
      admin: await tokenFor(ctx, admin.accountId),
      superadmin: await tokenFor(ctx, superadmin.accountId),
    },
  };
}

/** A sale (or bonus) of a new click of the path's agent at `at` (ISO); answers its id. */
export async function sellAt(ctx: AppContext, path: ClickPath, at: string, event: 'sale' | 'bonus' = 'sale') {
  return saleAt(ctx, path.site.id, await clickAt(ctx, path, at), at, { event });
}

/** A refund or chargeback of the sale, arriving at `at`. */
export async function reverseAt(ctx: AppContext, saleId: number, at: string, kind: TReversalKind = 'refund') {
  const out = await reverseSale(
    ctx.db,
    { id: saleId },
    { kind, reason: 'internal: test', by: null, at: new Date(at) },
  );
  if (out.kind !== 'reversed') throw new Error(`reversal of ${saleId}: ${out.kind}`);
  return out.reversalId;
}

/** A signed peso adjustment of the agent dated `day`, with an internal note and maybe a note to the agent. */
export async function adjustOn(
  ctx: AppContext,
  agentId: number,
  day: string,
  payout: string,
  note: string,
  agentNote: string | null = null,
) {
  const id = await addAdjustment(
    ctx.db,
    { agentId, payout, earning: '1.00', date: day, note, agentNote },
    null,
  );
  if (!id) throw new Error('adjustment refused');
  return id;
}

/**
 * Closes the period `p` through the close itself, on the day after it ended, and checks it closed the
 * period the test names (the pay cycle decides a period's end).
 */
export async function closeForTest(ctx: AppContext, p: TPeriod, by: number): Promise<void> {
  const closed = await closePayPeriod(ctx.db, p.start, by, new Date(`${addDays(p.end, 1)}T17:00:00Z`));
  if (closed.end !== p.end)
    throw new Error(`closed ${closed.start} - ${closed.end}, not ${p.start} - ${p.end}`);
}

/** Marks a closed period paid. */
export const markPaidForTest = (ctx: AppContext, start: string, by: number) =>
  markPayPeriodPaid(ctx.db, start, by);

/** Money in cents, from a decimal string: exact, so the model never adds floats. */
export const cents = (amount: string): bigint => {
  const [whole, frac = ''] = amount.replace('-', '').split('.');
  const abs = BigInt(whole) * 100n + BigInt((frac + '00').slice(0, 2));
  return amount.startsWith('-') ? -abs : abs;
};
export const fromCents = (c: bigint): string => {
  const abs = c < 0n ? -c : c;
  return `${c < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

export interface ModelStatement {
  total: string;
  carriedIn: string;
  payable: string;
  carriedOut: string;
}

/**
 * The statements of `agentIds` over the closed periods `starts` (in order), from the raw money rows
 * alone: a period's total is the payout of its approved rows paid in it (sales, bonuses, reversals,
 * adjustments); a negative balance is carried into the agent's next period instead of being paid. An
 * agent without rows or balance in a period has no statement.
 */
export async function modelStatements(
  ctx: AppContext,
  agentIds: number[],
  starts: string[],
): Promise<Map<string, ModelStatement>> {
  const rows = await queryRows<{ pay_period: string; agent_id: number; payout: string }>(
    ctx.db,
    sql`select pay_period::text, agent_id, payout::text from sales
        where agent_id = any(${sql.param(agentIds)}::int[]) and status = ${SaleStatus.Approved}`,
  );
  const out = new Map<string, ModelStatement>();
  for (const agentId of agentIds) {
    let owed = 0n;
    for (const start of starts) {
      const mine = rows.filter((r) => r.agent_id === agentId && r.pay_period === start);
      if (!mine.length && owed === 0n) continue;
      const total = mine.reduce((sum, r) => sum + cents(r.payout), 0n);
      const balance = total + owed;
      out.set(`${start}/${agentId}`, {
        total: fromCents(total),
        carriedIn: fromCents(owed),
        payable: fromCents(balance > 0n ? balance : 0n),
        carriedOut: fromCents(balance < 0n ? balance : 0n),
      });
      owed = balance < 0n ? balance : 0n;
    }
  }
  return out;
}
