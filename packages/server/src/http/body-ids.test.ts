// Every id in every route's JSON body, taken from the route samples, sent out of bounds or in the wrong
// form: each answers 400, never 5xx. An id in a JSON body is a JSON number bounded like its column.
import { beforeAll, describe, expect, it } from 'vitest';
import { INT4_MAX, Role } from '@salesdesk/contract';
import { declaredRoutes } from '../app';
import { call, testEnv, type TestEnv } from '../test/harness';
import { nextIp } from '../test/factories';
import { samples } from '../test/route-samples';
import { buildWorld, type World } from '../test/route-world';
import type { Access } from './access';

let env: TestEnv;
let world: World;
beforeAll(async () => {
  env = await testEnv();
  world = await buildWorld(env.ctx);
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Json = unknown;

/** Optional id fields the samples leave out: probed as well. */
const OPTIONAL_IDS: Record<string, Record<string, number>> = {
  'POST /api/sale-logs': { clickId: 1 },
  'POST /api/sale-logs/export': { clickId: 1 },
  'POST /api/stats/sites': { typeId: 1 },
  'POST /api/stats/sites-payout': { typeId: 1 },
  'POST /api/stats/sites/avp': { siteId: 1, typeId: 1 },
  'POST /api/stats/sites-payout/avp': { siteId: 1, typeId: 1 },
};
/** Columns of type bigint: 2^31 is an id there. */
const BIGINT_IDS = new Set(['clickId', 'deliveryId']);
/** A site's postback takes its query's text in its body too ("12" is its clickId). */
const TEXT_IDS = new Set(['POST /api/postback/:siteId']);

const PAST_INT4 = INT4_MAX + 1;
const ALWAYS_BAD: Json[] = [2 ** 53, -1, 0, 1.5, '0x10', '1e3', true, [1]];

const isIdKey = (key: string) => key === 'id' || key === 'ids' || /[a-z](Id|Ids)$/.test(key);

/** Paths (as key lists) to every id number in `body`; an id array contributes its first element. */
function idPaths(body: Json, at: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(body)) return body.flatMap((v, i) => idPaths(v, [...at, i]));
  if (!body || typeof body !== 'object') return [];
  return Object.entries(body).flatMap(([k, v]) => {
    if (isIdKey(k) && typeof v === 'number') return [[...at, k]];
    if (isIdKey(k) && Array.isArray(v) && typeof v[0] === 'number') return [[...at, k, 0]];
    return idPaths(v, [...at, k]);
  });
}

function replaced(body: Json, path: (string | number)[], value: Json): Json {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(body)) return body.map((v, i) => (i === head ? replaced(v, rest, value) : v));
  const copy: Record<string, Json> = { ...(body as Record<string, Json>) };
  copy[head] = replaced(copy[head], rest, value);
  return copy;
}

/** Agent search criteria name ids as text: a criterion's value holds ZId's digits or is refused. */
function criterionPaths(body: Json): (string | number)[][] {
  const criteria = (body as { criteria?: { field: string }[] } | undefined)?.criteria ?? [];
  return criteria.flatMap((c, i) => (/Id$/.test(c.field) ? [['criteria', i, 'value']] : []));
}

const ROLES = { superadmin: Role.Superadmin, admin: Role.Admin, office: Role.Company, agent: Role.Agent };
type Caller = keyof typeof ROLES;

/** The highest caller the route lets in (none for a public route); permissions are the superadmin's. */
function caller(access: Access): Caller | undefined {
  if (access.kind === 'public') return undefined;
  if (access.kind !== 'only') return 'superadmin';
  return (Object.keys(ROLES) as Caller[]).find((w) => access.roles.includes(ROLES[w]));
}

describe('ids in JSON bodies', () => {
  it('finds ids to probe in the samples', async () => {
    const sample = await samples['POST /api/auth/remote-token'].build(world, world.own);
    expect(idPaths(sample.body)).toEqual([['accountId']]);
  });

  it(
    'answers 400 to an id past its column, below 1, fractional, a digit string, hex or exponent',
    { timeout: 300_000 },
    async () => {
      await env.app.ready();
      const failures: string[] = [];
      let probes = 0;
      for (const route of declaredRoutes(env.app)) {
        const key = `${route.method} ${route.url}`;
        const sample = samples[key];
        if (!sample || route.method === 'GET' || route.method === 'DELETE') continue;
        const who = caller(route.access);
        const req = await sample.build(world, world.own);
        if (req.payload !== undefined || !req.body || typeof req.body !== 'object') continue;
        const body = Array.isArray(req.body) ? req.body : { ...req.body, ...OPTIONAL_IDS[key] };
        const send = async (probe: Json) => {
          probes++;
          const token = who ? await world.token(who) : undefined;
          const res = await call(env.app, route.method as Method, req.url, {
            token,
            body: probe,
            ip: nextIp(),
          });
          return res.status;
        };
        for (const path of idPaths(body)) {
          const field = String(path.filter((p) => typeof p === 'string').at(-1));
          const bad = [...ALWAYS_BAD];
          if (!BIGINT_IDS.has(field)) bad.push(PAST_INT4);
          if (!TEXT_IDS.has(key)) bad.push('12', String(PAST_INT4));
          else bad.push('9007199254740992', '-1', '');
          for (const value of bad) {
            const status = await send(replaced(body, path, value));
            if (status !== 400) failures.push(`${key} ${path.join('.')}=${JSON.stringify(value)}: ${status}`);
          }
        }
        for (const path of criterionPaths(body)) {
          for (const value of [String(PAST_INT4), '0', '-1', '1.5', '0x10', '1e3', '012']) {
            const status = await send(replaced(body, path, value));
            if (status !== 400) failures.push(`${key} ${path.join('.')}=${JSON.stringify(value)}: ${status}`);
          }
        }
      }
      expect(probes).toBeGreaterThan(200);
      expect(failures).toEqual([]);
    },
  );
});
