// New recovery codes (auth/two-factor/recovery-codes): the current password and a code make ten new
// ones and end the old; a wrong password or code changes nothing; both are throttled; audited.
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CODE_WRONG,
  CURRENT_PASSWORD_REQUIRED,
  CURRENT_PASSWORD_WRONG,
  type TRecoveryCodes,
  type TTwoFactorStatus,
} from '@salesdesk/contract';
import { auditLogs, recoveryCodes } from '../db/schema';
import { buildAgent, buildOffice, login, nextIp, PASSWORD } from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';
import { codeAt, enrol, giveCode, passwordStep } from '../test/two-factor-fixtures';
import { MAX_CODE_FAILURES_PER_ACCOUNT } from './attempts';
import { CURRENT_PASSWORD_MAX_WRONG } from './current-password';

const ROUTE = 'auth/two-factor/recovery-codes';
let env: TestEnv;
beforeAll(async () => {
  env = await testEnv();
});

const regenerate = (token: string, body: unknown) =>
  call<TRecoveryCodes & { data?: Record<string, string[]> }>(env.app, 'POST', ROUTE, {
    token,
    body,
    ip: nextIp(),
  });
const storedHashes = async (accountId: number) =>
  (await env.ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.accountId, accountId)))
    .map((r) => `${r.codeHash}/${r.usedAt === null ? 'unused' : 'used'}`)
    .sort();
const auditRows = (accountId: number) =>
  env.ctx.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.accountId, accountId), eq(auditLogs.action, `POST /api/${ROUTE}`)));
const wrongCode = (secret: string) => (codeAt(secret, 1) === '000000' ? '111111' : '000000');

describe('new recovery codes', () => {
  it('makes ten new codes with the password and a code; the old ones no longer sign in', async () => {
    const g = await buildAgent(env.ctx);
    const token = await login(env.app, g.username);
    const { secret, recoveryCodes: old } = await enrol(env.app, token);
    const done = await regenerate(token, { currentPassword: PASSWORD, code: codeAt(secret, 1) });
    expect(done.status).toBe(200);
    const fresh = done.body.recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(new Set([...fresh, ...old]).size).toBe(20);
    for (const c of fresh) expect(c).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    const left = await call<TTwoFactorStatus>(env.app, 'GET', 'auth/two-factor', { token });
    expect(left.body.recoveryCodesLeft).toBe(10);
    // Only hashes are kept.
    const stored = JSON.stringify(
      await env.ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.accountId, g.accountId)),
    );
    for (const c of fresh) expect(stored).not.toContain(c.replace(/-/g, ''));
    // An old code is refused at sign-in, a new one admitted.
    const pending = await passwordStep(env.app, g.username);
    const reused = await giveCode(env.app, pending.token, old[0]);
    expect(reused.status).toBe(400);
    expect(reused.body.data).toEqual({ code: [CODE_WRONG] });
    expect((await giveCode(env.app, pending.token, fresh[0])).status).toBe(200);
    // Nor can an old code make newer ones.
    const again = await regenerate(token, { currentPassword: PASSWORD, code: old[1] });
    expect(again.status).toBe(400);
    // One audit row, of the one write that went through, naming its account.
    const rows = await auditRows(g.accountId);
    expect(rows).toHaveLength(1);
    expect(rows[0].username).toBe(g.username);
    expect(JSON.stringify(rows)).not.toContain(PASSWORD);
  });

  it('takes an unused recovery code as the code, which the new set replaces', async () => {
    const o = await buildOffice(env.ctx);
    const token = await login(env.app, o.username);
    const { recoveryCodes: old } = await enrol(env.app, token);
    const done = await regenerate(token, { currentPassword: PASSWORD, code: old[2] });
    expect(done.status).toBe(200);
    const pending = await passwordStep(env.app, o.username);
    for (const c of [old[2], old[3]]) expect((await giveCode(env.app, pending.token, c)).status).toBe(400);
    expect((await giveCode(env.app, pending.token, done.body.recoveryCodes[9])).status).toBe(200);
  });

  it('refuses a wrong password before it uses the code, and a wrong code; nothing changes', async () => {
    const g = await buildAgent(env.ctx);
    const token = await login(env.app, g.username);
    const { secret, recoveryCodes: old } = await enrol(env.app, token);
    const before = await storedHashes(g.accountId);
    const badPassword = await regenerate(token, { currentPassword: 'not-it-123', code: old[0] });
    expect(badPassword.status).toBe(400);
    expect(badPassword.body.data).toEqual({ currentPassword: [CURRENT_PASSWORD_WRONG] });
    const badCode = await regenerate(token, { currentPassword: PASSWORD, code: wrongCode(secret) });
    expect(badCode.status).toBe(400);
    expect(badCode.body.data).toEqual({ code: [CODE_WRONG] });
    expect(await storedHashes(g.accountId)).toEqual(before);
    expect(await auditRows(g.accountId)).toEqual([]);
    // The code the wrong password came with was not used up.
    const pending = await passwordStep(env.app, g.username);
    expect((await giveCode(env.app, pending.token, old[0])).status).toBe(200);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const g = await buildAgent(env.ctx);
    const token = await login(env.app, g.username);
    const { secret } = await enrol(env.app, token);
    const before = await storedHashes(g.accountId);
    const good = codeAt(secret, 1);
    const missing = await regenerate(token, { code: good });
    expect(missing.status).toBe(400);
    expect(missing.body.data?.currentPassword).toEqual([CURRENT_PASSWORD_REQUIRED]);
    for (const body of [
      {},
      null,
      { currentPassword: '', code: good },
      { currentPassword: PASSWORD },
      { currentPassword: PASSWORD, code: 123456 },
      { currentPassword: PASSWORD, code: '12345' },
      { currentPassword: PASSWORD, code: `${good.slice(0, 5)}\u0000` },
      { currentPassword: PASSWORD, code: '0x10' },
      { currentPassword: PASSWORD, code: '1e3' },
      { currentPassword: 12345678, code: good },
      { currentPassword: 'x'.repeat(129), code: good },
    ]) {
      const res = await regenerate(token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await storedHashes(g.accountId)).toEqual(before);
  });

  it('answers 409 without two-factor sign-in, 401 without a session, 403 at the code step', async () => {
    const g = await buildAgent(env.ctx);
    const token = await login(env.app, g.username);
    expect((await regenerate(token, { currentPassword: PASSWORD, code: '123456' })).status).toBe(409);
    expect((await call(env.app, 'POST', ROUTE, { body: {} })).status).toBe(401);
    const { secret } = await enrol(env.app, token);
    const pending = await passwordStep(env.app, g.username);
    const atCodeStep = await call<{ code: string }>(env.app, 'POST', ROUTE, {
      token: pending.token,
      body: { currentPassword: PASSWORD, code: codeAt(secret, 1) },
    });
    expect(atCodeStep.status).toBe(403);
    expect(atCodeStep.body.code).toBe('SECOND_FACTOR_REQUIRED');
  });

  it('throttles wrong passwords and wrong codes like the other steps', async () => {
    const a = await buildAgent(env.ctx);
    const tokenA = await login(env.app, a.username);
    const { secret: secretA } = await enrol(env.app, tokenA);
    for (let i = 0; i < CURRENT_PASSWORD_MAX_WRONG; i++)
      expect(
        (await regenerate(tokenA, { currentPassword: 'wrong-pass', code: codeAt(secretA, 1) })).status,
      ).toBe(400);
    expect((await regenerate(tokenA, { currentPassword: PASSWORD, code: codeAt(secretA, 1) })).status).toBe(
      429,
    );

    const b = await buildAgent(env.ctx);
    const tokenB = await login(env.app, b.username);
    const { secret: secretB } = await enrol(env.app, tokenB);
    for (let i = 0; i < MAX_CODE_FAILURES_PER_ACCOUNT; i++)
      expect((await regenerate(tokenB, { currentPassword: PASSWORD, code: wrongCode(secretB) })).status).toBe(
        400,
      );
    expect((await regenerate(tokenB, { currentPassword: PASSWORD, code: codeAt(secretB, 1) })).status).toBe(
      429,
    );
  });

  it('makes one set of the two sent at once with one code', async () => {
    const g = await buildAgent(env.ctx);
    const token = await login(env.app, g.username);
    const { secret } = await enrol(env.app, token);
    const body = { currentPassword: PASSWORD, code: codeAt(secret, 1) };
    const answers = await Promise.all([regenerate(token, body), regenerate(token, body)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
    const won = answers.find((r) => r.status === 200)!.body.recoveryCodes;
    const stored = await storedHashes(g.accountId);
    expect(stored).toHaveLength(10);
    const pending = await passwordStep(env.app, g.username);
    expect((await giveCode(env.app, pending.token, won[0])).status).toBe(200);
  });
});
