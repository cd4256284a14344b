// The system option that requires two-factor sign-in of chosen roles: a user of such a role without it
// is sent to enrol after the password and can do nothing else until enrolled. The option is global,
// so this file has a database of its own.
import { beforeAll, describe, expect, it } from 'vitest';
import { OPTION_NAMES, Role, type TOption } from '@salesdesk/contract';
import { buildAdmin, buildAgent, buildOffice, login } from '../test/factories';
import { call, ownDatabaseTestEnv, type TestEnv } from '../test/harness';
import { codeAt, enrol, giveCode, passwordStep } from '../test/two-factor-fixtures';

let env: TestEnv;
let superToken: string;
beforeAll(async () => {
  env = await ownDatabaseTestEnv('tfa_required');
  superToken = await login(env.app, (await buildAdmin(env.ctx, { role: Role.Superadmin })).username);
});

const setRoles = (value: unknown, token = superToken) =>
  call(env.app, 'POST', 'options', { token, body: [{ name: OPTION_NAMES.twoFactorRoles, value }] });

const usernameOf = {
  [Role.Superadmin]: async () => (await buildAdmin(env.ctx, { role: Role.Superadmin })).username,
  [Role.Admin]: async () => (await buildAdmin(env.ctx)).username,
  [Role.Company]: async () => (await buildOffice(env.ctx)).username,
  [Role.Agent]: async () => (await buildAgent(env.ctx)).username,
};

describe('the required-roles option', () => {
  it('is off on a new install, and only a superadmin saves it, with known roles only', async () => {
    const options = await call<TOption[]>(env.app, 'GET', 'options', { token: superToken });
    expect(options.body.find((o) => o.name === OPTION_NAMES.twoFactorRoles)?.value).toBe('');
    const admin = await login(env.app, await usernameOf[Role.Admin]());
    expect((await setRoles('5', admin)).status).toBe(403);
    for (const bad of ['20', '5,5', '1', 'x', ' 5', '5,', 5, null, '0\u0000'])
      expect((await setRoles(bad)).status, JSON.stringify(bad)).toBe(400);
    const again = await call<TOption[]>(env.app, 'GET', 'options', { token: superToken });
    expect(again.body.find((o) => o.name === OPTION_NAMES.twoFactorRoles)?.value).toBe('');
  });

  for (const role of [Role.Superadmin, Role.Admin, Role.Company]) {
    it(`sends a role-${role} user without it to enrol, and admits nothing else until enrolled`, async () => {
      const username = await usernameOf[role]();
      const before = await passwordStep(env.app, username);
      expect(before.secondFactor).toBe('complete');
      expect((await setRoles(String(role))).status).toBe(200);
      try {
        // A session opened before the option keeps going; the next sign-in must enrol.
        expect((await call(env.app, 'GET', 'alerts/login', { token: before.token })).status).toBe(200);
        const first = await passwordStep(env.app, username);
        expect(first.secondFactor).toBe('enrol');
        const token = first.token;
        for (const [method, url] of [
          ['GET', 'alerts/login'],
          ['GET', 'auth/sessions'],
          ['POST', 'auth/second-factor'],
        ] as const) {
          const res = await call<{ code: string }>(env.app, method, url, { token, body: { code: '123456' } });
          expect(res.status, url).toBe(403);
          expect(res.body.code).toBe('TWO_FACTOR_ENROLMENT_REQUIRED');
        }
        expect((await call(env.app, 'GET', 'accounts/me', { token })).status).toBe(200);
        const status = await call<{ required: boolean }>(env.app, 'GET', 'auth/two-factor', { token });
        expect(status.body.required).toBe(true);
        const { secret, recoveryCodes } = await enrol(env.app, token);
        expect((await call(env.app, 'GET', 'alerts/login', { token })).status).toBe(200);
        // Required: it cannot be turned off.
        const off = await call(env.app, 'POST', 'auth/two-factor/disable', {
          token,
          body: { code: recoveryCodes[0] },
        });
        expect(off.status).toBe(403);
        const next = await passwordStep(env.app, username);
        expect(next.secondFactor).toBe('code');
        expect((await giveCode(env.app, next.token, codeAt(secret, 1))).status).toBe(200);
      } finally {
        expect((await setRoles('')).status).toBe(200);
      }
    });
  }

  it('leaves the roles it does not name, and agents, to one step', async () => {
    expect((await setRoles('0,10')).status).toBe(200);
    try {
      for (const role of [Role.Admin, Role.Agent]) {
        const answer = await passwordStep(env.app, await usernameOf[role]());
        expect(answer.secondFactor).toBe('complete');
      }
      expect((await passwordStep(env.app, await usernameOf[Role.Company]())).secondFactor).toBe('enrol');
    } finally {
      await setRoles('');
    }
  });

  it('a session at the enrol step may not mint a "Log in as" link or end sessions', async () => {
    const g = await buildAgent(env.ctx);
    expect((await setRoles('0')).status).toBe(200);
    try {
      const first = await passwordStep(env.app, await usernameOf[Role.Superadmin]());
      expect(first.secondFactor).toBe('enrol');
      for (const url of ['auth/remote-token', 'auth/end-sessions', 'auth/reset-two-factor']) {
        const res = await call(env.app, 'POST', url, {
          token: first.token,
          body: { accountId: g.accountId },
        });
        expect(res.status, url).toBe(403);
      }
    } finally {
      await setRoles('');
    }
  });
});
