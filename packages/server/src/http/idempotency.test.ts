// Safe retries (http/idempotency.ts): one Idempotency-Key, one effect, whatever the number of copies sent.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, IDEMPOTENCY_KEY_INVALID, Role } from '@salesdesk/contract';
import { eq } from 'drizzle-orm';
import { queryOne } from '../db/client';
import { accounts } from '../db/schema';
import { trimIdempotencyKeys } from '../jobs/idempotency-retention';
import { buildKey } from '../test/api-keys-fixtures';
import { buildAdmin, tokenFor, uniqueName } from '../test/factories';
import { call, secondInstance, testEnv, type TestEnv } from '../test/harness';
import { moneyCallers, moneySale, rawCount } from '../test/money-fixtures';

let env: TestEnv;
let who: Awaited<ReturnType<typeof moneyCallers>>;
/** An admin who sees earnings: a session and a key with `sales:write`, both its own. */
let admin: { accountId: number; session: string; key: string };
beforeAll(async () => {
  env = await testEnv();
  who = await moneyCallers(env.ctx);
  const { accountId } = await buildAdmin(env.ctx, { role: Role.Admin });
  await env.ctx.db.update(accounts).set({ earningVisible: true }).where(eq(accounts.id, accountId));
  admin = {
    accountId,
    session: await tokenFor(env.ctx, accountId),
    key: (await buildKey(env.ctx, accountId, { scopes: ['sales:write'] })).key,
  };
});

type Body = { code?: string; message?: string; id?: number; changed?: number };
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, token: string, body: unknown, idem?: string) =>
  call<Body>(env.app, method, url, {
    token,
    body,
    headers: idem === undefined ? {} : { 'idempotency-key': idem },
  });

const newKey = () => `retry-${uniqueName('k')}-${Math.random().toString(36).slice(2)}`;
const adjustment = (note: string) => ({
  agentId: who.path.agent.id,
  payout: '-20.10',
  earning: '2.5',
  date: '2025-05-02',
  note,
});
/** The raw adjustment rows carrying `note`, counted in the sales table itself. */
const adjustmentsNoted = (note: string) => rawCount(env.ctx, sql`event_type = 5 and note = ${note}`);
const replayed = (res: { res: { headers: Record<string, unknown> } }) =>
  res.res.headers['idempotent-replayed'];

describe('Idempotency-Key', () => {
  it('20 adjustments sent at once with one key (a session) make one row; each answer is its answer or 409', async () => {
    const note = uniqueName('adj');
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => send('PUT', 'adjustments', admin.session, adjustment(note), key)),
    );
    expect(await adjustmentsNoted(note)).toBe(1);
    const ok = answers.filter((a) => a.status === 200);
    const busy = answers.filter((a) => a.status === 409);
    expect(ok.length + busy.length).toBe(20);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(ok.filter((a) => !replayed(a))).toHaveLength(1);
    const first = ok.find((a) => !replayed(a))!;
    for (const a of ok) expect(a.body).toEqual(first.body);
    for (const a of busy) expect(a.body.code).toBe(ErrorCode.Conflict);

    // Sent again later: the first answer, marked, and still one row.
    const again = await send('PUT', 'adjustments', admin.session, adjustment(note), key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(replayed(again)).toBe('true');
    expect(again.res.headers['content-type']).toMatch(/^application\/json/);
    expect(await adjustmentsNoted(note)).toBe(1);
  });

  it('20 status changes sent at once with one key (an API key) change the sale once and are audited once', async () => {
    const sale = await moneySale(env.ctx, who.path, '2025-04-07T15:00:00Z', { held: true });
    const reason = uniqueName('why');
    const body = { ids: [sale], status: 'approved', reason };
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => send('POST', 'sales/status', admin.key, body, key)),
    );
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.length + answers.filter((a) => a.status === 409).length).toBe(20);
    // Without the key every copy after the first would answer changed: 0.
    for (const a of ok) expect(a.body).toMatchObject({ ok: true, changed: 1 });
    expect(await rawCount(env.ctx, sql`id = ${sale} and status = 0 and note = ${reason}`)).toBe(1);
    // The admin's only status change made with its key: one audit row, one run of the handler.
    const audited = await queryOne<{ n: number }>(
      env.ctx.db,
      sql`select count(*)::int as n from audit_logs
          where account_id = ${admin.accountId} and action = 'POST /api/sales/status' and api_key is not null`,
    );
    expect(audited?.n).toBe(1);
  });

  it('two nodes share the claim: copies sent to both at once make one row', async () => {
    const other = await secondInstance();
    const note = uniqueName('two');
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call<Body>(i % 2 ? other.app : env.app, 'PUT', 'adjustments', {
          token: admin.key,
          body: adjustment(note),
          headers: { 'idempotency-key': key },
        }),
      ),
    );
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    expect(answers.filter((a) => a.status === 200 && !replayed(a))).toHaveLength(1);
    expect(await adjustmentsNoted(note)).toBe(1);
    await other.app.close();
  });

  it('the same body in another key order and spacing replays; another body, method or path answers 422', async () => {
    const note = uniqueName('ord');
    const key = newKey();
    const first = await send('PUT', 'adjustments', admin.session, adjustment(note), key);
    expect(first.status).toBe(200);
    const reordered = await env.app.inject({
      method: 'PUT',
      url: '/api/adjustments',
      headers: {
        authorization: `Bearer ${admin.session}`,
        'idempotency-key': key,
        'content-type': 'application/json',
      },
      payload: `{ "note": "${note}",  "date": "2025-05-02", "earning": "2.5", "payout": "-20.10", "agentId": ${who.path.agent.id} }`,
    });
    expect(reordered.statusCode).toBe(200);
    expect(reordered.headers['idempotent-replayed']).toBe('true');
    expect(JSON.parse(reordered.body)).toEqual(first.body);

    const other = await send(
      'PUT',
      'adjustments',
      admin.session,
      { ...adjustment(note), payout: '-20.11' },
      key,
    );
    expect(other.status).toBe(422);
    expect(other.body.code).toBe(ErrorCode.IdempotencyKeyReused);
    expect(other.body.message).toMatch(/another request/);
    const sale = await moneySale(env.ctx, who.path, '2025-04-07T15:00:00Z', { held: true });
    const elsewhere = await send(
      'POST',
      'sales/status',
      admin.session,
      { ids: [sale], status: 'approved', reason: 'x' },
      key,
    );
    expect(elsewhere.status).toBe(422);
    expect(await adjustmentsNoted(note)).toBe(1);
    expect(await rawCount(env.ctx, sql`id = ${sale} and status = 0`)).toBe(0);
  });

  it('a key belongs to its caller: another account, or the same account with a key, runs its own request', async () => {
    const note = uniqueName('own');
    const key = newKey();
    expect((await send('PUT', 'adjustments', admin.session, adjustment(note), key)).status).toBe(200);
    const withKey = await send('PUT', 'adjustments', admin.key, adjustment(note), key);
    expect(withKey.status).toBe(200);
    expect(replayed(withKey)).toBeUndefined();
    const other = await send('PUT', 'adjustments', who.superadmin, adjustment(note), key);
    expect(other.status).toBe(200);
    expect(replayed(other)).toBeUndefined();
    expect(await adjustmentsNoted(note)).toBe(3);
  });

  it('without the header writes behave as before: each copy runs', async () => {
    const note = uniqueName('none');
    for (let i = 0; i < 2; i++) {
      const res = await send('PUT', 'adjustments', admin.session, adjustment(note));
      expect(res.status).toBe(200);
      expect(replayed(res)).toBeUndefined();
    }
    expect(await adjustmentsNoted(note)).toBe(2);
  });

  it('a malformed header answers 400 and runs nothing; no caller answers 401 first', async () => {
    const note = uniqueName('bad');
    for (const bad of ['x'.repeat(256), 'clé', 'a\u0001b']) {
      const res = await send('PUT', 'adjustments', admin.session, adjustment(note), bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.message).toBe(IDEMPOTENCY_KEY_INVALID);
    }
    expect((await send('PUT', 'adjustments', '', adjustment(note), 'x'.repeat(256))).status).toBe(401);
    expect(await adjustmentsNoted(note)).toBe(0);
    // 255 printable characters, spaces inside included, are a key.
    const longest = ` ${'~'.repeat(253)} `.slice(0, 255);
    expect(
      (await send('PUT', 'adjustments', admin.session, adjustment(note), `k${longest.slice(1)}`)).status,
    ).toBe(200);
  });

  it('a refusal gives the key back: the retry runs again and may succeed', async () => {
    const note = uniqueName('ref');
    const key = newKey();
    const unknownAgent = { ...adjustment(note), agentId: 2147483647 };
    const refused = await send('PUT', 'adjustments', admin.session, unknownAgent, key);
    expect(refused.status).toBe(404);
    const again = await send('PUT', 'adjustments', admin.session, unknownAgent, key);
    expect(again.status).toBe(404);
    expect(replayed(again)).toBeUndefined();
    // A schema refusal claims nothing either.
    expect(
      (await send('PUT', 'adjustments', admin.session, { ...adjustment(note), payout: 'x' }, key)).status,
    ).toBe(400);
    const fixed = await send('PUT', 'adjustments', admin.session, adjustment(note), key);
    expect(fixed.status).toBe(200);
    expect(await adjustmentsNoted(note)).toBe(1);
  });

  it('a key past 24 hours is a new key, and the retention job deletes it', async () => {
    const note = uniqueName('old');
    const key = newKey();
    expect((await send('PUT', 'adjustments', admin.session, adjustment(note), key)).status).toBe(200);
    await env.ctx.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '25 hours' where idempotency_key = ${key}`,
    );
    const later = await send('PUT', 'adjustments', admin.session, { ...adjustment(note), payout: '-1' }, key);
    expect(later.status).toBe(200);
    expect(replayed(later)).toBeUndefined();
    expect(await adjustmentsNoted(note)).toBe(2);

    const stale = newKey();
    expect(
      (await send('PUT', 'adjustments', admin.session, adjustment(uniqueName('old')), stale)).status,
    ).toBe(200);
    await env.ctx.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '25 hours' where idempotency_key = ${stale}`,
    );
    expect(await trimIdempotencyKeys(env.ctx.db)).toBeGreaterThanOrEqual(1);
    const left = await queryOne<{ n: number }>(
      env.ctx.db,
      sql`select count(*)::int as n from idempotency_keys where idempotency_key in (${key}, ${stale})`,
    );
    expect(left?.n).toBe(1);
  });

  it('a call answering a secret shown once refuses the header; a public call ignores it', async () => {
    const res = await send(
      'PUT',
      'api-keys',
      admin.session,
      { name: 'k', scopes: ['sales:write'] },
      newKey(),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/secret/);
    const login = { username: uniqueName('no'), password: 'wrong-password' };
    const plain = await send('POST', 'auth/login', '', login);
    const withKey = await send('POST', 'auth/login', '', login, newKey());
    expect(withKey.status).toBe(plain.status);
    expect(withKey.body).toEqual(plain.body);
  });
});
