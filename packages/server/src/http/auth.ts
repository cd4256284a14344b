// Bearer JWT sessions and the principal of a request (http/access.ts decides who may call what).
import type { FastifyRequest } from 'fastify';
import { SignJWT, jwtVerify } from 'jose';
import { API_KEY_PREFIX, INT4_MAX, type Permission, type TMe, type TSecondFactor } from '@salesdesk/contract';
import type { AppContext } from '../context';
import { queryOne, sql } from '../db/client';
import { invalidToken } from './errors';
import { principalOfKey } from './api-key-auth';
import {
  ACCOUNT_COLUMNS,
  ACCOUNT_JOINS,
  accountMayAct,
  toPrincipal,
  type AccountState,
  type Principal,
} from './principal';
import { clientIp } from './client-ip';

export type { Principal } from './principal';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

interface Claims {
  sub: string;
  role: number;
  agentId: number | null;
  companyId: number | null;
  sv: number;
  sid: number;
}

// A token without an expiry, a session version or its session row is not a session.
const REQUIRED_CLAIMS = ['sub', 'exp', 'sv', 'sid'];
const isWhole = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

export async function signSession(
  ctx: AppContext,
  a: {
    accountId: number;
    role: number;
    agentId: number | null;
    companyId: number | null;
    sessionVersion: number;
    sessionId: number;
  },
): Promise<string> {
  const claims = {
    role: a.role,
    agentId: a.agentId,
    companyId: a.companyId,
    sv: a.sessionVersion,
    sid: a.sessionId,
  };
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(a.accountId))
    .setIssuedAt()
    .setExpirationTime(`${ctx.config.jwtTtlSeconds}s`)
    .sign(ctx.keys.jwt);
}

interface SessionState {
  second_factor: TSecondFactor | null;
  impersonated_by: number | null;
  stale: boolean | null;
}

/** How old last_seen_at may get before a request writes it again. */
export const LAST_SEEN_EVERY = '1 minute';

/**
 * Loads what an account may do now, in one read. With a session (`sv`, `sid`): null unless the
 * session version still matches (suspension, login block and a new password raise it) and the
 * session row is the account's, live and not ended (logout and the session list end it), so an
 * ended session never comes back, in any process.
 */
export async function loadPrincipal(
  ctx: AppContext,
  accountId: number,
  session?: { sv: number; sid: number },
): Promise<Principal | null> {
  const a = await queryOne<AccountState & SessionState>(
    ctx.db,
    sql`select ${ACCOUNT_COLUMNS}, s.second_factor, s.impersonated_by,
               s.last_seen_at < now() - ${LAST_SEEN_EVERY}::interval as stale
        from accounts a
        left join sessions s on ${
          session
            ? sql`s.id = ${session.sid} and s.account_id = a.id and s.ended_at is null
                  and s.expires_at > now() and s.session_version = a.session_version`
            : sql`false`
        }
        ${ACCOUNT_JOINS}
        where a.id = ${accountId}`,
  );
  if (!a || !accountMayAct(a)) return null;
  if (session && (a.session_version !== session.sv || !a.second_factor)) return null;
  if (session && a.stale) await touchSession(ctx, session.sid);
  return toPrincipal(a, {
    sessionId: session?.sid ?? null,
    secondFactor: a.second_factor ?? 'complete',
    impersonatedBy: a.impersonated_by,
  });
}

/** Last seen, written when a minute old; the condition keeps other processes from writing it again. */
async function touchSession(ctx: AppContext, sid: number) {
  await ctx.db.execute(
    sql`update sessions set last_seen_at = now()
        where id = ${sid} and last_seen_at < now() - ${LAST_SEEN_EVERY}::interval`,
  );
}

export function toMe(p: Principal): TMe {
  return {
    accountId: p.accountId,
    agentId: p.agentId,
    companyId: p.companyId,
    role: p.role,
    username: p.username,
    permissions: p.permissions,
    officeName: p.officeName,
    canDelete: p.canDelete,
    fraudSuspended: p.fraudSuspended,
  };
}

/** Reads the bearer token if there is one; the route's declared access decides whether it is needed. */
export function authenticate(ctx: AppContext) {
  return async (req: FastifyRequest) => {
    req.principal = null;
    const header = req.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    if (header.startsWith(`Bearer ${API_KEY_PREFIX}`)) {
      req.principal = await principalOfKey(ctx, header.slice(7), clientIp(req), req.headers['user-agent']);
      return;
    }
    let claims: Claims;
    try {
      const { payload } = await jwtVerify(header.slice(7), ctx.keys.jwt, {
        algorithms: ['HS256'],
        requiredClaims: REQUIRED_CLAIMS,
      });
      claims = payload as unknown as Claims;
    } catch {
      throw invalidToken();
    }
    const accountId = Number(claims.sub);
    if (!isWhole(accountId) || !isWhole(claims.sv) || !isWhole(claims.sid) || accountId > INT4_MAX)
      throw invalidToken();
    const principal = await loadPrincipal(ctx, accountId, { sv: claims.sv, sid: claims.sid });
    if (!principal) throw invalidToken();
    req.principal = principal;
  };
}

/** The principal of a guarded request. */
export function principalOf(req: FastifyRequest): Principal {
  if (!req.principal) throw invalidToken();
  return req.principal;
}

export const hasPermission = (p: Principal, permission: Permission) => p.permissions.includes(permission);
