// Walks every registered /api route as nobody, an agent, an office, an admin and a superadmin, with
// their own and another office's ids, and checks each answer against the route's declared access.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_PERMISSIONS,
  API_KEY_LACKS_SCOPE,
  API_KEY_NOT_HERE,
  API_KEY_SCOPES,
  Role,
  type TApiKeyScope,
} from '@salesdesk/contract';
import { declaredRoutes } from '../app';
import { call, testEnv, type TestEnv } from '../test/harness';
import { nextIp, tokenFor } from '../test/factories';
import { mergeSamples, SAMPLE_FILE, samples, type SampleRequest } from '../test/route-samples';
import { buildWorld, EVERYONE, type Who, type World } from '../test/route-world';
import { buildKey } from '../test/api-keys-fixtures';
import { admits, type Access, type PendingStep } from './access';
import { SCOPE_HOLDERS } from './key-scopes';

let env: TestEnv;
let world: World;
// A hang backstop, not a speed check: the world takes seconds alone and several times that on a machine
// shared with the browser tests and other work.
beforeAll(async () => {
  env = await testEnv();
  world = await buildWorld(env.ctx);
}, 600_000);

const ROLE_OF: Record<Exclude<Who, 'anonymous'>, Role> = {
  agent: Role.Agent,
  office: Role.Company,
  admin: Role.Admin,
  superadmin: Role.Superadmin,
};

/** In this world only the superadmin holds permissions (the admin has none). */
function allows(access: Access, who: Who): boolean {
  if (access.kind === 'public') return true;
  if (who === 'anonymous') return false;
  const permissions = who === 'superadmin' ? ALL_PERMISSIONS : [];
  return admits(access, { role: ROLE_OF[who], permissions });
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function send(method: string, req: SampleRequest, token?: string) {
  if (req.payload !== undefined) {
    const res = await env.app.inject({
      method: method as Method,
      url: `/api/${req.url}`,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...req.headers },
      payload: req.payload,
      remoteAddress: nextIp(),
    });
    return { status: res.statusCode, body: res.body };
  }
  const body = req.body ?? (method === 'GET' || method === 'DELETE' ? undefined : {});
  const res = await call(env.app, method as Method, req.url, {
    token,
    body,
    headers: req.headers,
    ip: nextIp(),
  });
  return { status: res.status, body: res.body };
}

/** What a fraud-suspended agent may still call (http/access.ts `openWhileSuspended`). */
const OPEN_WHILE_SUSPENDED = [
  'GET /api/accounts/me',
  'GET /api/alerts/login',
  'GET /api/dashboard',
  // Its own money on Home (issue 37), as its statements.
  'GET /api/home',
  'GET /api/news/last',
  'GET /api/pay-statements',
  'GET /api/pay-statements/:start/:agentId',
  'GET /api/pay-statements/:start/:agentId/export',
  'GET /api/pay-statements/export',
  'POST /api/auth/logout',
];

/** The routes a key reaches, by the scope each declares: a route joins only by saying so, and this list with it. */
const KEY_ROUTES: Record<string, string[]> = {
  'agents:read': ['GET /api/agents/:id', 'GET /api/companies/agents', 'POST /api/agents/search'],
  'agents:write': [
    'DELETE /api/agents/:id',
    'POST /api/agents/:id',
    'POST /api/agents/status',
    'PUT /api/agents',
  ],
  'links:read': ['GET /api/links/translate', 'POST /api/links/list'],
  'sales:read': [
    'POST /api/click-outs/export',
    'POST /api/click-outs/search',
    'POST /api/postback-logs',
    'POST /api/postback-logs/export',
    'POST /api/sale-logs',
    'POST /api/sale-logs/export',
  ],
  'payouts:read': [
    'GET /api/agents/:id/payout',
    'GET /api/payouts/batches/:id',
    'POST /api/payouts/batches/search',
    'POST /api/payouts/lines/search',
  ],
  'payouts:write': [
    'GET /api/payouts/batches/:id/file/:method',
    'POST /api/payouts/batches',
    'POST /api/payouts/batches/:id/results',
    'POST /api/payouts/lines/:id/failed',
    'POST /api/payouts/lines/:id/paid',
    'POST /api/payouts/lines/:id/retry',
  ],
  'sales:write': ['POST /api/sales/:id/reverse', 'POST /api/sales/status', 'PUT /api/adjustments'],
  'statements:read': [
    'GET /api/pay-statements',
    'GET /api/pay-statements/:start/:agentId',
    'GET /api/pay-statements/:start/:agentId/export',
    'GET /api/pay-statements/export',
    'GET /api/pay-statements/periods',
  ],
  'stats:read': [
    'GET /api/avp-periods',
    'GET /api/dashboard',
    'GET /api/home',
    'GET /api/stats/site-options',
    'GET /api/stats/site-options/:siteId/types',
    'POST /api/stats/office-charts',
    'POST /api/stats/periods',
    'POST /api/stats/periods/export',
    'POST /api/stats/sites',
    'POST /api/stats/sites-payout',
    'POST /api/stats/sites-payout/avp',
    'POST /api/stats/sites-payout/avp/export',
    'POST /api/stats/sites-payout/export',
    'POST /api/stats/sites/avp',
    'POST /api/stats/sites/avp/export',
    'POST /api/stats/sites/export',
    'POST /api/stats/top10',
    'POST /api/stats/top10/computed',
    'POST /api/stats/top10/computed/export',
  ],
  'webhooks:write': [
    'DELETE /api/webhooks/:id',
    'GET /api/webhooks/:id',
    'POST /api/webhooks/:id',
    'POST /api/webhooks/:id/attempts',
    'POST /api/webhooks/:id/disable',
    'POST /api/webhooks/:id/enable',
    'POST /api/webhooks/:id/resend',
    'POST /api/webhooks/:id/rotate-secret',
    'POST /api/webhooks/:id/test',
    'POST /api/webhooks/search',
    'PUT /api/webhooks',
  ],
};

const isOk = (status: number, alsoOk: number[] = []) =>
  (status >= 200 && status < 400) || alsoOk.includes(status);

/** A body the schema refuses, so an answer that is not 403 shows the key check came too late. */
const refusedBody = (method: string, req: SampleRequest): SampleRequest => ({
  ...req,
  body: method === 'GET' ? undefined : { bogus: '\u0000' },
  payload: undefined,
});

describe('route matrix', () => {
  it('has a sample for every declared route, and no sample for a route that is gone', async () => {
    await env.app.ready();
    const keys = declaredRoutes(env.app).map((r) => `${r.method} ${r.url}`);
    expect(keys.length).toBeGreaterThan(20);
    expect(
      keys.filter((k) => !samples[k]),
      `add a sample for each to ${SAMPLE_FILE}, <area> being the folder whose routes.ts declares it`,
    ).toEqual([]);
    expect(
      Object.keys(samples).filter((k) => !keys.includes(k)),
      'routes that no longer exist',
    ).toEqual([]);
  });

  it('refuses a route sample two files declare', () => {
    const brand = { 'GET /api/brand': { build: () => ({ url: 'brand' }) } };
    expect(() =>
      mergeSamples({
        '../auth/route-samples.test-data.ts': brand,
        '../news/route-samples.test-data.ts': brand,
      }),
    ).toThrow(
      'the route sample "GET /api/brand" is declared in both src/auth/route-samples.test-data.ts and ' +
        'src/news/route-samples.test-data.ts',
    );
  });

  // Every route times five callers: minutes on a loaded two-core machine.
  it(
    'answers every route by its declared access, before validation, and scopes ids by tenant',
    { timeout: 300_000 },
    async () => {
      await env.app.ready();
      const failures: string[] = [];
      for (const route of declaredRoutes(env.app)) {
        const key = `${route.method} ${route.url}`;
        const sample = samples[key];
        if (!sample) continue;
        for (const who of EVERYONE) {
          const token = who === 'anonymous' ? undefined : await world.token(who);
          const label = `${key} as ${who}`;
          if (!allows(route.access, who)) {
            // A body the schema refuses: the access answer must come first.
            const req = await sample.build(world, world.own);
            const bad = {
              ...req,
              body: route.method === 'GET' ? undefined : { bogus: '\u0000' },
              payload: undefined,
            };
            const res = await send(route.method, bad, token);
            const want = who === 'anonymous' ? 401 : 403;
            if (res.status !== want) failures.push(`${label}: ${res.status}, want ${want}`);
            continue;
          }
          const own = await send(route.method, await sample.build(world, world.own), token);
          if (!isOk(own.status, sample.alsoOk))
            failures.push(`${label} (own ids): ${own.status} ${JSON.stringify(own.body).slice(0, 200)}`);
          if (sample.tenantIds) {
            const other = await send(route.method, await sample.build(world, world.other), token);
            const seesAll = who === 'admin' || who === 'superadmin';
            const good = seesAll ? isOk(other.status, sample.alsoOk) : other.status === 404;
            if (!good) failures.push(`${label} (another office's ids): ${other.status}`);
          }
          if (route.access.kind === 'public') {
            // A stale token is ignored on a public route.
            const stale = await send(route.method, await sample.build(world, world.own), 'stale.token.here');
            if (stale.status === 401) failures.push(`${label} with a stale token: 401`);
          }
        }
      }
      expect(failures).toEqual([]);
    },
  );

  it('offers each key scope to exactly the accounts some route declaring it admits', async () => {
    await env.app.ready();
    const routes = declaredRoutes(env.app);
    const failures: string[] = [];
    for (const scope of API_KEY_SCOPES) {
      const scoped = routes.filter((r) => r.keyScope === scope);
      // A scope no route declares yet (webhooks:write, for the next issue) has nothing to agree with.
      if (!scoped.length) continue;
      for (const who of ['office', 'admin', 'superadmin'] as const) {
        const held = allows(SCOPE_HOLDERS[scope], who);
        const reachable = scoped.some((r) => allows(r.access, who));
        if (held !== reachable) failures.push(`${scope} for ${who}: held ${held}, reachable ${reachable}`);
      }
    }
    expect(failures).toEqual([]);
  });

  // Keys are walked as roles are: every route either declares its scope or is never reachable with a key.
  it(
    "answers a key by its route scope: 403 on a route without one or outside its scopes, before validation; its owner's access and tenant on a route of its scope",
    { timeout: 300_000 },
    async () => {
      await env.app.ready();
      const failures: string[] = [];
      const owners = {
        office: world.own.officeAccountId,
        admin: world.adminAccountId,
        superadmin: world.superAccountId,
      };
      const keys = new Map<string, string>();
      /** One key per owner and scope set, made once. */
      const keyOf = async (who: keyof typeof owners, scopes: TApiKeyScope[]) => {
        const id = `${who} ${scopes.join(',')}`;
        if (!keys.has(id)) keys.set(id, (await buildKey(env.ctx, owners[who], { scopes })).key);
        return keys.get(id) as string;
      };
      const routes = declaredRoutes(env.app).filter(
        (r) => r.access.kind !== 'public' && samples[`${r.method} ${r.url}`],
      );
      const declared: Record<string, string[]> = {};
      for (const r of routes.filter((r) => r.keyScope))
        (declared[r.keyScope as string] ??= []).push(`${r.method} ${r.url}`);
      for (const list of Object.values(declared)) list.sort();
      expect(declared).toEqual(KEY_ROUTES);
      for (const route of routes) {
        const key = `${route.method} ${route.url}`;
        const sample = samples[key];
        const req = await sample.build(world, world.own);
        const scope = route.keyScope;
        if (!scope) {
          const res = await send(
            route.method,
            refusedBody(route.method, req),
            await keyOf('superadmin', [...API_KEY_SCOPES]),
          );
          const message = (res.body as { message?: string } | undefined)?.message;
          if (res.status !== 403 || message !== API_KEY_NOT_HERE)
            failures.push(`${key} with a key: ${res.status} ${message}, want 403 never with a key`);
          continue;
        }
        const others = API_KEY_SCOPES.filter((s) => s !== scope);
        const outside = await send(
          route.method,
          refusedBody(route.method, req),
          await keyOf('superadmin', others),
        );
        const message = (outside.body as { message?: string } | undefined)?.message;
        if (outside.status !== 403 || message !== API_KEY_LACKS_SCOPE(scope))
          failures.push(`${key} with a key lacking ${scope}: ${outside.status} ${message}`);
        for (const who of ['office', 'admin', 'superadmin'] as const) {
          const token = await keyOf(who, [scope]);
          const label = `${key} with ${who}'s ${scope} key`;
          if (!allows(route.access, who)) {
            const res = await send(route.method, refusedBody(route.method, req), token);
            if (res.status !== 403) failures.push(`${label}: ${res.status}, want 403 as its owner`);
            continue;
          }
          const own = await send(route.method, await sample.build(world, world.own), token);
          if (!isOk(own.status, sample.alsoOk))
            failures.push(`${label} (own ids): ${own.status} ${JSON.stringify(own.body).slice(0, 200)}`);
          if (sample.tenantIds) {
            const other = await send(route.method, await sample.build(world, world.other), token);
            const good = who === 'office' ? other.status === 404 : isOk(other.status, sample.alsoOk);
            if (!good) failures.push(`${label} (another office's ids): ${other.status}`);
          }
        }
      }
      expect(failures).toEqual([]);
    },
  );

  it(
    'answers a session still signing in 403 on every route but those of its step, before validation',
    { timeout: 300_000 },
    async () => {
      await env.app.ready();
      const failures: string[] = [];
      const superadmin = { role: Role.Superadmin, permissions: ALL_PERMISSIONS };
      const want = { code: 'SECOND_FACTOR_REQUIRED', enrol: 'TWO_FACTOR_ENROLMENT_REQUIRED' };
      for (const step of ['code', 'enrol'] as PendingStep[]) {
        for (const route of declaredRoutes(env.app)) {
          const key = `${route.method} ${route.url}`;
          const sample = samples[key];
          if (!sample || route.access.kind === 'public') continue;
          const token = await tokenFor(env.ctx, world.superAccountId, { secondFactor: step });
          const req = await sample.build(world, world.own);
          const bad = {
            ...req,
            body: route.method === 'GET' ? undefined : { bogus: '\u0000' },
            payload: undefined,
          };
          const res = await send(route.method, bad, token);
          const code = (res.body as { code?: string } | undefined)?.code;
          const label = `${key} at the ${step} step`;
          if (!admits(route.access, superadmin)) {
            if (code !== 'FORBIDDEN') failures.push(`${label}: ${res.status} ${code}`);
          } else if (route.secondStep.includes(step)) {
            if (res.status === 403) failures.push(`${label}: 403 ${code}, declared for the step`);
          } else if (res.status !== 403 || code !== want[step]) {
            failures.push(`${label}: ${res.status} ${code}, want 403 ${want[step]}`);
          }
        }
      }
      expect(failures).toEqual([]);
    },
  );

  it(
    'answers an agent suspended for fraud 403 on every route but its session, its Home and its statements',
    { timeout: 300_000 },
    async () => {
      await env.app.ready();
      // Its own agent of the world's office, suspended for fraud as the review queue does it.
      const fraud = await world.newAgent(world.own);
      const superToken = await world.token('superadmin');
      const suspended = await call(env.app, 'POST', `review/agents/${fraud.agentId}/suspend`, {
        token: superToken,
        body: { reason: 'route matrix' },
      });
      expect(suspended.status).toBe(200);
      const own = {
        ...world.own,
        agentId: fraud.agentId,
        agentAccountId: fraud.accountId,
        agentUsername: fraud.username,
      };
      const routes = declaredRoutes(env.app).filter(
        (r) => r.access.kind !== 'public' && samples[`${r.method} ${r.url}`],
      );
      // The open list is part of the rule: a route joins it only by saying so, and this list with it.
      expect(
        routes
          .filter((r) => r.openWhileSuspended)
          .map((r) => `${r.method} ${r.url}`)
          .sort(),
      ).toEqual(OPEN_WHILE_SUSPENDED);
      const failures: string[] = [];
      for (const route of routes) {
        const key = `${route.method} ${route.url}`;
        const sample = samples[key];
        const token = await tokenFor(env.ctx, fraud.accountId);
        if (route.openWhileSuspended) {
          const res = await send(route.method, await sample.build(world, own), token);
          if (!isOk(res.status, sample.alsoOk)) failures.push(`${key}: ${res.status}, want it open`);
          continue;
        }
        // Its links cannot click: a closed route's request is built for the world's agent (refused anyway).
        const req = await sample.build(world, world.own);
        const bad = {
          ...req,
          body: route.method === 'GET' ? undefined : { bogus: '\u0000' },
          payload: undefined,
        };
        const res = await send(route.method, bad, token);
        const code = (res.body as { code?: string } | undefined)?.code;
        if (res.status !== 403 || code !== 'FORBIDDEN')
          failures.push(`${key}: ${res.status} ${code}, want 403`);
      }
      expect(failures).toEqual([]);
    },
  );

  it(
    'refuses bad input on every route with a 4xx: NUL and lone surrogates, ids past int4, hex and exponent ids',
    { timeout: 300_000 },
    async () => {
      await env.app.ready();
      const failures: string[] = [];
      for (const route of declaredRoutes(env.app)) {
        const key = `${route.method} ${route.url}`;
        const sample = samples[key];
        if (!sample) continue;
        // The highest caller the route lets in (none for a public route).
        const who =
          route.access.kind === 'public'
            ? undefined
            : (['superadmin', 'admin', 'office', 'agent'] as const).find((w) => allows(route.access, w));
        const token = who && (await world.token(who));
        const req = await sample.build(world, world.own);
        const [path, query] = req.url.split('?');
        const withQuery = (extra: string) => `${path}?${query ? `${query}&` : ''}${extra}`;
        // The click redirect has no schema: its path ids are parsed strictly and anything else is 404.
        if (!route.url.includes('/links/go/')) {
          const nul = await send(route.method, { ...req, url: withQuery('probe=%00') }, token);
          if (nul.status !== 400) failures.push(`${key} with a NUL in the query: ${nul.status}`);
          // A lone surrogate cannot travel in a URL (it decodes to U+FFFD); in JSON it can.
          if (req.body && typeof req.body === 'object' && !Array.isArray(req.body)) {
            const body = { ...req.body, probe: 'x\uD800' };
            const res = await send(route.method, { ...req, body }, token);
            if (res.status !== 400) failures.push(`${key} with a lone surrogate in the body: ${res.status}`);
          }
        }
        const segments = path.split('/');
        for (let i = 0; i < segments.length; i++) {
          if (!/^\d+$/.test(segments[i])) continue;
          for (const bad of ['3000000000', '0x10', '1e3']) {
            const url = [...segments.slice(0, i), bad, ...segments.slice(i + 1)].join('/');
            const res = await send(route.method, { ...req, url: query ? `${url}?${query}` : url }, token);
            if (res.status !== 400 && res.status !== 404) failures.push(`${key} with ${url}: ${res.status}`);
          }
        }
      }
      expect(failures).toEqual([]);
    },
  );
});
