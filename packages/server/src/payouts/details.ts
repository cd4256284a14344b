// Payout details (issue 36): an agent sets its own with its current password (and second factor when
// enrolled); an admin who sees earnings may set or correct them and sees them whole; an office sees the
// method and last 4. The account is encrypted at rest and never logged; a change is mailed to the agent.
import {
  Permission,
  PAYOUT_CHANGE_HOLD_HOURS,
  PAYOUT_METHOD_LABELS,
  payoutAccount,
  type TPayoutDetails,
  type TPayoutDetailsView,
  type TPayoutMethod,
} from '@salesdesk/contract';
import type { AppContext } from '../context';
import { decryptSecret, encryptSecret } from '../common/crypto';
import { afterCommit } from '../db/request-scope';
import { assertCurrentPassword } from '../auth/current-password';
import { assertOwnCode } from '../auth/two-factor';
import { hasPermission, type Principal } from '../http/auth';
import { notFound } from '../http/errors';
import { col, scoped } from '../http/tenant';
import {
  agentWithDetails,
  holdOpenLines,
  saveDetails,
  type AgentPayoutRecord,
  type DetailsRecord,
  type DetailsWrite,
} from './details-sql';

const HOLD_MS = PAYOUT_CHANGE_HOLD_HOURS * 3_600_000;

/** The stored row's details, whole (the account decrypted). */
export function detailsOf(ctx: AppContext, d: DetailsRecord): TPayoutDetails {
  const account = decryptSecret(ctx.keys, d.account_secret) ?? '';
  const method = d.method as TPayoutMethod;
  if (method === 'bank')
    return { method, bank: d.bank ?? '', accountName: d.account_name ?? '', accountNumber: account };
  if (method === 'paypal') return { method, email: account };
  return { method, mobileNumber: account, accountName: d.account_name ?? '' };
}

function view(ctx: AppContext, r: AgentPayoutRecord, whole: boolean): TPayoutDetailsView {
  const d = r.details;
  if (!d) return { details: null, summary: null, changedAt: null, heldUntil: null };
  const changed = new Date(d.changed_at);
  const until = new Date(changed.getTime() + HOLD_MS);
  return {
    details: whole ? detailsOf(ctx, d) : null,
    summary: { method: d.method as TPayoutMethod, last4: d.account_last4 },
    changedAt: changed.toISOString(),
    heldUntil: until.getTime() > Date.now() ? until.toISOString() : null,
  };
}

const agentOf = async (ctx: AppContext, p: Principal, agentId: number) => {
  const r = await agentWithDetails(
    ctx.db,
    agentId,
    scoped(p, { office: col('g.office_id'), agent: col('g.id') }),
  );
  if (!r) throw notFound('Agent not found');
  return r;
};

/** The caller's own details (an agent), whole. */
export async function getOwn(ctx: AppContext, p: Principal): Promise<TPayoutDetailsView> {
  if (!p.agentId) throw notFound('Agent not found');
  return view(ctx, await agentOf(ctx, p, p.agentId), true);
}

/** An agent's details as `p` may see them; another office's agent is 404. */
export async function getOfAgent(
  ctx: AppContext,
  p: Principal,
  agentId: number,
): Promise<TPayoutDetailsView> {
  return view(ctx, await agentOf(ctx, p, agentId), hasPermission(p, Permission.EarningVisible));
}

async function save(ctx: AppContext, p: Principal, agent: AgentPayoutRecord, d: TPayoutDetails) {
  const account = payoutAccount(d);
  const now = new Date();
  const write: DetailsWrite = {
    method: d.method,
    bank: d.method === 'bank' ? d.bank : null,
    accountName: d.method === 'paypal' ? null : d.accountName,
    accountSecret: encryptSecret(ctx.keys, account),
    accountLast4: account.slice(-4),
  };
  await saveDetails(ctx.db, agent.agent_id, write, p.accountId, now);
  await holdOpenLines(ctx.db, agent.agent_id, write, p.accountId, now);
  await mailChange(ctx, agent, d.method, p.agentId === agent.agent_id ? null : p.username);
  return view(ctx, await agentOf(ctx, p, agent.agent_id), true);
}

/**
 * Tells the agent its details changed (after the commit; never the account itself): a stolen password
 * used to redirect a payday is seen by the one it would rob, and the 48-hour hold gives time to act.
 */
async function mailChange(
  ctx: AppContext,
  agent: AgentPayoutRecord,
  method: TPayoutMethod,
  by: string | null,
) {
  const to = agent.email;
  if (!to) return;
  // The change stands when the mail cannot leave (the mailer reports its own failures).
  await afterCommit(ctx.db, () =>
    ctx.mailer
      .send({
        to,
        subject: `${ctx.brand.displayName}: your payout details changed`,
        text:
          `The payout details of ${agent.username} were changed${by ? ` by ${by}` : ''} at ${new Date().toISOString()}.\n` +
          `Method: ${PAYOUT_METHOD_LABELS[method]}.\n\n` +
          `Payments to details changed less than ${PAYOUT_CHANGE_HOLD_HOURS} hours before a batch wait for the next batch.\n` +
          'If you did not make this change, tell your office or an administrator at once and change your password.\n',
      })
      .catch(() => undefined),
  );
}

/** The agent sets its own details: its current password, and its second factor when enrolled. */
export async function setOwn(
  ctx: AppContext,
  p: Principal,
  v: { details: TPayoutDetails; currentPassword: string; code?: string },
  ip: string,
): Promise<TPayoutDetailsView> {
  if (!p.agentId) throw notFound('Agent not found');
  await assertCurrentPassword(ctx, p, v.currentPassword);
  await assertOwnCode(ctx, p, v.code, ip);
  return save(ctx, p, await agentOf(ctx, p, p.agentId), v.details);
}

/** An admin who sees earnings sets or corrects an agent's details. */
export async function setOfAgent(
  ctx: AppContext,
  p: Principal,
  agentId: number,
  d: TPayoutDetails,
): Promise<TPayoutDetailsView> {
  return save(ctx, p, await agentOf(ctx, p, agentId), d);
}
