// The audit events of a sign-in (common/audit.ts): a password or link step that opened a session, the
// second step's code accepted (each in the transaction that writes it), and a refused sign-in, recorded
// on its own once the refusal rolled back. The sign-in routes declare `audit: 'events'`, so the API opens
// no write transaction around them; every other two-factor and session call is an audited write.
import { sql } from 'drizzle-orm';
import { canonicalUsername, isUsernameKey, type TSecondFactor } from '@salesdesk/contract';
import type { AppContext } from '../context';
import { queryOne, type Queryable } from '../db/client';
import { recordAuthEvent } from '../common/audit';
import { AppError } from '../http/errors';
import type { Principal } from '../http/auth';
import type { ClientInfo } from './client-info';

export const SIGN_IN = 'POST /api/auth/login';
export const REMOTE_SIGN_IN = 'POST /api/auth/login-remote';
export const SECOND_FACTOR = 'POST /api/auth/second-factor';

/** What a session opened by a password or a link may do yet. */
const OPENED: Record<TSecondFactor, string> = {
  complete: 'signed in',
  code: 'password accepted, two-factor code owed',
  enrol: 'password accepted, two-factor enrolment owed',
};
export const SIGNED_IN = OPENED.complete;
export const SIGNED_IN_WITH_CODE = 'signed in with a two-factor code';

const actorOf = (p: Principal) => ({
  accountId: p.accountId,
  username: p.username,
  role: p.role,
  impersonatedBy: p.impersonatedBy,
});

/** A session opened for `p` (inside the transaction that writes its row). */
export function signedIn(
  tx: Queryable,
  p: Principal,
  e: { action: string; client: ClientInfo; impersonatedBy: number | null; secondFactor: TSecondFactor },
) {
  return recordAuthEvent(tx, {
    ...actorOf(p),
    impersonatedBy: e.impersonatedBy,
    ...e.client,
    action: e.action,
    detail: OPENED[e.secondFactor],
  });
}

/** The second step's code accepted: the session is complete (inside the transaction that says so). */
export function codeAccepted(tx: Queryable, p: Principal, client: ClientInfo) {
  return recordAuthEvent(tx, {
    ...actorOf(p),
    ...client,
    action: SECOND_FACTOR,
    detail: SIGNED_IN_WITH_CODE,
  });
}

// The credentials, the code or the link refused (400); not a throttled try (429: it checked nothing,
// and a flood of them must not fill the log) nor a code step a session did not owe (409).
const isRecorded = (err: unknown): err is AppError => err instanceof AppError && err.status === 400;

/**
 * A refused sign-in: by the account the typed name belongs to (if any), or the session whose code was
 * wrong, with the reason it was given.
 */
export async function signInRefused(
  ctx: AppContext,
  e: { action: string; client: ClientInfo; err: unknown } & (
    { typedName: string | null } | { session: Principal }
  ),
) {
  if (!isRecorded(e.err)) return;
  const detail = `sign-in refused: ${e.err.message}`;
  if ('session' in e) {
    await recordAuthEvent(ctx.db, { ...actorOf(e.session), ...e.client, action: e.action, detail });
    return;
  }
  const key = e.typedName === null ? '' : canonicalUsername(e.typedName);
  const account = isUsernameKey(key)
    ? await queryOne<{ id: number; username: string; role: number }>(
        ctx.db,
        sql`select id, username, role from accounts where lower(username) = ${key}`,
      )
    : undefined;
  await recordAuthEvent(ctx.db, {
    accountId: account?.id ?? null,
    // A name no account has is kept as typed (in its canonical form): someone tried it.
    username: account?.username ?? (isUsernameKey(key) ? key : null),
    role: account?.role ?? null,
    ...e.client,
    action: e.action,
    detail,
  });
}
