// Look-alikes of a username or e-mail (case folding, compatibility forms, full-width letters, spaces,
// NUL) never reach another account, never receive a login link, and never become a second account.
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { Role, USERNAME_CHARS } from '@salesdesk/contract';
import { buildApp, type App } from '../app';
import { createAccount, USERNAME_TAKEN } from '../accounts/credentials';
import type { Mail } from '../common/mailer';
import { accounts } from '../db/schema';
import { AppError } from '../http/errors';
import { buildAdmin, login, PASSWORD, uniqueName } from '../test/factories';
import { call, testEnv, type TestEnv } from '../test/harness';
import { LOGIN_FAILED } from './service';

let env: TestEnv;
let ipCount = 0;
const freshIp = () => `10.12.${(++ipCount >> 8) & 255}.${ipCount & 255}`;

const FULL_WIDTH = (s: string) =>
  [...s].map((c) => (/[!-~]/.test(c) ? String.fromCodePoint(c.codePointAt(0)! + 0xfee0) : c)).join('');

/** Variants whose canonical form is the name itself: they are that account, or nobody. */
const sameName = (name: string) => [
  name.toUpperCase(),
  ` ${name}\t`,
  `\u3000${name}`, // ideographic space
  FULL_WIDTH(name),
  FULL_WIDTH(name.toUpperCase()),
  name.replace('s', '\u017F'), // long s
  name.replace('k', '\u212A'), // Kelvin sign
  name.replace('fi', '\uFB01'), // ligature
];
/** Variants only a locale-dependent lower() would fold to the name: they must match nobody. */
const otherName = (name: string) => [
  name.replace('i', '\u0130'), // dotted capital I
  name.replace('i', '\u0131'), // dotless i
  name.toUpperCase().replace('I', '\u0130'),
  `${name}\u0000`,
  `${name.slice(0, 2)} ${name.slice(2)}`,
  name.replace('k', '\u0138'), // kra
];

/** An admin whose name and address hold the letters the look-alikes replace (k, fi, s). */
async function buildVictim() {
  const username = `kfis-${uniqueName('v')}`;
  const email = `${username}@example.com`;
  const accountId = await createAccount(env.ctx.db, env.ctx.keys, {
    role: Role.Admin,
    username,
    password: PASSWORD,
    email,
  });
  return { accountId, username, email };
}

beforeAll(async () => {
  env = await testEnv();
});

describe('login with a look-alike username', () => {
  it('logs in only as the account the canonical form names, with its password', async () => {
    const v = await buildVictim();
    for (const variant of sameName(v.username)) {
      const res = await call<{ token: string }>(env.app, 'POST', 'auth/login', {
        body: { username: variant, password: PASSWORD },
        ip: freshIp(),
      });
      expect(res.status, JSON.stringify(variant)).toBe(200);
      const me = await call<{ accountId: number }>(env.app, 'GET', 'accounts/me', { token: res.body.token });
      expect(me.body.accountId).toBe(v.accountId);
    }
  });

  it('matches nobody for a variant that only the database locale would fold', async () => {
    const v = await buildVictim();
    for (const variant of otherName(v.username)) {
      const res = await call<{ code: string; message: string }>(env.app, 'POST', 'auth/login', {
        body: { username: variant, password: PASSWORD },
        ip: freshIp(),
      });
      expect(res.status, JSON.stringify(variant)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body).not.toHaveProperty('token');
    }
  });

  it('answers an unknown look-alike exactly like a wrong password', async () => {
    const v = await buildVictim();
    const wrong = await call(env.app, 'POST', 'auth/login', {
      body: { username: v.username, password: 'nope-nope' },
      ip: freshIp(),
    });
    const alike = await call(env.app, 'POST', 'auth/login', {
      body: { username: v.username.replace('i', '\u0131'), password: PASSWORD },
      ip: freshIp(),
    });
    expect(alike.body).toEqual(wrong.body);
    expect(wrong.body).toMatchObject({ data: { _form: [LOGIN_FAILED] } });
  });
});

describe('forgot with look-alikes', () => {
  let mailApp: App;
  const sent: Mail[] = [];
  beforeAll(async () => {
    mailApp = await buildApp({ ...env.ctx, mailer: { send: async (m) => void sent.push(m) } });
  });

  const forgot = (username: string, email: string) =>
    call(mailApp, 'POST', 'forgot', { body: { username, email }, ip: freshIp() });

  it('mails only the stored address, whatever form of it was typed', async () => {
    const v = await buildVictim();
    const typed = [
      v.email.toUpperCase(),
      ` ${v.email} `,
      FULL_WIDTH(v.email),
      v.email.replace('k', '\u212A'),
      v.email.replace('s', '\u017F'),
      v.email.replace('fi', '\uFB01'),
    ];
    sent.length = 0;
    for (const email of typed) expect((await forgot(v.username, email)).status).toBe(200);
    for (const username of sameName(v.username)) await forgot(username, v.email);
    expect(sent).toHaveLength(typed.length + sameName(v.username).length);
    for (const mail of sent) {
      expect(mail.to).toBe(v.email);
      expect(mail.text).toContain(`login link for ${v.username}.`);
    }
  });

  it('mails nobody for a look-alike address or username that only a locale would fold', async () => {
    const v = await buildVictim();
    const emails = [
      v.email.replace('i', '\u0130'),
      v.email.replace('i', '\u0131'),
      v.email.toUpperCase().replace('I', '\u0130'),
      `${v.email}\u0000`,
      v.email.replace('@', ' @'),
    ];
    sent.length = 0;
    for (const email of emails) {
      const res = await forgot(v.username, email);
      expect(res.status).toBeLessThan(500);
    }
    for (const username of otherName(v.username)) await forgot(username, v.email);
    expect(sent).toEqual([]);
  });
});

describe('uniqueness of look-alikes', () => {
  let superToken: string;
  beforeAll(async () => {
    superToken = await login(env.app, (await buildAdmin(env.ctx, { role: Role.Superadmin })).username);
  });

  const office = (username: string, manEmail = '') => ({
    officeName: 'Look-alike',
    manFirstName: 'Ann',
    manLastName: 'Lee',
    manEmail,
    username,
    password: 'pass1234',
    passwordConfirm: 'pass1234',
  });
  const countAccounts = async () =>
    (await env.ctx.db.select({ n: sql<number>`count(*)::int` }).from(accounts))[0].n;

  it('refuses every variant of a taken username and stores nothing', async () => {
    const v = await buildVictim();
    const before = await countAccounts();
    for (const username of [...sameName(v.username), ...otherName(v.username)]) {
      const res = await call<{ code: string; data: Record<string, string[]> }>(env.app, 'PUT', 'offices', {
        token: superToken,
        body: office(username),
      });
      expect(res.status, JSON.stringify(username)).toBe(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      const expected = username === v.username.toUpperCase() ? USERNAME_TAKEN : USERNAME_CHARS;
      // A NUL byte is refused by the input guard before the form rules, with its own message.
      if (username.includes('\0')) expect(res.body.data.username).toBeDefined();
      else expect(res.body.data.username, JSON.stringify(username)).toContain(expected);
    }
    expect(await countAccounts()).toBe(before);
  });

  it('refuses a non-canonical e-mail address on the form', async () => {
    for (const manEmail of ['adm\u0130n@example.com', 'ａdmin@example.com', ' a@example.com']) {
      const res = await call<{ data: Record<string, string[]> }>(env.app, 'PUT', 'offices', {
        token: superToken,
        body: office(uniqueName('e'), manEmail),
      });
      expect(res.status).toBe(400);
      expect(res.body.data.manEmail).toBeDefined();
    }
  });

  it('refuses a non-canonical username or address in createAccount itself', async () => {
    const v = await buildVictim();
    const create = (username: string, email?: string) =>
      createAccount(env.ctx.db, env.ctx.keys, { role: Role.Agent, username, password: PASSWORD, email });
    await expect(create(FULL_WIDTH(v.username))).rejects.toBeInstanceOf(AppError);
    await expect(create(v.username.toUpperCase())).rejects.toMatchObject({
      data: { username: [USERNAME_TAKEN] },
    });
    await expect(create(uniqueName('e'), 'adm\u0130n@example.com')).rejects.toBeInstanceOf(AppError);
    const rows = await env.ctx.db.select().from(accounts).where(eq(accounts.email, 'adm\u0130n@example.com'));
    expect(rows).toEqual([]);
  });
});
