// Sessions kept server-side: opened at sign-in, listed and ended by their owner, ended by logout, by a
// new password or a two-factor change (all but the caller's), and by a superadmin (all of an account).
// Each way a session ends is one function here.
import type { TLoginAnswer, TSecondFactor, TSessionRow } from '@salesdesk/contract';
import type { AppContext } from '../context';
import type { Queryable } from '../db/client';
import { signSession, type Principal } from '../http/auth';
import { notFound } from '../http/errors';
import type { ClientInfo } from './client-info';
import { signedIn } from './events';
import { endAllBut, endOne, findLiveSessions, insertSession } from './sessions-sql';
import { findAccountRole } from './two-factor-sql';

export type { ClientInfo } from './client-info';

/**
 * Opens a session for a principal that may sign in; the token names the session row. The sign-in's
 * audit row (`action`: the route that signed in) is written in the same transaction.
 */
export async function openSession(
  ctx: AppContext,
  p: Principal,
  client: ClientInfo,
  opts: { secondFactor: TSecondFactor; impersonatedBy: number | null; action: string },
): Promise<TLoginAnswer> {
  return ctx.db.transaction(async (tx) => {
    const s = await insertSession(tx, {
      accountId: p.accountId,
      ip: client.ip,
      userAgent: client.userAgent,
      impersonatedBy: opts.impersonatedBy,
      secondFactor: opts.secondFactor,
      ttlSeconds: ctx.config.jwtTtlSeconds,
    });
    await signedIn(tx, p, { ...opts, client });
    const token = await signSession(ctx, { ...p, ...s });
    return { token, secondFactor: opts.secondFactor };
  });
}

/** Logout: the caller's own session ends, and its login log row closes. */
export async function logout(ctx: AppContext, p: Principal) {
  if (p.sessionId !== null) await endOne(ctx.db, p.accountId, p.sessionId);
}

/** The caller's own live sessions. */
export async function listOwnSessions(ctx: AppContext, p: Principal): Promise<TSessionRow[]> {
  const rows = await findLiveSessions(ctx.db, p.accountId);
  return rows.map((r) => ({
    id: Number(r.id),
    createdAt: new Date(r.created_at).toISOString(),
    lastSeenAt: new Date(r.last_seen_at).toISOString(),
    ip: r.ip,
    userAgent: r.user_agent,
    secondFactor: r.second_factor,
    current: Number(r.id) === p.sessionId,
    impersonatedBy: r.impersonated_by,
  }));
}

/** Ends one of the caller's own sessions; another account's id, or one already ended, is 404. */
export async function endOwnSession(ctx: AppContext, p: Principal, sessionId: number) {
  if (!(await endOne(ctx.db, p.accountId, sessionId))) throw notFound();
}

/**
 * Ends every session of the account but the caller's: asked from the session list, and part of a new
 * password and of every two-factor change (run inside their transaction).
 */
export function endOtherSessions(db: Queryable, p: Principal): Promise<number> {
  return endAllBut(db, p.accountId, p.sessionId);
}

/** A superadmin ends every session of an account (its own too, when it names itself). */
export async function endAccountSessions(ctx: AppContext, accountId: number): Promise<number> {
  if (!(await findAccountRole(ctx.db, accountId))) throw notFound();
  return endAllBut(ctx.db, accountId, null);
}

/** Every session of an account, inside a larger change (a two-factor reset). */
export const endAllSessions = (db: Queryable, accountId: number) => endAllBut(db, accountId, null);
