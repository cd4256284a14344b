// The log never holds a password, a hash, an encrypted password copy, a token, an API key or its hash,
// a two-factor secret, code or recovery code, or a request body, even when a write fails in the database with those
// values as its parameters.
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@salesdesk/contract';
import { buildApp, type App } from '../app';
import { createAccount } from '../accounts/credentials';
import { loggableError } from '../common/loggable-error';
import { decryptSecret, sha256 } from '../common/crypto';
import { accounts, twoFactor } from '../db/schema';
import { buildAdmin, buildClickPath, buildOffice, PASSWORD, tokenFor, uniqueName } from '../test/factories';
import { codeAt, enrol, giveCode, passwordStep } from '../test/two-factor-fixtures';
import { call, testEnv, type TestEnv } from '../test/harness';

let env: TestEnv;
let app: App;
const lines: string[] = [];
const passwords: string[] = [];
const usernames: string[] = [];
const twoFactorSecrets: string[] = [];
/** API keys made, used, refused and revoked, and their SHA-256. */
const apiKeySecrets: string[] = [];
let ipCount = 0;
const OUT_OF_RANGE = '9007199254740991';
const freshIp = () => `10.14.${(++ipCount >> 8) & 255}.${ipCount & 255}`;

const secretPassword = () => {
  const p = `Pw-${uniqueName('p')}-${Math.random().toString(36).slice(2)}`;
  passwords.push(p);
  return p;
};

beforeAll(async () => {
  env = await testEnv();
  const ctx = { ...env.ctx, config: { ...env.ctx.config, logLevel: 'trace' } };
  app = await buildApp(ctx, { logger: true, logStream: { write: (line) => void lines.push(line) } });
  // A write that fails in the database after every check: NOT NULL on role, whose error detail
  // ("Failing row contains ...") and parameters hold the new password's hash and encrypted copy.
  app.post('/test-only/failing-create', async () => {
    const username = uniqueName('f');
    usernames.push(username);
    await createAccount(env.ctx.db, env.ctx.keys, {
      role: null as unknown as number,
      username,
      password: secretPassword(),
    });
    return { ok: true };
  });
  // A value past int4 that reached the database: PostgreSQL's message quotes it.
  app.post('/test-only/out-of-range', async () => {
    await env.ctx.db.execute(sql`select ${OUT_OF_RANGE}::int as n`);
    return { ok: true };
  });
});

describe('the log', () => {
  let superToken: string;
  beforeAll(async () => {
    superToken = await tokenFor(env.ctx, (await buildAdmin(env.ctx, { role: Role.Superadmin })).accountId);
  });

  const officeBody = (username: string, password: string) => ({
    officeName: 'BODY-MARKER-office',
    manFirstName: 'Ann',
    manLastName: 'Lee',
    username,
    password,
    passwordConfirm: password,
  });

  it('drives failing writes, logins and password changes', async () => {
    const failed = await app.inject({ method: 'POST', url: '/test-only/failing-create' });
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({ code: 'INTERNAL', message: 'Internal error' });
    const outOfRange = await app.inject({ method: 'POST', url: '/test-only/out-of-range' });
    expect(outOfRange.statusCode).toBe(500);

    // The same username created five times at once: one wins, the others lose at the unique index.
    const username = uniqueName('r');
    usernames.push(username);
    const password = secretPassword();
    const creates = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(app, 'PUT', 'offices', { token: superToken, body: officeBody(username, password) }),
      ),
    );
    expect(creates.map((c) => c.status).filter((s) => s === 200)).toHaveLength(1);

    const o = await buildOffice(env.ctx);
    usernames.push(o.username);
    const newPassword = secretPassword();
    const update = await call(app, 'POST', `offices/${o.office.id}`, {
      token: superToken,
      body: { ...officeBody(o.username, newPassword), active: true },
    });
    expect(update.status).toBe(200);

    for (const pw of [secretPassword(), newPassword])
      await call(app, 'POST', 'auth/login', { body: { username: o.username, password: pw }, ip: freshIp() });
    await call(app, 'POST', 'forgot', {
      body: { username: o.username, email: `${o.username}@example.com` },
      ip: freshIp(),
    });
  });

  it('drives two-factor enrolment, the second step, recovery codes and turning it off', async () => {
    const g = await buildOffice(env.ctx);
    usernames.push(g.username);
    const token = await tokenFor(env.ctx, g.accountId);
    const { secret, uri, qr, enrolCode, recoveryCodes } = await enrol(app, token);
    twoFactorSecrets.push(secret, uri, qr.slice(30, 90), enrolCode, ...recoveryCodes);
    const stored = await env.ctx.db.select().from(twoFactor).where(eq(twoFactor.accountId, g.accountId));
    twoFactorSecrets.push(stored[0].secret!);
    const pending = await passwordStep(app, g.username);
    twoFactorSecrets.push(pending.token);
    const next = codeAt(secret, 1);
    twoFactorSecrets.push(next);
    expect((await giveCode(app, pending.token, '000000' === next ? '111111' : '000000')).status).toBe(400);
    expect((await giveCode(app, pending.token, next)).status).toBe(200);
    expect((await giveCode(app, (await passwordStep(app, g.username)).token, next)).status).toBe(400);
    const off = await call(app, 'POST', 'auth/two-factor/disable', {
      token,
      body: { code: recoveryCodes[0] },
    });
    expect(off.status).toBe(200);
  });

  it('drives API keys: made, used for a read and a write, refused, revoked', async () => {
    const p = await buildClickPath(env.ctx);
    const o = { accountId: p.office.accountId };
    const token = await tokenFor(env.ctx, o.accountId);
    const made = await call(app, 'PUT', 'api-keys', {
      token,
      body: { name: 'log probe', scopes: ['agents:read', 'agents:write'], currentPassword: PASSWORD },
    });
    expect(made.status).toBe(200);
    const { id, key } = made.body as { id: number; key: string };
    const wrong = `sdk_${'Z'.repeat(40)}`;
    apiKeySecrets.push(key, sha256(key), wrong, sha256(wrong));
    expect((await call(app, 'POST', 'agents/search', { token: key, body: {} })).status).toBe(200);
    const write = { token: key, body: { ids: [p.agent.id], active: false } };
    expect((await call(app, 'POST', 'agents/status', write)).status).toBe(200);
    // A write refused by the database's checks, and a key refused as wrong and as revoked.
    expect((await call(app, 'POST', 'agents/search', { token: wrong, body: {} })).status).toBe(401);
    expect((await call(app, 'DELETE', `api-keys/${id}`, { token })).status).toBe(200);
    const revoked = await call(app, 'POST', 'agents/search', { token: key, body: {} });
    expect(revoked.status).toBe(401);
    expect(revoked.res.body).not.toContain(key.slice(8));
    // The audit log keeps the key's prefix, never the key nor its hash.
    const audit = await env.ctx.db.execute(
      sql`select a::text as row from audit_logs a order by id desc limit 50`,
    );
    const rows = JSON.stringify(audit);
    expect(rows).toContain(key.slice(0, 8));
    for (const secret of apiKeySecrets) expect(rows).not.toContain(secret);
  });

  it('says which write failed and why, by name', () => {
    const failure = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'request failed');
    expect(failure).toMatchObject({
      route: '/test-only/failing-create',
      error: { cause: { code: '23502', column: 'role', table: 'accounts' } },
    });
    expect(failure.error.message).toMatch(/^Failed query: insert into "accounts"/);
    const range = lines.map((l) => JSON.parse(l)).find((l) => l.route === '/test-only/out-of-range');
    expect(range).toMatchObject({ msg: 'request failed', error: { cause: { code: '22003' } } });
  });

  it('holds no input value the database quoted in its message', () => {
    expect(lines.join('')).not.toContain(OUT_OF_RANGE);
  });

  it('holds none of the passwords, hashes, encrypted copies, tokens or bodies', async () => {
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(5);
    const stored = await env.ctx.db
      .select({ hash: accounts.passwordHash, secret: accounts.passwordSecret })
      .from(accounts)
      .where(inArray(accounts.username, usernames));
    expect(stored.length).toBeGreaterThan(1);
    for (const s of [...passwords, ...stored.flatMap((r) => [r.hash, r.secret ?? '']), superToken])
      if (s) expect(log).not.toContain(s);
    // Two-factor: the secret (as text, in its otpauth:// address, encrypted), codes and recovery codes.
    expect(twoFactorSecrets.length).toBeGreaterThan(15);
    for (const s of twoFactorSecrets) expect(log).not.toContain(s);
    for (const s of twoFactorSecrets) expect(log).not.toContain(s.replace(/-/g, ''));
    expect(apiKeySecrets).toHaveLength(4);
    for (const s of apiKeySecrets) expect(log).not.toContain(s);
    for (const s of apiKeySecrets) expect(log).not.toContain(s.slice(8)); // the key past its shown prefix
    expect(log).not.toMatch(/\$argon2/);
    expect(log).not.toContain('BODY-MARKER');
    expect(log.toLowerCase()).not.toContain('bearer');
    // Anything shaped like an encrypted copy (iv.tag.data, base64url) must not decrypt.
    for (const m of log.matchAll(/(?<![\w-])[\w-]{16}\.[\w-]{22}\.[\w-]+/g))
      expect(decryptSecret(env.ctx.keys, m[0])).toBeNull();
  });
});

describe('loggableError', () => {
  it('keeps names and codes and drops parameters, row values and literals', () => {
    const pg = Object.assign(new Error('null value in column "role" violates not-null constraint'), {
      code: '23502',
      column: 'role',
      detail: 'Failing row contains (1, null, bob, $argon2id$v=19$secret)',
      params: ['bob', '$argon2id$v=19$secret'],
      query: "insert into accounts values ($1, 'inline-secret')",
    });
    const drizzle = new Error(
      "Failed query: insert into accounts values ($1, 'inline-secret')\nparams: bob,$argon2id$v=19$secret",
      { cause: pg },
    );
    const out = loggableError(drizzle);
    const text = JSON.stringify(out);
    expect(text).not.toContain('argon2');
    expect(text).not.toContain('inline-secret');
    expect(text).not.toContain('bob');
    expect(out).toMatchObject({ type: 'Error', cause: { code: '23502', column: 'role' } });
    expect(out.stack).toMatch(/^\s+at /);
    expect(loggableError('a thrown string with a secret')).toEqual({
      type: 'string',
      message: 'a non-Error value was thrown',
    });
  });
});
