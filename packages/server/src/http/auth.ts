// Bearer JWT sessions and the principal of a request (http/access.ts decides who may call what).
import type { FastifyRequest } from 'fastify';
import { SignJWT, jwtVerify } from 'jose';
import { ALL_PERMISSIONS, hasRole, INT4_MAX, Permission, Role, type TMe } from '@salesdesk/contract';
import type { AppContext } from '../context';
import { queryOne, sql } from '../db/client';
import { invalidToken } from './errors';

export interface Principal {
  accountId: number;
  role: Role;
  username: string;
  agentId: number | null;
  companyId: number | null;
  officeName: string | null;
  permissions: string[];
  canDelete: boolean;
  /** The login_logs row of this session, closed by logout. */
  loginLogId: number | null;
  /** The superadmin or admin behind a remote login ("Log in as"), or null. */
  impersonatedBy?: number | null;
}

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
  lid: number;
  /** A remote login's token: the account that minted its link. */
  imp?: number;
}

// A token without an expiry, a session version or its login log is not a session.
const REQUIRED_CLAIMS = ['sub', 'exp', 'sv', 'lid'];
const isWhole = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

export async function signSession(
  ctx: AppContext,
  a: {
    accountId: number;
    role: number;
    agentId: number | null;
    companyId: number | null;
    sessionVersion: number;
    loginLogId: number;
    impersonatedBy?: number | null;
  },
): Promise<string> {
  const claims = {
    role: a.role,
    agentId: a.agentId,
    companyId: a.companyId,
    sv: a.sessionVersion,
    lid: a.loginLogId,
    ...(a.impersonatedBy ? { imp: a.impersonatedBy } : {}),
  };
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(a.accountId))
    .setIssuedAt()
    .setExpirationTime(`${ctx.config.jwtTtlSeconds}s`)
    .sign(ctx.keys.jwt);
}

interface AccountState {
  id: number;
  role: Role;
  username: string;
  active: boolean;
  login_blocked: boolean;
  approved: boolean;
  session_version: number;
  approve_agents: boolean;
  earning_visible: boolean;
  can_delete: boolean;
  agent_id: number | null;
  office_id: number | null;
  office_name: string | null;
}

/**
 * Loads what an account may do now. With a session (`sv`, `lid`): null unless the session version
 * still matches (suspension, login block and a new password raise it) and its login log row is open
 * (logout closes it), so an ended session never comes back.
 */
export async function loadPrincipal(
  ctx: AppContext,
  accountId: number,
  session?: { sv: number; lid: number },
): Promise<Principal | null> {
  const a = await queryOne<AccountState & { session_open: boolean }>(
    ctx.db,
    sql`select a.id, a.role, a.username, a.active, a.login_blocked, a.approved, a.session_version,
               a.approve_agents, a.earning_visible, a.can_delete,
               ag.id as agent_id, coalesce(o.id, ao.id) as office_id,
               coalesce(o.office_name, ao.office_name) as office_name,
               ${
                 session
                   ? sql`exists (select 1 from login_logs l where l.id = ${session.lid}
                                 and l.account_id = a.id and l.out_time is null)`
                   : sql`true`
               } as session_open
        from accounts a
        left join offices o on o.account_id = a.id
        left join agents ag on ag.account_id = a.id
        left join offices ao on ao.id = ag.office_id
        where a.id = ${accountId}`,
  );
  if (!a || !a.active || a.login_blocked || !a.approved) return null;
  if (session && (a.session_version !== session.sv || !a.session_open)) return null;
  const permissions =
    a.role === Role.Superadmin
      ? [...ALL_PERMISSIONS]
      : [
          ...(a.approve_agents && hasRole(a.role, Role.Admin) ? [Permission.ApproveAgents] : []),
          ...(a.earning_visible && hasRole(a.role, Role.Admin) ? [Permission.EarningVisible] : []),
        ];
  return {
    accountId: a.id,
    role: a.role,
    username: a.username,
    agentId: a.agent_id,
    companyId: a.office_id,
    officeName: a.office_name,
    permissions,
    canDelete: a.role === Role.Superadmin && a.can_delete,
    loginLogId: null,
    impersonatedBy: null,
  };
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
  };
}

/** Reads the bearer token if there is one; the route's declared access decides whether it is needed. */
export function authenticate(ctx: AppContext) {
  return async (req: FastifyRequest) => {
    req.principal = null;
    const header = req.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
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
    if (!isWhole(accountId) || !isWhole(claims.sv) || !isWhole(claims.lid) || accountId > INT4_MAX)
      throw invalidToken();
    if (claims.imp !== undefined && !isWhole(claims.imp)) throw invalidToken();
    const principal = await loadPrincipal(ctx, accountId, { sv: claims.sv, lid: claims.lid });
    if (!principal) throw invalidToken();
    req.principal = { ...principal, loginLogId: claims.lid, impersonatedBy: claims.imp ?? null };
  };
}

/** The principal of a guarded request. */
export function principalOf(req: FastifyRequest): Principal {
  if (!req.principal) throw invalidToken();
  return req.principal;
}

export const hasPermission = (p: Principal, permission: Permission) => p.permissions.includes(permission);
