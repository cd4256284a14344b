// Bearer API keys on the existing /api routes: the key acts as its owner's account as it is now, within
// its scopes; a wrong, revoked, expired or malformed key is 401 (never 500); expiry, the IP allow list
// and "last used" (written at most once a minute).
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  API_KEY_SCOPES,
  API_KEY_LACKS_SCOPE,
  API_KEY_NOT_HERE,
  API_KEY_WRONG_ADDRESS,
  Role,
  type TApiKeyScope,
  type TAuditLogRow,
  type TList,
} from '@salesdesk/contract';
import { call, testEnv, type TestEnv } from '../test/harness';
import { buildAdmin, buildClickPath, nextIp, tokenFor } from '../test/factories';
import { buildKey, type KeyOptions } from '../test/api-keys-fixtures';
import { auditMark, auditRowsSince, auditTextSince } from '../test/audit-fixtures';
import { enrol } from '../test/two-factor-fixtures';
import { queryOne } from '../db/client';
import { accounts } from '../db/schema';
import { allowedFrom, KEY_NOT_VALID, MAX_WRONG_KEYS_PER_IP, WRONG_KEYS_TRIES } from './api-key-auth';

let env: TestEnv;
let path: Awaited<ReturnType<typeof buildClickPath>>;
beforeAll(async () => {
  env = await testEnv();
  path = await buildClickPath(env.ctx);
});

const statsBody = () => ({
  start: '2026-01-01',
  end: '2026-01-31',
  groupBy: 'detail',
  companyId: path.office.id,
});
const stats = (key: string, ip = nextIp()) =>
  call<{ code?: string; message?: string }>(env.app, 'POST', 'stats/sites', {
    token: key,
    body: statsBody(),
    ip,
  });
const officeKey = (opts: KeyOptions = {}) => buildKey(env.ctx, path.office.accountId, opts);

describe('a bearer API key', () => {
  it('acts as its owner on a route of its scope, and names the scope it lacks elsewhere', async () => {
    const { key } = await officeKey({ scopes: ['stats:read'] });
    expect((await stats(key)).status).toBe(200);
    const agent = await call<{ message?: string }>(env.app, 'GET', `agents/${path.agent.id}`, { token: key });
    expect(agent.status).toBe(403);
    expect(agent.body.message).toBe(API_KEY_LACKS_SCOPE('agents:read'));
    // Refused before its body is read: a body the schema refuses still answers 403.
    const bad = await call<{ message?: string }>(env.app, 'POST', 'agents/search', {
      token: key,
      body: { bogus: '\u0000' },
    });
    expect([bad.status, bad.body.message]).toEqual([403, API_KEY_LACKS_SCOPE('agents:read')]);
  });

  it("answers the README's example: a month's statistics grouped by date", async () => {
    const { key } = await officeKey({ scopes: ['stats:read'] });
    const res = await call(env.app, 'POST', 'stats/sites', {
      token: key,
      body: { start: '2026-11-01', end: '2026-11-30', groupBy: 'date' },
    });
    expect(res.status).toBe(200);
  });

  it('keeps to its owner: an office key with agents:read reads its own agents, another office is 404', async () => {
    const { key } = await officeKey({ scopes: ['agents:read'] });
    expect((await call(env.app, 'GET', `agents/${path.agent.id}`, { token: key })).status).toBe(200);
    const other = await buildClickPath(env.ctx);
    expect((await call(env.app, 'GET', `agents/${other.agent.id}`, { token: key })).status).toBe(404);
  });

  it.each([
    ['POST', 'api-keys/search', {}],
    ['GET', 'auth/sessions', undefined],
    ['POST', 'auth/logout', undefined],
    ['POST', 'auth/two-factor/start', undefined],
    ['GET', 'accounts/me', undefined],
    ['GET', 'options', undefined],
    ['GET', 'admins', undefined],
    ['POST', 'profile/admin', {}],
  ] as const)('never reaches %s %s', async (method, url, body) => {
    const sa = await buildAdmin(env.ctx, { role: Role.Superadmin });
    const all: TApiKeyScope[] = [...API_KEY_SCOPES];
    const { key } = await buildKey(env.ctx, sa.accountId, { scopes: all });
    const res = await call<{ message?: string }>(env.app, method, url, { token: key, body });
    expect([res.status, res.body.message]).toEqual([403, API_KEY_NOT_HERE]);
  });

  it('answers 401 to a wrong, revoked, expired or malformed key, never 500, and says no more', async () => {
    const live = await officeKey();
    const revoked = await officeKey();
    await env.ctx.db.execute(sql`update api_keys set revoked_at = now() where id = ${revoked.id}`);
    const expired = await officeKey();
    await env.ctx.db.execute(
      sql`update api_keys set expires_at = now() - interval '1 second' where id = ${expired.id}`,
    );
    const wrong = `sdk_${'A'.repeat(40)}`;
    const flipped = live.key.slice(0, -1) + (live.key.endsWith('a') ? 'b' : 'a');
    const tokens = [
      wrong,
      flipped,
      revoked.key,
      expired.key,
      'sdk_',
      'sdk_short',
      `sdk_${'x'.repeat(65)}`,
      `sdk_${'x'.repeat(100_000)}`,
      `${live.key}!`,
      `${live.key.slice(0, 20)}%00${live.key.slice(23)}`,
      `sdk_${'é'.repeat(40)}`,
      `${live.key} ${live.key}`,
    ];
    for (const token of tokens) {
      const res = await stats(token);
      expect([token.slice(0, 30), res.status, res.body.code, res.body.message]).toEqual([
        token.slice(0, 30),
        401,
        'INVALID_TOKEN',
        KEY_NOT_VALID,
      ]);
    }
    expect((await stats(live.key)).status).toBe(200);
  });

  it('stops at once when its owner is suspended, and comes back with the owner', async () => {
    const p = await buildClickPath(env.ctx);
    const { key } = await buildKey(env.ctx, p.office.accountId);
    const body = { ...statsBody(), companyId: p.office.id };
    const run = () => call(env.app, 'POST', 'stats/sites', { token: key, body });
    expect((await run()).status).toBe(200);
    await env.ctx.db.update(accounts).set({ active: false }).where(eq(accounts.id, p.office.accountId));
    expect((await run()).status).toBe(401);
    await env.ctx.db.update(accounts).set({ active: true }).where(eq(accounts.id, p.office.accountId));
    expect((await run()).status).toBe(200);
    // A deleted owner takes its keys with it.
    await env.ctx.db.execute(sql`delete from api_keys where account_id = ${p.office.accountId}`);
    expect((await run()).status).toBe(401);
  });

  it('loses a permission the owner loses: sales:write of an admin who no longer sees earnings', async () => {
    const admin = await buildAdmin(env.ctx);
    await env.ctx.db.update(accounts).set({ earningVisible: true }).where(eq(accounts.id, admin.accountId));
    const { key } = await buildKey(env.ctx, admin.accountId, { scopes: ['sales:write'] });
    // An id no sale has: admitted, so the service answers (not 403).
    const body = { ids: [2_000_000_000], status: 'approved', reason: 'checked' };
    const send = () => call(env.app, 'POST', 'sales/status', { token: key, body });
    expect((await send()).status).not.toBe(403);
    await env.ctx.db.update(accounts).set({ earningVisible: false }).where(eq(accounts.id, admin.accountId));
    expect((await send()).status).toBe(403);
  });

  it('needs no second factor of an owner who has one', async () => {
    const p = await buildClickPath(env.ctx);
    await enrol(env.app, await tokenFor(env.ctx, p.office.accountId));
    const { key } = await buildKey(env.ctx, p.office.accountId);
    const res = await call(env.app, 'POST', 'stats/sites', {
      token: key,
      body: { ...statsBody(), companyId: p.office.id },
    });
    expect(res.status).toBe(200);
  });

  it('is used only from an address of its allow list, IPv4 or IPv6, single or a range', async () => {
    const { key } = await officeKey({ allowedIps: ['10.77.0.0/16', '203.0.113.9', '2001:db8:77::/48'] });
    expect((await stats(key, '10.77.3.4')).status).toBe(200);
    expect((await stats(key, '203.0.113.9')).status).toBe(200);
    expect((await stats(key, '2001:db8:77::1')).status).toBe(200);
    expect((await stats(key, '::ffff:10.77.9.9')).status).toBe(200);
    for (const ip of ['10.78.0.1', '203.0.113.10', '2001:db8:78::1']) {
      const res = await stats(key, ip);
      expect([ip, res.status, res.body.message]).toEqual([ip, 403, API_KEY_WRONG_ADDRESS]);
    }
  });

  it('matches addresses and ranges as the allow list says', () => {
    expect(allowedFrom([], '1.2.3.4')).toBe(true);
    expect(allowedFrom(['0.0.0.0/0'], '8.8.8.8')).toBe(true);
    expect(allowedFrom(['::/0'], '2001:db8::1')).toBe(true);
    expect(allowedFrom(['::/0'], '8.8.8.8')).toBe(false);
    expect(allowedFrom(['192.168.1.0/24'], '192.168.2.1')).toBe(false);
    expect(allowedFrom(['192.168.1.0/24'], 'not an address')).toBe(false);
    expect(allowedFrom(['::1'], '::1')).toBe(true);
  });

  it('writes its last use (time and address) at most once a minute', async () => {
    const { id, key } = await officeKey();
    const read = () =>
      queryOne<{ at: string | null; ip: string | null }>(
        env.ctx.db,
        sql`select last_used_at::text as at, last_used_ip as ip from api_keys where id = ${id}`,
      );
    expect(await read()).toEqual({ at: null, ip: null });
    await stats(key, '10.1.1.1');
    const first = await read();
    expect(first?.ip).toBe('10.1.1.1');
    await stats(key, '10.1.1.2');
    expect(await read()).toEqual(first);
    await env.ctx.db.execute(
      sql`update api_keys set last_used_at = now() - interval '61 seconds' where id = ${id}`,
    );
    await stats(key, '10.1.1.3');
    expect((await read())?.ip).toBe('10.1.1.3');
  });

  it('writes as its owner: an agents:write key changes an agent, audited once as the office with the key beside it', async () => {
    const p = await buildClickPath(env.ctx);
    const { key } = await buildKey(env.ctx, p.office.accountId, {
      scopes: ['agents:write'],
      name: 'nightly sync',
    });
    const mark = await auditMark(env.ctx);
    const res = await call(env.app, 'POST', 'agents/status', {
      token: key,
      body: { ids: [p.agent.id], active: false },
    });
    expect(res.status).toBe(200);
    const rows = await auditRowsSince(env.ctx, mark);
    expect(rows.map((r) => [r.action, r.account_id, r.role])).toEqual([
      ['POST /api/agents/status', p.office.accountId, Role.Company],
    ]);
    const sa = await buildAdmin(env.ctx, { role: Role.Superadmin });
    const superToken = await tokenFor(env.ctx, sa.accountId);
    const log = () =>
      call<TList<TAuditLogRow>>(env.app, 'POST', 'audit-logs', {
        token: superToken,
        body: { targetType: 'agent', targetId: String(p.agent.id) },
      });
    const listed = await log();
    expect(listed.body.items.map((r) => [r.username, r.apiKey])).toEqual([
      [p.officeUsername, `nightly sync (${key.slice(0, 8)}…)`],
    ]);
    const text = await auditTextSince(env.ctx, mark);
    expect(text).not.toContain(key);
    // The same write with a session has no key beside it.
    const session = await tokenFor(env.ctx, p.office.accountId);
    const again = await call(env.app, 'POST', 'agents/status', {
      token: session,
      body: { ids: [p.agent.id], active: true },
    });
    expect(again.status).toBe(200);
    expect((await log()).body.items.map((r) => r.apiKey)).toEqual([
      null,
      `nightly sync (${key.slice(0, 8)}…)`,
    ]);
  });

  it('holds each key to its own rate a minute: 429 with Retry-After, RateLimit-* on every answer', async () => {
    const limited = await officeKey({ rateLimit: 3 });
    const other = await officeKey({ rateLimit: 3 });
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await stats(limited.key));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    const headers = answers.map((r) => r.res.headers);
    expect(headers.map((h) => h['ratelimit-limit'])).toEqual(['3', '3', '3', '3']);
    expect(headers.map((h) => h['ratelimit-remaining'])).toEqual(['2', '1', '0', '0']);
    for (const h of headers) {
      expect(Number(h['ratelimit-reset'])).toBeGreaterThanOrEqual(1);
      expect(Number(h['ratelimit-reset'])).toBeLessThanOrEqual(60);
    }
    expect(headers[2]['retry-after']).toBeUndefined();
    expect(Number(headers[3]['retry-after'])).toBe(Number(headers[3]['ratelimit-reset']));
    expect(answers[3].body.code).toBe('RATE_LIMITED');
    // A refused call counts too, and other keys keep their own count.
    const outside = await call(env.app, 'GET', `agents/${path.agent.id}`, { token: limited.key });
    expect(outside.status).toBe(429);
    expect((await stats(other.key)).status).toBe(200);
  });

  it(`throttles an address after ${MAX_WRONG_KEYS_PER_IP} wrong keys, like failed sign-ins`, async () => {
    const { key } = await officeKey();
    const ip = '10.250.1.1';
    for (let i = 0; i < MAX_WRONG_KEYS_PER_IP; i++) {
      const res = await stats(i % 2 ? `sdk_${String(i).padStart(40, 'Z')}` : 'sdk_bad', ip);
      expect(res.status).toBe(401);
    }
    const refused = await stats(`sdk_${'Q'.repeat(40)}`, ip);
    expect([refused.status, refused.body.message]).toEqual([429, WRONG_KEYS_TRIES]);
    // The address is stopped before any lookup, its right key too; another address is not.
    expect((await stats(key, ip)).status).toBe(429);
    expect((await stats(key, '10.250.1.2')).status).toBe(200);
  });
});
