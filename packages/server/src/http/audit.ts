// Every write through the API is audited, and no route has to ask for it. A route is a read or a write by
// its declaration: a GET reads (unless it says `read: false`), a POST that only reads (a search, an
// export, a report) says `read: true`, and every other route writes. The handler of a write runs in one
// transaction opened here: the area's ctx.db answers from it (db/request-scope.ts), the row triggers of
// the audited tables record the changed fields, and the audit row is written last, before the commit.
// A refused call (any error) rolls everything back, its audit row with it; change notices go out after
// the commit. Sign-in routes record their own events (`audit: 'events'`), the postback is not audited.
// Every audited route is described in words in the contract's AUDIT_ACTIONS (its name in the action
// filter, what its rows are about, how a row reads): the app refuses to start for one that is not.
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { apiKeyShown, AUDIT_ACTIONS, type AuditActionSpec, type TAuditTarget } from '@salesdesk/contract';
import type { AppContext } from '../context';
import { beginAudit, finishAudit, type AuditEvent } from '../common/audit';
import { inWriteScope } from '../db/request-scope';
import { clientIp } from './client-ip';

/**
 * How a write is audited, where the default (its target is the first row it changed) does not fit:
 * - `{ target: 'sale' }`: the target is of this type, its id the path's `:id` (or `param`), or the
 *   body's field `bodyField` (`{ target: 'account', bodyField: 'accountId' }`: an account by its role);
 *   `detail` names a path parameter whose value the row keeps as its detail, for an action that changes no
 *   row and says what it did with it (a payout file's method: `Downloaded the GCash file of ...`);
 * - `'events'`: its service records its own audit events (a sign-in: a failed one is refused, yet kept);
 * - `'off'`: not audited (the postback: the postback log keeps every one).
 */
export type RouteAudit =
  | { target: TAuditTarget; param?: string; bodyField?: undefined; detail?: string }
  | { target: TAuditTarget; bodyField: string; param?: undefined; detail?: string }
  | 'events'
  | 'off';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Whether the route only reads: a GET does unless `false`; a POST that only reads says `true`. */
    read?: boolean;
    /** How the route's writes are audited (http/audit.ts). */
    audit?: RouteAudit;
  }
}

export type RouteKind = 'read' | 'write' | 'events' | 'off';

export interface AuditedRoute {
  method: string;
  url: string;
  kind: RouteKind;
}

// A path that reads like a read: a POST under it must say which it is (`read: true` or `read: false`).
const READ_LOOKING = /\/(search|export|list|count)$|^\/api\/stats\/|-logs$/;

function kindOf(route: RouteOptions): RouteKind {
  const { read, audit } = route.config ?? {};
  const methods = [route.method].flat();
  const name = `${methods.join(',')} ${route.url}`;
  if (audit === 'events' || audit === 'off') return audit;
  const isGet = methods.every((m) => m === 'GET' || m === 'HEAD');
  if (read === undefined && !isGet && READ_LOOKING.test(route.url))
    throw new Error(`Route ${name} reads like a read: declare read: true, or read: false for a write`);
  const kind = (read ?? isGet) ? 'read' : 'write';
  if (audit && kind === 'read') throw new Error(`Route ${name} reads: it declares no audit`);
  if (audit && !audit.bodyField && !route.url.includes(`/:${audit.param ?? 'id'}`))
    throw new Error(`Route ${name}: its audit target's id is not a path parameter`);
  if (audit?.detail && !route.url.includes(`/:${audit.detail}`))
    throw new Error(`Route ${name}: its audit detail is not a path parameter`);
  return kind;
}

/** An audited route must say in words what it did: its entry in the contract's AUDIT_ACTIONS. */
function assertDescribed(route: RouteOptions, kind: RouteKind, actions: Record<string, AuditActionSpec>) {
  if (kind !== 'write' && kind !== 'events') return;
  for (const method of [route.method].flat()) {
    const key = `${method} ${route.url}`;
    if (method !== 'HEAD' && !Object.hasOwn(actions, key))
      throw new Error(
        `Route ${key} is audited but not described: add '${key}' to AUDIT_ACTIONS (contract audit-actions.ts)`,
      );
  }
}

/** The account acting (and the one behind a remote login), its address and browser. */
function actorOf(req: FastifyRequest): Omit<AuditEvent, 'action'> {
  const p = req.principal;
  return {
    accountId: p?.accountId ?? null,
    username: p?.username ?? null,
    role: p?.role ?? null,
    impersonatedBy: p?.impersonatedBy ?? null,
    apiKey: p?.apiKey ? `${p.apiKey.name} (${apiKeyShown(p.apiKey.prefix)})` : null,
    ip: clientIp(req),
    userAgent: req.headers['user-agent'] ?? null,
  };
}

function declaredTarget(req: FastifyRequest, audit: RouteAudit | undefined) {
  if (!audit || typeof audit === 'string') return {};
  const from = (audit.bodyField ? req.body : req.params) as Record<string, unknown> | undefined;
  const id = from?.[audit.bodyField ?? audit.param ?? 'id'];
  const detail = audit.detail ? (req.params as Record<string, unknown>)[audit.detail] : undefined;
  return {
    targetType: audit.target,
    targetId: typeof id === 'number' || typeof id === 'string' ? id : null,
    ...(typeof detail === 'string' ? { detail } : {}),
  };
}

/**
 * Registers the audit on an /api plugin: each write route's handler runs in its write transaction with
 * its audit row. Returns every route with its kind (the audit walk test calls each). `actions` describe
 * the audited routes (a test's own app passes its own).
 */
export function auditWrites(
  api: FastifyInstance,
  ctx: AppContext,
  actions: Record<string, AuditActionSpec> = AUDIT_ACTIONS,
): AuditedRoute[] {
  const routes: AuditedRoute[] = [];
  api.addHook('onRoute', (route: RouteOptions) => {
    const kind = kindOf(route);
    assertDescribed(route, kind, actions);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, kind });
    }
    if (kind !== 'write') return;
    const handler = route.handler;
    const audit = route.config?.audit;
    route.handler = function auditedWrite(this: FastifyInstance, req, reply) {
      return inWriteScope(ctx.db, async (tx) => {
        const id = await beginAudit(tx);
        const answer: unknown = await handler.call(this, req, reply);
        const action = `${req.method} ${req.routeOptions.url ?? route.url}`;
        await finishAudit(tx, id, { ...actorOf(req), action, ...declaredTarget(req, audit) });
        return answer;
      });
    };
  });
  return routes;
}
