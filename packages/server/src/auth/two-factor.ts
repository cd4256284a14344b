// Two-factor sign-in rules: enrolment from the profile, the second step of a login, turning it off
// with a code, a superadmin's reset, and the roles the system option requires it of. Each event
// (enrolled, disabled, reset, a code refused) is one function here.
import { setTimeout as sleep } from 'node:timers/promises';
import {
  CODE_REQUIRED,
  CODE_TRIES,
  CODE_WRONG,
  isTotpCode,
  OPTION_NAMES,
  parseTwoFactorRoles,
  type TRecoveryCodes,
  type TRegenerateRecoveryCodes,
  type TSecondFactor,
  type TTwoFactorSetup,
  type TTwoFactorStatus,
} from '@salesdesk/contract';
import type { AppContext } from '../context';
import type { Queryable, Tx } from '../db/client';
import { decryptSecret, encryptSecret } from '../common/crypto';
import { getOption } from '../common/options';
import type { Principal } from '../http/auth';
import { conflict, forbidden, notFound, rateLimited, validationError } from '../http/errors';
import { codeSucceeded, startCodeTry } from './attempts';
import { assertCurrentPassword } from './current-password';
import { codeAccepted, SECOND_FACTOR, signInRefused } from './events';
import { endAllSessions, endOtherSessions, type ClientInfo } from './sessions';
import { setSecondFactor } from './sessions-sql';
import { newRecoveryCodes, newSecret, otpauthUri, qrDataUrl, recoveryHash, stepOf } from './totp';
import {
  confirmPendingSecret,
  deleteTwoFactor,
  findAccountRole,
  findTwoFactor,
  replaceRecoveryCodes,
  savePendingSecret,
  takeRecoveryCode,
  takeStep,
} from './two-factor-sql';

export const TWO_FACTOR_ON = 'Two-factor sign-in is already on';
export const TWO_FACTOR_OFF = 'Two-factor sign-in is off';
export const TWO_FACTOR_REQUIRED = 'Two-factor sign-in is required for your role';
export const SET_UP_AGAIN = 'Start the set-up again';
export const NO_CODE_OWED = 'This session needs no code';

/** Whether the system option requires two-factor sign-in of this role. */
export async function isRequiredFor(db: Queryable, role: number): Promise<boolean> {
  return parseTwoFactorRoles(await getOption(db, OPTION_NAMES.twoFactorRoles)).includes(role);
}

/** The step a password (or a login link) leads to: the code when enrolled, the enrolment when required. */
export async function secondFactorAfterPassword(
  db: Queryable,
  accountId: number,
  role: number,
): Promise<TSecondFactor> {
  if ((await findTwoFactor(db, accountId))?.secret) return 'code';
  return (await isRequiredFor(db, role)) ? 'enrol' : 'complete';
}

export async function twoFactorStatus(ctx: AppContext, p: Principal): Promise<TTwoFactorStatus> {
  const row = await findTwoFactor(ctx.db, p.accountId);
  return {
    enabled: !!row?.secret,
    required: await isRequiredFor(ctx.db, p.role),
    recoveryCodesLeft: row?.secret ? row.codes_left : 0,
  };
}

/** Offers a new secret, kept aside until a code of it confirms the enrolment. */
export async function startEnrolment(ctx: AppContext, p: Principal): Promise<TTwoFactorSetup> {
  if ((await findTwoFactor(ctx.db, p.accountId))?.secret) throw conflict(TWO_FACTOR_ON);
  const secret = newSecret();
  await savePendingSecret(ctx.db, p.accountId, encryptSecret(ctx.keys, secret));
  const uri = otpauthUri(secret, ctx.brand.displayName, p.username);
  return { secret, uri, qr: await qrDataUrl(uri) };
}

/**
 * Event "two-factor enrolled": a code of the offered secret turns it on, ends the account's other
 * sessions and answers the ten recovery codes, shown this once (only their hashes are kept). A session
 * sent to enrol by the required-roles option is complete from here.
 */
export async function enableTwoFactor(
  ctx: AppContext,
  p: Principal,
  code: string,
  ip: string,
): Promise<TRecoveryCodes> {
  const row = await findTwoFactor(ctx.db, p.accountId);
  if (row?.secret) throw conflict(TWO_FACTOR_ON);
  const pending = row?.pending_secret;
  const secret = decryptSecret(ctx.keys, pending ?? null);
  if (!pending || !secret) throw conflict(SET_UP_AGAIN);
  const recoveryCodes = newRecoveryCodes();
  await withCodeTry(ctx, p.accountId, ip, async (tx) => {
    const step = stepOf(secret, code);
    if (step === null || !(await confirmPendingSecret(tx, p.accountId, pending, step))) return false;
    await replaceRecoveryCodes(tx, p.accountId, recoveryCodes.map(recoveryHash));
    await endOtherSessions(tx, p);
    if (p.secondFactor === 'enrol' && p.sessionId !== null)
      await setSecondFactor(tx, p.sessionId, 'enrol', 'complete');
    return true;
  });
  return { recoveryCodes };
}

/** Event "two-factor disabled": a code (or a recovery code) turns it off and ends the other sessions. */
export async function disableTwoFactor(ctx: AppContext, p: Principal, code: string, ip: string) {
  if (!(await findTwoFactor(ctx.db, p.accountId))?.secret) throw conflict(TWO_FACTOR_OFF);
  if (await isRequiredFor(ctx.db, p.role)) throw forbidden(TWO_FACTOR_REQUIRED);
  await withCodeTry(ctx, p.accountId, ip, async (tx) => {
    if (!(await takeCode(ctx, tx, p.accountId, code))) return false;
    await deleteTwoFactor(tx, p.accountId);
    await endOtherSessions(tx, p);
    return true;
  });
}

/**
 * Event "recovery codes replaced": the current password, then a code (of the app, or an unused recovery
 * code), make ten new recovery codes, shown this once; the old ones no longer sign in. A wrong password
 * uses no code; both are throttled (the current password per account, the code like every code try).
 */
export async function regenerateRecoveryCodes(
  ctx: AppContext,
  p: Principal,
  v: Required<TRegenerateRecoveryCodes>,
  ip: string,
): Promise<TRecoveryCodes> {
  if (!(await findTwoFactor(ctx.db, p.accountId))?.secret) throw conflict(TWO_FACTOR_OFF);
  await assertCurrentPassword(ctx, p, v.currentPassword);
  const recoveryCodes = newRecoveryCodes();
  await withCodeTry(ctx, p.accountId, ip, async (tx) => {
    if (!(await takeCode(ctx, tx, p.accountId, v.code))) return false;
    await replaceRecoveryCodes(tx, p.accountId, recoveryCodes.map(recoveryHash));
    return true;
  });
  return { recoveryCodes };
}

/**
 * The second factor beside the current password for a change that outlives the session (an API key):
 * nothing when the account has no two-factor sign-in, else a code of the app or an unused recovery code,
 * throttled like every code try.
 */
export async function assertOwnCode(ctx: AppContext, p: Principal, code: string | undefined, ip: string) {
  if (!(await findTwoFactor(ctx.db, p.accountId))?.secret) return;
  if (!code) throw validationError({ code: [CODE_REQUIRED] }, CODE_REQUIRED);
  await withCodeTry(ctx, p.accountId, ip, (tx) => takeCode(ctx, tx, p.accountId, code));
}

/**
 * The second step of a login: a code (or a recovery code) makes the same session complete. Both
 * outcomes are audited: the sign-in with the change, a refused code once the refusal rolled back.
 */
export async function completeSignIn(ctx: AppContext, p: Principal, code: string, client: ClientInfo) {
  try {
    await takeSecondFactor(ctx, p, code, client);
  } catch (err) {
    await signInRefused(ctx, { action: SECOND_FACTOR, client, session: p, err });
    throw err;
  }
}

async function takeSecondFactor(ctx: AppContext, p: Principal, code: string, client: ClientInfo) {
  if (p.secondFactor !== 'code' || p.sessionId === null) throw conflict(NO_CODE_OWED);
  const sessionId = p.sessionId;
  await withCodeTry(ctx, p.accountId, client.ip, async (tx) => {
    if (!(await takeCode(ctx, tx, p.accountId, code))) return false;
    // Two different good codes at once: the second finds the session complete and uses nothing.
    if (!(await setSecondFactor(tx, sessionId, 'code', 'complete'))) throw conflict(NO_CODE_OWED);
    await codeAccepted(tx, p, client);
    return true;
  });
}

/**
 * Event "two-factor reset" (superadmin): removes another account's secret and recovery codes and ends
 * its sessions; its next sign-in is by password alone, or sent to enrol when its role requires it.
 */
export async function resetTwoFactor(ctx: AppContext, p: Principal, accountId: number) {
  if (!(await findAccountRole(ctx.db, accountId))) throw notFound();
  if (accountId === p.accountId) throw forbidden('Turn off your own two-factor sign-in on your profile');
  await ctx.db.transaction(async (tx) => {
    await deleteTwoFactor(tx, accountId);
    await endAllSessions(tx, accountId);
  });
}

/** Takes an authenticator code (a later step than the last taken) or an unused recovery code. */
async function takeCode(ctx: AppContext, tx: Tx, accountId: number, code: string): Promise<boolean> {
  if (!isTotpCode(code)) return takeRecoveryCode(tx, accountId, recoveryHash(code));
  const stored = (await findTwoFactor(tx, accountId))?.secret ?? null;
  const secret = decryptSecret(ctx.keys, stored);
  const step = secret === null ? null : stepOf(secret, code);
  return stored !== null && step !== null && takeStep(tx, accountId, stored, step);
}

/**
 * One try of a code, throttled like a password: counted before the check so tries at once cannot all
 * slip under the limit (refused with a 503 when cluster mode's Redis does not answer). `check` runs in
 * one transaction and answers false for a wrong code.
 */
async function withCodeTry(
  ctx: AppContext,
  accountId: number,
  ip: string,
  check: (tx: Tx) => Promise<boolean>,
): Promise<void> {
  const wait = await startCodeTry(ctx, accountId, ip);
  if (wait === null) throw rateLimited(CODE_TRIES);
  if (wait) await sleep(wait);
  // A wrong code writes nothing: each check stops before its first write.
  const accepted = await ctx.db.transaction(check);
  if (!accepted) throw await codeRefused(ctx, accountId, ip);
  await codeSucceeded(ctx, accountId, ip);
}

/** Event "code refused": a wrong, replayed or used code; it stays counted against the account and address. */
async function codeRefused(_ctx: AppContext, _accountId: number, _ip: string) {
  return validationError({ code: [CODE_WRONG] }, CODE_WRONG);
}
