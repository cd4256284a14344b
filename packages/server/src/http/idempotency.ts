// Safe retries (issue 33, Stripe's rule), for every POST, PUT and DELETE under /api at once: a request
// with an `Idempotency-Key` header claims the key for its caller (account, plus the API key it came with)
// by one insert (http/idempotency-store.ts), runs, and its answer is kept 24 hours. The same key again:
// - same call and same body (canonical JSON: key order and spacing do not matter), first answered: that
//   answer again, same status and body, with `Idempotent-Replayed: true`, and nothing runs;
// - same call and body while the first still runs: 409, never a wait (a wait would hold a connection
//   and, on the embedded store, the one database connection);
// - another body, method or path: 422.
// Only a 2xx JSON answer is kept. Any refusal (4xx) or failure (5xx) gives the key back: a refused write
// changed nothing (http/audit.ts rolls its transaction back), so its retry simply runs again. The checks
// run after the access check (401/403 first) and after the header's own check (400); a public route has
// no caller and ignores the header; a route answering a secret shown once (`secretAnswer`) refuses it.
// Without the header nothing here runs.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ErrorCode,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_IN_FLIGHT,
  IDEMPOTENCY_KEY_INVALID,
  IDEMPOTENCY_KEY_NO_UPLOAD,
  IDEMPOTENCY_KEY_NOT_HERE,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_KEY_REUSED,
  IDEMPOTENT_REPLAYED_HEADER,
} from '@salesdesk/contract';
import type { AppContext } from '../context';
import { loggableError } from '../common/loggable-error';
import { AppError, conflict, formError } from './errors';
import { claimedKey, claimKey, finishKey, releaseKey, type IdempotentRequest } from './idempotency-store';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The answer holds a secret shown once (a new API key, a sign-in token): never kept, so never replayed. */
    secretAnswer?: true;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'DELETE']);

/** The request's claim, from its preValidation to its answer; `replayed` when it answered a kept one. */
interface Pending {
  request: IdempotentRequest;
  state: 'hashed' | 'claimed' | 'replayed';
}

/** JSON with every object's keys sorted: the same body however its keys were ordered or spaced. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

const bodyHash = (body: unknown) => {
  try {
    return createHash('sha256').update(canonicalJson(body)).digest('hex');
  } catch {
    // Nested past what JSON.stringify can walk: no schema takes such a body either.
    throw formError('The request body is nested too deeply');
  }
};

/** The header's value, or undefined when absent; a malformed or repeated one answers 400. */
function headerKey(req: FastifyRequest): string | undefined {
  const value = req.headers[IDEMPOTENCY_KEY_HEADER];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(value))
    throw formError(IDEMPOTENCY_KEY_INVALID);
  return value;
}

const reused = () => new AppError(422, ErrorCode.IdempotencyKeyReused, IDEMPOTENCY_KEY_REUSED);

/** Registers the hooks on the /api plugin (after the access check's onRequest). */
export function replayRetries(api: FastifyInstance, ctx: AppContext) {
  const pending = new WeakMap<FastifyRequest, Pending>();

  // The body as sent, before a schema trims or converts it.
  api.addHook('preValidation', async (req) => {
    if (!WRITE_METHODS.has(req.method)) return;
    const key = headerKey(req);
    const p = req.principal;
    if (key === undefined || !p) return;
    if (req.routeOptions.config.secretAnswer) throw formError(IDEMPOTENCY_KEY_NOT_HERE);
    if (/^multipart\//i.test(req.headers['content-type'] ?? '')) throw formError(IDEMPOTENCY_KEY_NO_UPLOAD);
    const path = req.url.split('?')[0];
    const query = req.url.slice(path.length);
    pending.set(req, {
      state: 'hashed',
      request: {
        accountId: p.accountId,
        apiKeyId: p.apiKey?.id ?? 0,
        key,
        request: `${req.method} ${path}${query}`,
        bodyHash: bodyHash(req.body),
      },
    });
  });

  // After the schema: a body it refuses is answered 400 and claims nothing.
  api.addHook('preHandler', async (req, reply) => {
    const claim = pending.get(req);
    if (!claim) return;
    const r = claim.request;
    if (await claimKey(ctx.db, r)) {
      claim.state = 'claimed';
      return;
    }
    const kept = await claimedKey(ctx.db, r);
    if (!kept) throw conflict(IDEMPOTENCY_KEY_IN_FLIGHT); // released or expired this very moment
    if (kept.request !== r.request || kept.body_hash !== r.bodyHash) throw reused();
    if (kept.status === null || kept.response === null) throw conflict(IDEMPOTENCY_KEY_IN_FLIGHT);
    claim.state = 'replayed';
    return replay(reply, kept.status, kept.response);
  });

  api.addHook('onSend', async (req, reply, payload) => {
    const claim = pending.get(req);
    if (claim?.state !== 'claimed') return payload;
    pending.delete(req);
    const keep =
      reply.statusCode >= 200 &&
      reply.statusCode < 300 &&
      typeof payload === 'string' &&
      /^application\/json\b/.test(String(reply.getHeader('content-type') ?? ''));
    try {
      if (keep) await finishKey(ctx.db, claim.request, reply.statusCode, payload);
      else await releaseKey(ctx.db, claim.request);
    } catch (err) {
      // The answer stands; the key stays claimed (retries answer 409 until it expires), never run twice.
      req.log.error({ error: loggableError(err) }, 'idempotency key not recorded');
    }
    return payload;
  });
}

function replay(reply: FastifyReply, status: number, body: string) {
  return reply
    .status(status)
    .header(IDEMPOTENT_REPLAYED_HEADER, 'true')
    .type('application/json; charset=utf-8')
    .send(body);
}
