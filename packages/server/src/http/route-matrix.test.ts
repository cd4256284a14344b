// Walks every registered /api route as nobody, an agent, an office, an admin and a superadmin, with
// their own and another office's ids, and checks each answer against the route's declared access.
import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, Role } from '@salesdesk/contract';
import { declaredRoutes } from '../app';
import { call, testEnv, type TestEnv } from '../test/harness';
import { nextIp, tokenFor } from '../test/factories';
import { mergeSamples, SAMPLE_FILE, samples, type SampleRequest } from '../test/route-samples';
import { buildWorld, EVERYONE, type Who, type World } from '../test/route-world';
import { admits, type Access, type PendingStep } from './access';

let env: TestEnv;
let world: World;
beforeAll(async () => {
  env = await testEnv();
  world = await buildWorld(env.ctx);
});

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

const isOk = (status: number, alsoOk: number[] = []) =>
  (status >= 200 && status < 400) || alsoOk.includes(status);

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
