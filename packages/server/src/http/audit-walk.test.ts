// Walks every /api route with its route-matrix sample: a write called successfully leaves exactly one
// audit row naming it (method and route), with its caller; a read, or a write refused (by its access,
// its schema or its service), leaves none; and no row holds a password, token or postback token.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  API_KEY_PATTERN,
  ALL_PERMISSIONS,
  AUDIT_ACTIONS,
  AUDIT_TABLES,
  Role,
  type TAuditLogRow,
  type TList,
} from '@salesdesk/contract';
import { auditedRoutes, declaredRoutes } from '../app';
import { queryRows, sql } from '../db/client';
import { auditMark, auditRowsSince, auditTextSince, type AuditRecord } from '../test/audit-fixtures';
import { buildAdmin, nextIp, PASSWORD, tokenFor } from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';
import { samples, type SampleRequest } from '../test/route-samples';
import { buildWorld, type Who, type World } from '../test/route-world';
import { admits, type Access } from './access';

let env: TestEnv;
let world: World;
beforeAll(async () => {
  env = await testEnv();
  world = await buildWorld(env.ctx);
});

const ROLE_OF = { agent: Role.Agent, office: Role.Company, admin: Role.Admin, superadmin: Role.Superadmin };
type Caller = Exclude<Who, 'anonymous'>;
const CALLERS: Caller[] = ['superadmin', 'admin', 'office', 'agent'];
const allows = (access: Access, who: Caller) =>
  admits(access, { role: ROLE_OF[who], permissions: who === 'superadmin' ? ALL_PERMISSIONS : [] });

const USER_AGENT = 'audit-walk/1.0';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function send(method: string, req: SampleRequest, token?: string) {
  const headers = { 'user-agent': USER_AGENT, ...req.headers };
  if (req.payload !== undefined) {
    const res = await env.app.inject({
      method: method as Method,
      url: `/api/${req.url}`,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      payload: req.payload,
      remoteAddress: '127.9.0.1',
    });
    return { status: res.statusCode, body: res.body };
  }
  const body = req.body ?? (method === 'GET' || method === 'DELETE' ? undefined : {});
  const res = await call(env.app, method as Method, req.url, { token, body, headers, ip: nextIp() });
  return { status: res.status, body: JSON.stringify(res.body ?? '') };
}

/** Every string a request or an answer holds under a key naming a password or a token, or an API key. */
function secretsIn(value: unknown, into: Set<string>, secretKey = false): Set<string> {
  if (typeof value === 'string' && secretKey && value.length >= 6) into.add(value);
  else if (Array.isArray(value)) for (const v of value) secretsIn(v, into, secretKey);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      // `key` is a new API key's text, or an audit change's row key ("51/104"), which is no secret.
      const apiKey = k === 'key' && typeof v === 'string' && API_KEY_PATTERN.test(v);
      secretsIn(v, into, secretKey || apiKey || /password|token|secret|recoverycodes/i.test(k));
    }
  return into;
}

// A description reads as words: no route, no audited column's name (`office_fees`, `bonus_earning`), not
// empty. A value may hold an underscore (a file's random name): only the declared names count.
const SNAKE_NAMES = [
  ...Object.keys(AUDIT_TABLES),
  ...Object.values(AUDIT_TABLES).flatMap((t) => Object.keys(t.fields)),
].filter((n) => n.includes('_'));
const UNREADABLE = new RegExp(`/api/|^$|\\b(${SNAKE_NAMES.join('|')})\\b`);

/** The descriptions, as a new superadmin's audit log shows them, of the rows written after `mark`. */
async function unreadableDescriptions(mark: number): Promise<string[]> {
  const reader = await buildAdmin(env.ctx, { role: Role.Superadmin });
  const res = await call<TList<TAuditLogRow>>(env.app, 'POST', 'audit-logs', {
    token: await tokenFor(env.ctx, reader.accountId),
    body: { pageSize: 500 },
  });
  const rows = res.body.items.filter((r) => r.id > mark);
  if (process.env.AUDIT_DEBUG) for (const r of rows) console.log(`${r.action} | ${r.description}`);
  if (rows.length < 40) return [`only ${rows.length} rows to read`];
  return rows
    .filter((r) => UNREADABLE.test(r.description) || r.description === r.action)
    .map((r) => `${r.action}: ${r.description}`);
}

describe('audit walk', () => {
  it('knows every declared route as a read or a write', async () => {
    await env.app.ready();
    const kinds = auditedRoutes(env.app).map((r) => `${r.method} ${r.url}`);
    expect(kinds.sort()).toEqual(
      declaredRoutes(env.app)
        .map((r) => `${r.method} ${r.url}`)
        .sort(),
    );
  });

  it('describes every audited route in words, and nothing else', async () => {
    await env.app.ready();
    const audited = auditedRoutes(env.app)
      .filter((r) => r.kind === 'write' || r.kind === 'events')
      .map((r) => `${r.method} ${r.url}`);
    expect(audited.filter((key) => !AUDIT_ACTIONS[key])).toEqual([]);
    // An entry for a route that is gone (renamed, removed) is stale.
    expect(Object.keys(AUDIT_ACTIONS).filter((key) => !audited.includes(key))).toEqual([]);
  });

  it(
    'leaves one audit row per successful write, naming the route and the caller, and none for a read',
    { timeout: 300_000 },
    async () => {
      await env.app.ready();
      const access = new Map(declaredRoutes(env.app).map((r) => [`${r.method} ${r.url}`, r.access]));
      const start = await auditMark(env.ctx);
      const failures: string[] = [];
      const secrets = new Set<string>([PASSWORD, world.own.siteToken, world.other.siteToken]);
      let writes = 0;
      for (const route of auditedRoutes(env.app)) {
        if (route.kind === 'off') continue;
        const key = `${route.method} ${route.url}`;
        const sample = samples[key];
        const routeAccess = access.get(key);
        if (!sample || !routeAccess) continue;
        // The highest caller the route lets in; where its sample refuses that one (a profile of another
        // role), the next one down.
        const callers: (Caller | undefined)[] =
          routeAccess.kind === 'public' ? [undefined] : CALLERS.filter((w) => allows(routeAccess, w));
        let answered: { who?: Caller; status: number; rows: AuditRecord[] } | undefined;
        for (const who of callers) {
          const req = await sample.build(world, world.own);
          secretsIn(req.body, secrets);
          const mark = await auditMark(env.ctx);
          const res = await send(route.method, req, who && (await world.token(who)));
          secretsIn(JSON.parse(res.body || '""'), secrets);
          answered = { who, status: res.status, rows: await auditRowsSince(env.ctx, mark) };
          const ok = res.status >= 200 && res.status < 400;
          if (route.kind !== 'read' && !ok && answered.rows.length)
            failures.push(`${key} refused to ${who} (${res.status}): ${answered.rows.length} audit row(s)`);
          if (ok || route.kind === 'read') break;
        }
        if (!answered) continue;
        const { who, rows, status } = answered;
        const label = `${key} as ${who ?? 'nobody'} (${status})`;
        if (route.kind === 'read' || status >= 400) {
          if (rows.length) failures.push(`${label}: ${rows.length} audit row(s), want none`);
          continue;
        }
        writes += 1;
        if (rows.length !== 1) {
          failures.push(
            `${label}: ${rows.length} audit rows, want 1: ${rows.map((r) => r.action).join(', ')}`,
          );
          continue;
        }
        const [row] = rows;
        if (process.env.AUDIT_DEBUG)
          console.log(key, who, row.target_type, row.target_id, row.detail, row.impersonator);
        if (row.action !== key) failures.push(`${label}: action ${row.action}`);
        if (row.user_agent !== USER_AGENT) failures.push(`${label}: user agent ${row.user_agent}`);
        if (!row.ip) failures.push(`${label}: no address`);
        if (who && route.kind === 'write' && (row.account_id === null || row.role !== ROLE_OF[who]))
          failures.push(`${label}: caller ${row.account_id} role ${row.role}, want a ${who}`);
      }
      expect(failures).toEqual([]);
      expect(writes).toBeGreaterThan(40);
      expect(await unreadableDescriptions(start)).toEqual([]);

      const text = await auditTextSince(env.ctx, start);
      const hashes = await queryRows<{ h: string; s: string }>(
        env.ctx.db,
        sql`select password_hash as h, password_secret as s from accounts`,
      );
      for (const { h, s } of hashes) {
        secrets.add(h);
        secrets.add(s);
      }
      const tokens = await queryRows<{ t: string }>(env.ctx.db, sql`select postback_token as t from sites`);
      for (const { t } of tokens) secrets.add(t);
      expect([...secrets].filter((s) => text.includes(s))).toEqual([]);
      expect(text).toContain('(changed)');
    },
  );

  it('leaves no row for a write refused by its access or its schema', async () => {
    await env.app.ready();
    const failures: string[] = [];
    for (const route of auditedRoutes(env.app)) {
      if (route.kind !== 'write') continue;
      const key = `${route.method} ${route.url}`;
      const sample = samples[key];
      const routeAccess = declaredRoutes(env.app).find((r) => `${r.method} ${r.url}` === key)?.access;
      if (!sample || !routeAccess) continue;
      const req = await sample.build(world, world.own);
      const mark = await auditMark(env.ctx);
      const refused = CALLERS.slice()
        .reverse()
        .find((w) => !allows(routeAccess, w));
      if (refused) {
        const res = await send(route.method, req, await world.token(refused));
        if (res.status !== 403) failures.push(`${key} as ${refused}: ${res.status}`);
      }
      const top = CALLERS.find((w) => allows(routeAccess, w));
      // A GET takes no body to refuse.
      const bad =
        route.method === 'GET'
          ? { status: 400 }
          : await send(
              route.method,
              { ...req, body: { bogus: '\u0000' }, payload: undefined },
              routeAccess.kind === 'public' ? undefined : await world.token(top ?? 'superadmin'),
            );
      if (bad.status < 400 || bad.status >= 500) failures.push(`${key} with a bad body: ${bad.status}`);
      const rows = await auditRowsSince(env.ctx, mark);
      if (rows.length) failures.push(`${key}: ${rows.length} audit row(s) after refused calls`);
    }
    expect(failures).toEqual([]);
  });
});
