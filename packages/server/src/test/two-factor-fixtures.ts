// Two-factor steps the sign-in tests share: codes computed from the shown secret with the same
// library, an enrolment through the API, and a login's two steps.
import { Secret, TOTP } from 'otpauth';
import type { TLoginAnswer, TRecoveryCodes, TTwoFactorSetup } from '@salesdesk/contract';
import type { App } from '../app';
import { nextIp, PASSWORD } from './factories';
import { call } from './harness';

/** The authenticator's code `steps` periods from now (1: the next one, which no earlier code used). */
export function codeAt(secret: string, steps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + steps * 30_000 });
}

/** Logs in with the password alone: the token and how far its session has signed in. */
export async function passwordStep(app: App, username: string, password = PASSWORD): Promise<TLoginAnswer> {
  const res = await call<TLoginAnswer>(app, 'POST', 'auth/login', {
    body: { username, password },
    ip: nextIp(),
  });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Enrols the token's account; the code confirming it is of the current step. */
export async function enrol(app: App, token: string) {
  const setup = await call<TTwoFactorSetup>(app, 'POST', 'auth/two-factor/start', { token });
  if (setup.status !== 200) throw new Error(`start: ${setup.status} ${JSON.stringify(setup.body)}`);
  const enrolCode = codeAt(setup.body.secret);
  const done = await call<TRecoveryCodes>(app, 'POST', 'auth/two-factor/enable', {
    token,
    body: { code: enrolCode },
    ip: nextIp(),
  });
  if (done.status !== 200) throw new Error(`enable: ${done.status} ${JSON.stringify(done.body)}`);
  return { ...setup.body, enrolCode, recoveryCodes: done.body.recoveryCodes };
}

/** The second step with `code`; answers the status. */
export async function giveCode(app: App, token: string, code: unknown, ip = nextIp()) {
  return call<{ code?: string; data?: Record<string, string[]> }>(app, 'POST', 'auth/second-factor', {
    token,
    body: { code },
    ip,
  });
}
