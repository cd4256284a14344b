// The OpenAPI document at /api/docs/json, complete enough for a client generator (issue 33): every
// operation's operationId, summary, security, API key scope and error answers are derived here, once,
// from what each route already declares (method, url, access, keyScope, read, rate limit, schemas),
// so no route writes them by hand. A route may still say its own `schema.summary` or `description`.
// `redocly lint` with its recommended rules finds no error in it (openapi.test.ts).
import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import { AUDIT_ACTIONS, ROLE_LABELS, type Role } from '@salesdesk/contract';
import type { Access } from './access';

const WRITE_METHODS = new Set(['POST', 'PUT', 'DELETE']);

export const SESSION_SCHEME = 'session';
export const API_KEY_SCHEME = 'apiKey';

export const SECURITY_SCHEMES = {
  [SESSION_SCHEME]: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The token a sign-in answers (`POST /api/auth/login`): the screens use it.',
  },
  [API_KEY_SCHEME]: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'sdk_…',
    description:
      'An API key (`Authorization: Bearer sdk_…`), made in the Keys tab of the profile. It acts as its ' +
      "owner's account and reaches only the operations of its scopes (each operation names its scope).",
  },
} as const;

/** The error envelope every refusal answers (contract ZErrorBody). */
const ERROR_BODY = {
  type: 'object',
  required: ['code', 'message'],
  properties: {
    code: { type: 'string' },
    message: { type: 'string' },
    data: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
  },
} as const;

const ERROR_WORDS: Record<number, string> = {
  400: 'The input is not valid (the fields and their messages are in `data`)',
  401: 'No session or key, or one that is not valid',
  403: 'The caller may not do this (its role, permission, or its key lacks the scope)',
  404: 'No such row, or one of another office',
  409: 'A conflict: the row changed meanwhile, or a request with this Idempotency-Key is still running',
  422: 'This Idempotency-Key was used with another request',
  429: 'Too many requests: wait for `Retry-After` seconds',
};

/** `GET /api/agents/{id}` → `getAgentsById`: unique as method and path are. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\/?/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) =>
      /^\{.+\}$/.test(segment) ? ['by', segment.slice(1, -1)] : segment.split(/[^A-Za-z0-9]+/),
    )
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0].toUpperCase() + w.slice(1))].join('');
}

/** The route's own words: a write's name in the audit log; a read by its path (`Search api keys`). */
function summaryOf(method: string, url: string, kind: 'read' | 'write'): string {
  const audited = AUDIT_ACTIONS[`${method} ${url}`];
  if (kind === 'write' && audited) return audited.name;
  const segments = url
    .replace(/^\/api\/?/, '')
    .split('/')
    .filter(Boolean);
  const last = segments.at(-1) ?? '';
  const verbs: Record<string, string> = { search: 'Search', export: 'Export', list: 'List', count: 'Count' };
  const verb = verbs[last] ?? (kind === 'read' ? 'Read' : method === 'DELETE' ? 'Delete' : 'Change');
  const words = (verbs[last] ? segments.slice(0, -1) : segments)
    .map((s) => (s.startsWith(':') ? `by ${s.slice(1)}` : s.replace(/-/g, ' ')))
    .join(' ');
  return `${verb} ${words}`.trim();
}

const roleWord = (role: Role) => ROLE_LABELS[role] ?? String(role);

/** Who may call it, in words. */
function accessWords(access: Access): string {
  switch (access.kind) {
    case 'public':
      return 'Anyone, signed in or not.';
    case 'role':
      return `A signed-in ${roleWord(access.role)} or higher.`;
    case 'only':
      return `Only: ${access.roles.map(roleWord).join(', ')}.`;
    case 'permission':
      if (access.from !== undefined && access.role !== undefined)
        return `A signed-in ${roleWord(access.role)} or higher; from ${roleWord(access.from)} up, holding the permission ${access.permission}.`;
      return `Accounts holding the permission ${access.permission}${
        access.role === undefined ? '' : ` (${roleWord(access.role)} or higher)`
      }.`;
  }
}

/** The error answers the route can give, from what it declares. */
function errorStatuses(route: RouteOptions, method: string, access: Access): number[] {
  const schema = route.schema ?? {};
  const hasInput = !!(schema.body || schema.params || schema.querystring);
  const guarded = access.kind !== 'public';
  const write = WRITE_METHODS.has(method);
  const limited =
    !!route.config?.keyScope || !!(route.config as { rateLimit?: unknown } | undefined)?.rateLimit;
  return [
    ...(hasInput || (guarded && write) ? [400] : []),
    ...(guarded ? [401, 403] : []),
    ...(route.url.includes('/:') ? [404] : []),
    ...(guarded && write ? [409, 422] : []),
    ...(limited ? [429] : []),
  ];
}

/** The transform of @fastify/swagger: the zod schemas as JSON schema, then the derived parts. */
export const describeOperation: SwaggerTransform = (input) => {
  const out = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  const { route, url } = input;
  const access = route.config?.access;
  if (!access) return out; // outside /api: the docs' own routes, hidden anyway
  const method = [route.method].flat().find((m) => m !== 'HEAD') ?? 'GET';
  const read = route.config?.read ?? method === 'GET';
  const schema = (out.schema ?? {}) as FastifySchema & Record<string, unknown>;
  const keyScope = route.config?.keyScope;
  const response = { ...((schema.response as Record<string, unknown> | undefined) ?? {}) };
  // An export answers a file, which no response schema describes.
  if (route.url.endsWith('/export') && !Object.keys(response).some((k) => k.startsWith('2')))
    response[200] = { description: 'A CSV file', content: { 'text/csv': { schema: { type: 'string' } } } };
  for (const status of errorStatuses(route, method, access))
    response[status] ??= { description: ERROR_WORDS[status], ...ERROR_BODY };
  const scopeWords = keyScope
    ? `API key scope: \`${keyScope}\`.`
    : access.kind === 'public'
      ? ''
      : 'Not open to API keys: a session only.';
  const idempotent =
    access.kind !== 'public' && WRITE_METHODS.has(method)
      ? 'Takes an `Idempotency-Key` header: sent again with the same body within 24 hours, it answers the first answer again.'
      : '';
  return {
    url,
    schema: {
      ...schema,
      summary:
        (schema.summary as string | undefined) ?? summaryOf(method, route.url, read ? 'read' : 'write'),
      description: [schema.description, accessWords(access), scopeWords, idempotent]
        .filter(Boolean)
        .join('\n\n'),
      security:
        access.kind === 'public'
          ? []
          : keyScope
            ? [{ [SESSION_SCHEME]: [] }, { [API_KEY_SCHEME]: [] }]
            : [{ [SESSION_SCHEME]: [] }],
      ...(keyScope ? { 'x-key-scope': keyScope } : {}),
      response,
    },
  };
};

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/**
 * The whole document: each operation's operationId from its method and path, here rather than in the
 * route's transform, which one route serving two methods (the postback: GET and POST) shares.
 */
export const finishDocument: SwaggerTransformObject = (doc) => {
  const spec = ('openapiObject' in doc ? doc.openapiObject : doc.swaggerObject) as {
    paths?: Record<string, Partial<Record<(typeof HTTP_METHODS)[number], { operationId?: string }>>>;
  };
  for (const [path, item] of Object.entries(spec.paths ?? {}))
    for (const method of HTTP_METHODS) {
      // A copy: the methods of one route share one operation object.
      const operation = item[method];
      if (operation) item[method] = { ...operation, operationId: operationIdOf(method, path) };
    }
  return spec as ReturnType<SwaggerTransformObject>;
};
