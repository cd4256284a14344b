// Approval rules: holders of APPROVE_AGENTS list unapproved agents and approve them in batches.
import type { TUnapprovedQuery, TUnapprovedRow } from '@salesdesk/contract';
import type { AppContext } from '../context';
import { publishChange } from '../common/changes';
import type { Principal } from '../http/auth';
import { notFound } from '../http/errors';
import { writeAgentsApproved } from '../ledger';
import { approveAgents as approveRows, searchUnapproved } from './sql';

export async function listUnapproved(ctx: AppContext, p: Principal, q: TUnapprovedQuery) {
  const { items, total } = await searchUnapproved(ctx.db, p, q);
  return {
    items: items.map((r): TUnapprovedRow => ({
      id: r.id,
      accountId: r.account_id,
      username: r.username,
      companyId: r.office_id,
      officeName: r.office_name,
      regTime: new Date(r.reg_time).toISOString(),
    })),
    total,
  };
}

/** All or nothing: an id that is not an unapproved agent (approved, unknown, not an agent) answers 404. */
export async function approveAgents(ctx: AppContext, p: Principal, ids: number[]) {
  const unique = [...new Set(ids)];
  const approved = await ctx.db.transaction(async (tx) => {
    const rows = await approveRows(tx, p, unique);
    if (rows.length !== unique.length) throw notFound('Some of these agents are not waiting for approval');
    await writeAgentsApproved(
      tx,
      rows.map((r) => r.id),
    );
    return rows.length;
  });
  // An approved agent's links start working: the click cache must learn it in every process.
  await publishChange(ctx, 'tracking');
  return approved;
}
