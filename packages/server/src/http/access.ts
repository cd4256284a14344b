// Every /api route declares who may call it; one onRequest hook enforces that before the body is read.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import {
  API_KEY_LACKS_SCOPE,
  API_KEY_NOT_HERE,
  ErrorCode,
  hasRole,
  type Permission,
  Role,
  type TApiKeyScope,
  type TSecondFactor,
} from '@salesdesk/contract';
import type { AppContext } from '../context';
import { authenticate, type Principal } from './auth';
import { AppError, forbidden, invalidToken } from './errors';
import { limitKey } from './key-rate';

/** The steps of a sign-in not yet complete: the authenticator's code is owed, or its enrolment. */
export type PendingStep = Exclude<TSecondFactor, 'complete'>;

export type Access =
  | { kind: 'public' }
  | { kind: 'role'; role: Role }
  | { kind: 'only'; roles: Role[] }
  | { kind: 'permission'; permission: Permission; role?: Role; from?: Role };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route: `PUBLIC`, `LOGIN`, `role(...)`, `only(...)` or `permission(...)`. Required under /api. */
    access?: Access;
    /**
     * The unfinished sign-ins that may call the route besides complete ones: the second step itself
     * (`['code']`), the enrolment a role requires (`['enrol']`), logout and me (both). Every other
     * route answers such a session 403 SECOND_FACTOR_REQUIRED or TWO_FACTOR_ENROLMENT_REQUIRED.
     */
    secondStep?: readonly PendingStep[];
    /**
     * A fraud-suspended agent may call it: its session, its Home and its own pay statements. Every other
     * route answers such an agent 403 (Principal.fraudSuspended).
     */
    openWhileSuspended?: true;
    /**
     * The scope an API key needs to call the route (`Authorization: Bearer sdk_...`), written beside
     * `access`: the key's owner must be admitted by `access` too. A route without one is never reachable
     * with a key (sign-in, sessions, two-factor, the keys themselves, admins, system options).
     */
    keyScope?: TApiKeyScope;
  }
}

/** The routes a session still signing in may call (see `secondStep`). */
export const AT_CODE_STEP: readonly PendingStep[] = ['code'];
export const AT_ENROL_STEP: readonly PendingStep[] = ['enrol'];
export const AT_ANY_STEP: readonly PendingStep[] = ['code', 'enrol'];

/** The refusal of a route to a session that has not finished signing in. */
export function signInUnfinished(step: PendingStep): AppError {
  return step === 'code'
    ? new AppError(403, ErrorCode.SecondFactorRequired, 'Enter the code of your authenticator app first')
    : new AppError(403, ErrorCode.TwoFactorEnrolmentRequired, 'Set up two-factor sign-in first');
}

/** No session needed; an Authorization header is ignored (a stale token must not break a click or a login). */
export const PUBLIC: Access = { kind: 'public' };
/** The lowest role, or a higher one. */
export const role = (r: Role): Access => ({ kind: 'role', role: r });
/** Any logged-in account. */
export const LOGIN: Access = role(Role.Agent);
/** Exactly these roles, not the ones above them (an agent's own forms: a chat log is an agent's). */
export const only = (...roles: Role[]): Access => ({ kind: 'only', roles });
/**
 * A logged-in account holding the permission (a superadmin holds every permission); with `atLeast`,
 * also of that role or a higher one, so a flag left on a lower account (an office) never lets it in.
 */
export const permission = (p: Permission, atLeast?: Role): Access =>
  atLeast === undefined
    ? { kind: 'permission', permission: p }
    : { kind: 'permission', permission: p, role: atLeast };

/**
 * That role or a higher one, and from role `from` up also the permission: an office's own webhooks, which
 * an admin may have only with the earnings permission (an office holds no permissions).
 */
export const permissionFrom = (p: Permission, atLeast: Role, from: Role): Access => ({
  kind: 'permission',
  permission: p,
  role: atLeast,
  from,
});

/** Whether a logged-in principal may call a route of this access (the session is checked before). */
export function admits(access: Access, p: Pick<Principal, 'role' | 'permissions'>): boolean {
  switch (access.kind) {
    case 'public':
      return true;
    case 'role':
      return hasRole(p.role, access.role);
    case 'only':
      return access.roles.includes(p.role);
    case 'permission':
      return (
        (access.role === undefined || hasRole(p.role, access.role)) &&
        ((access.from !== undefined && !hasRole(p.role, access.from)) ||
          p.permissions.includes(access.permission))
      );
  }
}

export interface DeclaredRoute {
  method: string;
  url: string;
  access: Access;
  secondStep: readonly PendingStep[];
  openWhileSuspended: boolean;
  /** The scope a key needs; undefined: never with a key. */
  keyScope: TApiKeyScope | undefined;
}

/** The refusal of every route but its Home, its statements and its session to a fraud-suspended agent. */
export const suspendedForFraud = () =>
  forbidden('Your account is suspended for fraud: only Home and your pay statements are open to you');

/**
 * Registers the access check on an /api plugin: the app refuses to start when a route declares no
 * access, and each request is authenticated and checked in onRequest, so 401/403 come before 400.
 * Returns the list of declared routes (the route matrix test walks it).
 */
export function enforceAccess(api: FastifyInstance, ctx: AppContext): DeclaredRoute[] {
  const declared: DeclaredRoute[] = [];
  api.addHook('onRoute', (route: RouteOptions) => {
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${String(route.method)} ${route.url} declares no access`);
    const secondStep = route.config?.secondStep ?? [];
    const openWhileSuspended = route.config?.openWhileSuspended === true;
    const keyScope = route.config?.keyScope;
    if (keyScope && access.kind === 'public')
      throw new Error(`Route ${String(route.method)} ${route.url} is public: it needs no key scope`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        declared.push({ method, url: route.url, access, secondStep, openWhileSuspended, keyScope });
    }
  });
  const readToken = authenticate(ctx);
  api.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    req.principal = null;
    // The not-found handler has no declaration: it answers 404 to everybody.
    const access = req.routeOptions.config?.access;
    if (!access || access.kind === 'public') return;
    await readToken(req);
    const p = req.principal as FastifyRequest['principal'];
    if (!p) throw invalidToken();
    if (p.apiKey) {
      // Every call of a key counts, a refused one too.
      await limitKey(ctx, reply, p.apiKey);
      const scope = req.routeOptions.config.keyScope;
      if (!scope) throw forbidden(API_KEY_NOT_HERE);
      if (!p.apiKey.scopes.includes(scope)) throw forbidden(API_KEY_LACKS_SCOPE(scope));
    }
    if (!admits(access, p)) throw forbidden();
    const step = p.secondFactor;
    if (step !== 'complete' && !req.routeOptions.config.secondStep?.includes(step))
      throw signInUnfinished(step);
    // The one rule of a fraud suspension; a sign-in step still owed is the step routes' own business.
    if (p.fraudSuspended && step === 'complete' && !req.routeOptions.config.openWhileSuspended)
      throw suspendedForFraud();
  });
  return declared;
}
