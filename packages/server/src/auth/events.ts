// The audit events of a sign-in (common/audit.ts): a session started, in the transaction that starts it,
// and a refused sign-in, recorded on its own once the refusal rolled back. The sign-in routes declare
// `audit: 'events'`, so the API opens no write transaction around them.
import { sql } from 'drizzle-orm';
import { canonicalUsername, ErrorCode, isUsernameKey } from '@salesdesk/contract';
import type { AppContext } from '../context';
import { queryOne, type Queryable } from '../db/client';
import { recordAuthEvent } from '../common/audit';
import { AppError } from '../http/errors';
import type { Principal } from '../http/auth';

export const SIGN_IN = 'POST /api/auth/login';
export const REMOTE_SIGN_IN = 'POST /api/auth/login-remote';
export const SIGNED_IN = 'signed in';

/** Where a sign-in comes from. */
export interface SignInClient {
  ip: string;
  userAgent: string | null;
}

/** A session started for `p` (inside the transaction that writes its login log). */
export function signedIn(
  tx: Queryable,
  p: Principal,
  e: { action: string; client: SignInClient; impersonatedBy: number | null },
) {
  return recordAuthEvent(tx, {
    accountId: p.accountId,
    username: p.username,
    role: p.role,
    impersonatedBy: e.impersonatedBy,
    ...e.client,
    action: e.action,
    detail: SIGNED_IN,
  });
}

/**
 * A refused sign-in, with the account the typed name belongs to (if any) and the reason it was given.
 * A throttled try (429) is not recorded: it checked nothing, and a flood of them must not fill the log.
 */
export async function signInRefused(
  ctx: AppContext,
  e: { action: string; client: SignInClient; typedName: string | null; err: unknown },
) {
  if (!(e.err instanceof AppError) || e.err.status >= 500 || e.err.code === ErrorCode.RateLimited) return;
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
    detail: `sign-in refused: ${e.err.message}`,
  });
}
