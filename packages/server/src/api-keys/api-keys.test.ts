// API keys: who may make, list and revoke them, the key shown once and kept only as its SHA-256, the
// limits, the audit rows in words, and input sent as an attacker would.
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  API_KEY_MAX_LIVE,
  API_KEY_NAME_TAKEN,
  API_KEY_TOO_MANY,
  Permission,
  Role,
  type TApiKeyCreated,
  type TApiKeyList,
  type TAuditLogRow,
  type TList,
} from '@salesdesk/contract';
import { call, testEnv, type TestEnv } from '../test/harness';
import { buildAdmin, buildAgent, buildOffice, nextIp, PASSWORD, tokenFor } from '../test/factories';
import { buildKey } from '../test/api-keys-fixtures';
import { auditMark, auditRowsSince, auditTextSince } from '../test/audit-fixtures';
import { codeAt, enrol } from '../test/two-factor-fixtures';
import { sha256 } from '../common/crypto';
import { queryOne, queryRows } from '../db/client';
import { accounts } from '../db/schema';
import { eq } from 'drizzle-orm';

let env: TestEnv;
let superToken: string;
beforeAll(async () => {
  env = await testEnv();
  const sa = await buildAdmin(env.ctx, { role: Role.Superadmin });
  superToken = await tokenFor(env.ctx, sa.accountId);
});

const create = (token: string, body: unknown, ip = nextIp()) =>
  call<TApiKeyCreated & { code?: string; message?: string; data?: Record<string, string[]> }>(
    env.app,
    'PUT',
    'api-keys',
    { token, body, ip },
  );
const list = (token: string, body: unknown = {}) =>
  call<TApiKeyList>(env.app, 'POST', 'api-keys/search', { token, body });
const revoke = (token: string, id: number | string) =>
  call<{ code?: string }>(env.app, 'DELETE', `api-keys/${id}`, { token });
const valid = (over: Record<string, unknown> = {}) => ({
  name: 'reports',
  scopes: ['stats:read'],
  currentPassword: PASSWORD,
  ...over,
});

async function newOffice() {
  const o = await buildOffice(env.ctx);
  return { ...o, token: await tokenFor(env.ctx, o.accountId) };
}

const liveCount = async (accountId: number) =>
  (
    await queryOne<{ n: number }>(
      env.ctx.db,
      sql`select count(*)::int as n from api_keys where account_id = ${accountId} and revoked_at is null`,
    )
  )?.n;

async function descriptions(mark: number): Promise<string[]> {
  const res = await call<TList<TAuditLogRow>>(env.app, 'POST', 'audit-logs', {
    token: superToken,
    body: { pageSize: 50 },
  });
  const ids = new Set((await auditRowsSince(env.ctx, mark)).map((r) => String(r.id)));
  return res.body.items.filter((r) => ids.has(String(r.id))).map((r) => r.description);
}

describe('PUT api-keys', () => {
  it('makes a key shown once: sdk_ and 40 base62 characters, kept only as its SHA-256 and first 8', async () => {
    const o = await newOffice();
    const mark = await auditMark(env.ctx);
    const res = await create(o.token, valid({ scopes: ['stats:read', 'sales:read'], rateLimit: 1200 }));
    expect(res.status).toBe(200);
    const { key, ...row } = res.body;
    expect(key).toMatch(/^sdk_[0-9A-Za-z]{40}$/);
    expect(row).toMatchObject({
      name: 'reports',
      prefix: key.slice(0, 8),
      scopes: ['stats:read', 'sales:read'],
      allowedIps: [],
      rateLimit: 1200,
      createdBy: o.username,
      expiresAt: null,
      lastUsedAt: null,
      revokedAt: null,
    });
    const stored = await queryRows<Record<string, unknown>>(
      env.ctx.db,
      sql`select * from api_keys where account_id = ${o.accountId}`,
    );
    expect(stored).toHaveLength(1);
    expect(stored[0].key_hash).toBe(sha256(key));
    expect(JSON.stringify(stored)).not.toContain(key);
    // The list never shows the key or its hash.
    const listed = await list(o.token);
    expect(listed.status).toBe(200);
    expect(listed.body.total).toBe(1);
    expect(listed.body.items[0]).toEqual(row);
    expect(JSON.stringify(listed.body)).not.toContain(key.slice(8));
    expect(JSON.stringify(listed.body)).not.toContain(sha256(key));
    // One audit row in words; neither the key nor its hash is in it.
    expect(await descriptions(mark)).toEqual([`Created API key reports (${key.slice(0, 8)}…)`]);
    const text = await auditTextSince(env.ctx, mark);
    expect(text).not.toContain(key);
    expect(text).not.toContain(sha256(key));
  });

  it('needs the current password: a wrong one makes nothing', async () => {
    const o = await newOffice();
    const res = await create(o.token, valid({ currentPassword: 'wrong-password' }));
    expect(res.status).toBe(400);
    expect(res.body.data?.currentPassword).toBeDefined();
    const missing = await create(o.token, valid({ currentPassword: undefined }));
    expect(missing.status).toBe(400);
    expect(await liveCount(o.accountId)).toBe(0);
  });

  it('needs the second factor when the account has one', async () => {
    const o = await newOffice();
    const { secret } = await enrol(env.app, o.token);
    // Enrolment ends the other sessions: a fresh one.
    const token = await tokenFor(env.ctx, o.accountId);
    const without = await create(token, valid());
    expect(without.status).toBe(400);
    expect(without.body.data?.code).toBeDefined();
    const wrong = await create(token, valid({ code: '000000' }));
    expect(wrong.status).toBe(400);
    expect(await liveCount(o.accountId)).toBe(0);
    const ok = await create(token, valid({ code: codeAt(secret, 1) }));
    expect(ok.status).toBe(200);
  });

  it('lets superadmins, admins and offices make keys, and refuses agents', async () => {
    const admin = await buildAdmin(env.ctx);
    const agent = await buildAgent(env.ctx);
    expect((await create(superToken, valid({ name: `s${Date.now()}` }))).status).toBe(200);
    expect((await create(await tokenFor(env.ctx, admin.accountId), valid())).status).toBe(200);
    const refused = await create(await tokenFor(env.ctx, agent.accountId), valid());
    expect(refused.status).toBe(403);
  });

  it('never grants a scope beyond the owner: sales:write needs an admin who sees earnings', async () => {
    const o = await newOffice();
    const office = await create(o.token, valid({ scopes: ['stats:read', 'sales:write'] }));
    expect(office.status).toBe(400);
    expect(office.body.data?.scopes).toEqual(['Your account cannot grant the scope sales:write']);
    const admin = await buildAdmin(env.ctx);
    const adminToken = await tokenFor(env.ctx, admin.accountId);
    expect((await create(adminToken, valid({ scopes: ['sales:write'] }))).status).toBe(400);
    await env.ctx.db.update(accounts).set({ earningVisible: true }).where(eq(accounts.id, admin.accountId));
    expect(Permission.EarningVisible).toBe('EARNING_VISIBLE');
    expect((await create(adminToken, valid({ scopes: ['sales:write'] }))).status).toBe(200);
    expect(await liveCount(o.accountId)).toBe(0);
  });

  it(`keeps at most ${API_KEY_MAX_LIVE} live keys; revoked and expired ones do not count`, async () => {
    const o = await newOffice();
    for (let i = 0; i < API_KEY_MAX_LIVE - 1; i++) await buildKey(env.ctx, o.accountId);
    const expired = await buildKey(env.ctx, o.accountId);
    await env.ctx.db.execute(
      sql`update api_keys set expires_at = now() - interval '1 minute' where id = ${expired.id}`,
    );
    expect((await create(o.token, valid({ name: 'the 25th' }))).status).toBe(200);
    const over = await create(o.token, valid({ name: 'the 26th' }));
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(API_KEY_TOO_MANY);
    const { body } = await list(o.token, { criteria: [{ field: 'name', value: 'the 25th' }] });
    expect(body.total).toBe(1);
    expect((await revoke(o.token, body.items[0].id)).status).toBe(200);
    expect((await create(o.token, valid({ name: 'the 26th' }))).status).toBe(200);
  });

  it('makes one key of a name when the same create is sent twice at once', async () => {
    const o = await newOffice();
    const answers = await Promise.all([create(o.token, valid()), create(o.token, valid())]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(answers.find((a) => a.status === 400)?.body.data?.name).toEqual([API_KEY_NAME_TAKEN]);
    expect(await liveCount(o.accountId)).toBe(1);
    // Not the 26th either: two creates at once near the limit make one key.
    const full = await newOffice();
    for (let i = 0; i < API_KEY_MAX_LIVE - 1; i++) await buildKey(env.ctx, full.accountId);
    const near = await Promise.all([
      create(full.token, valid({ name: 'a' })),
      create(full.token, valid({ name: 'b' })),
    ]);
    expect(near.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await liveCount(full.accountId)).toBe(API_KEY_MAX_LIVE);
  });

  it.each([
    ['a NUL in the name', { name: 'a\u0000b' }],
    ['a control character in the name', { name: 'line\nbreak' }],
    ['a blank name', { name: '   ' }],
    ['a name of 65 characters', { name: 'n'.repeat(65) }],
    ['a name that is a number', { name: 12 }],
    ['an unknown scope', { scopes: ['admins:write'] }],
    ['no scope', { scopes: [] }],
    ['a scope twice', { scopes: ['stats:read', 'stats:read'] }],
    ['scopes as text', { scopes: 'stats:read' }],
    ['a rate limit past 6000', { rateLimit: 6001 }],
    ['a huge rate limit', { rateLimit: 1e308 }],
    ['a rate limit of 0', { rateLimit: 0 }],
    ['a fractional rate limit', { rateLimit: 1.5 }],
    ['a rate limit as text', { rateLimit: '600' }],
    ['an address that is none', { allowedIps: ['999.1.1.1'] }],
    ['a range past /32', { allowedIps: ['10.0.0.0/33'] }],
    ['an IPv6 range past /128', { allowedIps: ['2001:db8::/129'] }],
    ['a host name', { allowedIps: ['example.com'] }],
    ['51 addresses', { allowedIps: Array.from({ length: 51 }, (_, i) => `10.0.0.${i}`) }],
    ['an expiry in the past', { expiresAt: '2020-01-01T00:00:00Z' }],
    ['an expiry past five years', { expiresAt: '2099-01-01T00:00:00Z' }],
    ['an expiry that is not a time', { expiresAt: 'tomorrow' }],
    ['an unknown field', { admin: true }],
    ['a password of 129 characters', { currentPassword: 'p'.repeat(129) }],
  ])('refuses %s with a 400 and makes nothing', async (_label, over) => {
    const o = await newOffice();
    const res = await create(o.token, valid(over));
    expect(res.status).toBe(400);
    expect(await liveCount(o.accountId)).toBe(0);
  });

  it('takes addresses and ranges of both families and a future expiry', async () => {
    const o = await newOffice();
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const allowedIps = ['203.0.113.7', '10.0.0.0/8', '2001:db8::/32', '::1'];
    const res = await create(o.token, valid({ allowedIps, expiresAt }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ allowedIps, expiresAt });
  });
});

describe('POST api-keys/search', () => {
  it('lists only the caller own keys, paged and sorted', async () => {
    const a = await newOffice();
    const b = await newOffice();
    for (const name of ['beta', 'alpha', 'gamma']) await buildKey(env.ctx, a.accountId, { name });
    await buildKey(env.ctx, b.accountId, { name: 'other' });
    const res = await list(a.token, { sortField: 'name', sortAsc: true, pageSize: 2 });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    expect(res.body.items.map((k) => k.name)).toEqual(['alpha', 'beta']);
    const page2 = await list(a.token, { sortField: 'name', sortAsc: true, pageSize: 2, page: 2 });
    expect(page2.body.items.map((k) => k.name)).toEqual(['gamma']);
    expect((await list(a.token, { sortField: 'keyHash' })).status).toBe(400);
    expect((await list(a.token, { pageSize: 100000 })).status).toBe(400);
  });
});

describe('DELETE api-keys/:id', () => {
  it('revokes an own key once, in words; another account key is 404', async () => {
    const o = await newOffice();
    const other = await newOffice();
    const mine = await buildKey(env.ctx, o.accountId, { name: 'nightly' });
    const theirs = await buildKey(env.ctx, other.accountId);
    const mark = await auditMark(env.ctx);
    expect((await revoke(o.token, theirs.id)).status).toBe(404);
    expect((await revoke(superToken, mine.id)).status).toBe(404);
    expect((await revoke(o.token, mine.id)).status).toBe(200);
    expect((await revoke(o.token, mine.id)).status).toBe(404);
    expect(await descriptions(mark)).toEqual([`Revoked API key nightly (${mine.key.slice(0, 8)}…)`]);
    expect(await liveCount(other.accountId)).toBe(1);
    const listed = await list(o.token);
    expect(listed.body.items[0].revokedAt).not.toBeNull();
  });

  it('has one effect when the same revoke is sent twice at once', async () => {
    const o = await newOffice();
    const k = await buildKey(env.ctx, o.accountId);
    const mark = await auditMark(env.ctx);
    const answers = await Promise.all([revoke(o.token, k.id), revoke(o.token, k.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
    expect(await auditRowsSince(env.ctx, mark)).toHaveLength(1);
  });

  it.each(['0', '0x10', '1e3', '3000000000', '-1', 'abc'])(
    'refuses the id %s with a 400 or 404',
    async (id) => {
      const o = await newOffice();
      expect([400, 404]).toContain((await revoke(o.token, id)).status);
    },
  );
});
