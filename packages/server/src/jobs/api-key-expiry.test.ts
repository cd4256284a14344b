// The job that writes the audit entry of keys expired unused: once per key, however many runs at once,
// never again after the request that found the key expired, and never for a live or revoked key.
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { API_KEY_EXPIRED_ACTION } from '@salesdesk/contract';
import { call, testEnv, type TestEnv } from '../test/harness';
import { buildOffice } from '../test/factories';
import { buildKey } from '../test/api-keys-fixtures';
import { auditMark, auditRowsSince } from '../test/audit-fixtures';
import { logExpiredKeys, nextKeyExpiryTime } from './api-key-expiry';

let env: TestEnv;
beforeAll(async () => {
  env = await testEnv();
});

const expire = (id: number) =>
  env.ctx.db.execute(sql`update api_keys set expires_at = now() - interval '1 second' where id = ${id}`);
const entriesOf = async (mark: number, ids: number[]) =>
  (await auditRowsSince(env.ctx, mark))
    .filter((r) => r.action === API_KEY_EXPIRED_ACTION && ids.map(String).includes(r.target_id ?? ''))
    .map((r) => [Number(r.target_id), r.account_id, r.detail]);

describe('the API key expiry job', () => {
  it('writes one entry per key expired unused, in batches, with two runs at once', async () => {
    const o = await buildOffice(env.ctx);
    const keys = await Promise.all([1, 2, 3].map((i) => buildKey(env.ctx, o.accountId, { name: `k${i}` })));
    const live = await buildKey(env.ctx, o.accountId, { name: 'live' });
    const revoked = await buildKey(env.ctx, o.accountId, { name: 'revoked' });
    for (const k of [...keys, revoked]) await expire(k.id);
    await env.ctx.db.execute(sql`update api_keys set revoked_at = now() where id = ${revoked.id}`);
    const mark = await auditMark(env.ctx);
    await Promise.all([1, 2].map(() => logExpiredKeys(env.ctx.db, { batch: 2 })));
    await logExpiredKeys(env.ctx.db);
    const prefix = (key: string) => key.slice(0, 8);
    expect(
      (
        await entriesOf(
          mark,
          [...keys, live, revoked].map((k) => k.id),
        )
      ).sort(),
    ).toEqual(keys.map((k, i) => [k.id, o.accountId, `k${i + 1} (${prefix(k.key)}…)`]).sort());
  });

  it('writes nothing for a key whose request already wrote it, and the request nothing after the job', async () => {
    const o = await buildOffice(env.ctx);
    const used = await buildKey(env.ctx, o.accountId);
    const unused = await buildKey(env.ctx, o.accountId);
    await expire(used.id);
    await expire(unused.id);
    const mark = await auditMark(env.ctx);
    const read = (key: string) => call(env.app, 'GET', 'stats/site-options', { token: key });
    expect((await read(used.key)).status).toBe(401);
    await logExpiredKeys(env.ctx.db);
    expect((await read(unused.key)).status).toBe(401);
    await logExpiredKeys(env.ctx.db);
    const ids = [used.id, unused.id];
    expect((await entriesOf(mark, ids)).map((e) => e[0]).sort()).toEqual(ids.sort());
  });

  it('runs every 5 minutes', () => {
    expect(nextKeyExpiryTime(new Date('2026-03-20T12:03:10Z')).toISOString()).toBe(
      '2026-03-20T12:05:00.000Z',
    );
    expect(nextKeyExpiryTime(new Date('2026-03-20T12:05:00Z')).toISOString()).toBe(
      '2026-03-20T12:10:00.000Z',
    );
  });
});
