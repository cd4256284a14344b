// A key used past its expiry: refused like any key that is not valid, and written to the audit log once
// ("API key reports (sdk_3f9a…) expired"), however many requests find it so, at once or one by one. And
// the audit rows of API keys an admin sees: its own keys' (created, revoked, expired), no other's.
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  API_KEY_EXPIRED_ACTION,
  Role,
  type TApiKeyCreated,
  type TAuditLogRow,
  type TList,
} from '@salesdesk/contract';
import { call, testEnv, type TestEnv } from '../test/harness';
import { buildAdmin, buildClickPath, nextIp, PASSWORD, tokenFor } from '../test/factories';
import { buildKey } from '../test/api-keys-fixtures';
import { auditMark, auditRowsSince, auditTextSince } from '../test/audit-fixtures';
import { queryRows } from '../db/client';
import { KEY_NOT_VALID } from './api-key-auth';

let env: TestEnv;
let superToken: string;
let path: Awaited<ReturnType<typeof buildClickPath>>;
beforeAll(async () => {
  env = await testEnv();
  superToken = await tokenFor(env.ctx, (await buildAdmin(env.ctx, { role: Role.Superadmin })).accountId);
  path = await buildClickPath(env.ctx);
});

const stats = (key: string, ip = nextIp()) =>
  call<{ code?: string; message?: string }>(env.app, 'POST', 'stats/sites', {
    token: key,
    body: { start: '2026-01-01', end: '2026-01-31', groupBy: 'detail', companyId: path.office.id },
    ip,
    headers: { 'user-agent': 'nightly-report/1.0' },
  });

const expire = (id: number) =>
  env.ctx.db.execute(sql`update api_keys set expires_at = now() - interval '1 second' where id = ${id}`);

const search = (token: string, body: object = {}) =>
  call<TList<TAuditLogRow>>(env.app, 'POST', 'audit-logs', { token, body: { pageSize: 200, ...body } });

describe('an API key used past its expiry', () => {
  it('answers 401 and writes one audit entry naming the key, never its text, whatever the number of uses', async () => {
    const k = await buildKey(env.ctx, path.office.accountId, { name: 'nightly' });
    expect((await stats(k.key)).status).toBe(200);
    await expire(k.id);
    const mark = await auditMark(env.ctx);
    for (let i = 0; i < 3; i++) {
      const res = await stats(k.key, '203.0.113.9');
      expect([res.status, res.body.code, res.body.message]).toEqual([401, 'INVALID_TOKEN', KEY_NOT_VALID]);
    }
    const rows = await auditRowsSince(env.ctx, mark);
    expect(rows).toHaveLength(1);
    const prefix = k.key.slice(0, 8);
    expect(rows[0]).toMatchObject({
      account_id: path.office.accountId,
      username: path.officeUsername,
      role: Role.Company,
      action: API_KEY_EXPIRED_ACTION,
      target_type: 'api-key',
      target_id: String(k.id),
      ip: '203.0.113.9',
      user_agent: 'nightly-report/1.0',
    });
    const text = await auditTextSince(env.ctx, mark);
    expect(text).not.toContain(k.key);
    // In words, as the audit log shows it, with the key beside the account.
    const shown = await search(superToken, { targetType: 'api-key', targetId: String(k.id) });
    expect(shown.body.items.map((r) => [r.description, r.apiKey])).toEqual([
      [`API key nightly (${prefix}…) expired`, `nightly (${prefix}…)`],
    ]);
    // The action filter offers it by its name.
    const named = await search(superToken, { action: 'API key expired', targetId: String(k.id) });
    expect(named.body.total).toBe(1);
  });

  it('writes one entry when the same expired key is used many times at once', async () => {
    const k = await buildKey(env.ctx, path.office.accountId);
    await expire(k.id);
    const mark = await auditMark(env.ctx);
    const answers = await Promise.all(Array.from({ length: 8 }, () => stats(k.key)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(401));
    const rows = (await auditRowsSince(env.ctx, mark)).filter((r) => r.target_id === String(k.id));
    expect(rows.map((r) => r.action)).toEqual([API_KEY_EXPIRED_ACTION]);
  });

  it('writes nothing for a revoked key, a live one, or a wrong one', async () => {
    const revoked = await buildKey(env.ctx, path.office.accountId);
    await expire(revoked.id);
    await env.ctx.db.execute(sql`update api_keys set revoked_at = now() where id = ${revoked.id}`);
    const live = await buildKey(env.ctx, path.office.accountId);
    const mark = await auditMark(env.ctx);
    expect((await stats(revoked.key)).status).toBe(401);
    expect((await stats(live.key)).status).toBe(200);
    expect((await stats(`sdk_${'Z'.repeat(40)}`)).status).toBe(401);
    expect(await auditRowsSince(env.ctx, mark)).toEqual([]);
  });
});

describe('the audit rows of API keys an admin sees', () => {
  it('are those of its own keys: created, revoked, expired; never another admin key', async () => {
    const me = await buildAdmin(env.ctx);
    const other = await buildAdmin(env.ctx);
    const myToken = await tokenFor(env.ctx, me.accountId);
    const otherToken = await tokenFor(env.ctx, other.accountId);
    const make = (token: string, name: string) =>
      call<TApiKeyCreated>(env.app, 'PUT', 'api-keys', {
        token,
        body: { name, scopes: ['stats:read'], currentPassword: PASSWORD },
        ip: nextIp(),
      });
    const mine = await make(myToken, 'mine');
    const theirs = await make(otherToken, 'theirs');
    expect([mine.status, theirs.status]).toEqual([200, 200]);
    expect((await call(env.app, 'DELETE', `api-keys/${mine.body.id}`, { token: myToken })).status).toBe(200);
    const expiring = await make(myToken, 'expiring');
    await expire(expiring.body.id);
    expect((await stats(expiring.body.key)).status).toBe(401);

    const rows = (await search(myToken, { targetType: 'api-key' })).body.items;
    const ids = [mine.body.id, expiring.body.id].map(String);
    const own = rows.filter((r) => ids.includes(r.targetId ?? ''));
    expect(own.map((r) => r.description).sort()).toEqual(
      [
        `Created API key mine (${mine.body.prefix}…)`,
        `Revoked API key mine (${mine.body.prefix}…)`,
        `Created API key expiring (${expiring.body.prefix}…)`,
        `API key expiring (${expiring.body.prefix}…) expired`,
      ].sort(),
    );
    // Only its own: every api-key row it sees is about one of its keys.
    const owned = await queryRows<{ id: string }>(
      env.ctx.db,
      sql`select id::text as id from api_keys where account_id = ${me.accountId}`,
    );
    const ownIds = new Set(owned.map((r) => r.id));
    expect(rows.every((r) => ownIds.has(r.targetId ?? ''))).toBe(true);
    expect(rows.some((r) => r.targetId === String(theirs.body.id))).toBe(false);
    const everything = (await search(myToken, { pageSize: 500 })).body.items;
    expect(everything.some((r) => r.targetId === String(theirs.body.id) && r.targetType === 'api-key')).toBe(
      false,
    );
    // The other admin sees its own, and the superadmin sees both.
    const theirRows = (await search(otherToken, { targetType: 'api-key', targetId: String(theirs.body.id) }))
      .body.items;
    expect(theirRows.map((r) => r.description)).toEqual([`Created API key theirs (${theirs.body.prefix}…)`]);
    const asSuper = await search(superToken, { targetType: 'api-key', targetId: String(theirs.body.id) });
    expect(asSuper.body.total).toBe(1);
  });
});
