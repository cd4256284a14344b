// Login, remote login, logout and forgot-password rules (spec 1 sections 2, 4, 8; DESIGN.md rules 9-11).
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  canonicalEmail,
  canonicalUsername,
  ErrorCode,
  isEmailKey,
  isUsernameKey,
  Role,
  type TLoginAnswer,
  type TLoginRequest,
} from '@salesdesk/contract';
import type { AppContext } from '../context';
import { queryOne, type Queryable } from '../db/client';
import { accounts, remoteLoginTokens } from '../db/schema';
import { hashPassword, randomToken, sha256, verifyPassword } from '../common/crypto';
import { isBlackListed, OPTION_AUTO_BLOCK, optionIsOn } from '../common/options';
import { AppError, formError, forbidden, notFound } from '../http/errors';
import { loadPrincipal, type Principal } from '../http/auth';
import { signInSucceeded, startSignInTry } from './attempts';
import { verifyCaptcha } from './captcha';
import { REMOTE_SIGN_IN, SIGN_IN, signInRefused } from './events';
import { openSession, type ClientInfo } from './sessions';
import { secondFactorAfterPassword } from './two-factor';

export const LOGIN_FAILED = 'Wrong username or password';
export const CAPTCHA_FAILED = 'Wrong captcha, please try again';
export const IP_REFUSED = 'Login from your IP address is not allowed';
const REMOTE_TOKEN_MS = 5 * 60 * 1000;
export const FORGOT_TOKEN_MS = 30 * 60 * 1000;

// Verified against when the username is unknown, so both failures take the same time.
let dummyHash: Promise<string> | undefined;

interface AccountRow {
  id: number;
  role: number;
  password_hash: string;
  active: boolean;
  login_blocked: boolean;
  approved: boolean;
}

/** The account whose username has this canonical key; lower() only ever meets an ASCII key. */
async function findAccount(ctx: AppContext, key: string) {
  if (!isUsernameKey(key)) return undefined;
  const row = await queryOne<AccountRow & { username: string }>(
    ctx.db,
    sql`select id, role, username, password_hash, active, login_blocked, approved from accounts
        where lower(username) = ${key}`,
  );
  // A row stored before names had to be canonical could fold to the key only in the database.
  return row && canonicalUsername(row.username) === key ? row : undefined;
}

export const THROTTLED = 'Too many failed logins, please wait 15 minutes';

/**
 * The password step. An account with an authenticator gets a session that owes its code; one whose
 * role requires two-factor sign-in and has none gets a session that may only enrol.
 */
export async function login(
  ctx: AppContext,
  input: TLoginRequest,
  client: ClientInfo,
): Promise<TLoginAnswer> {
  try {
    return await passwordStep(ctx, input, client);
  } catch (err) {
    await signInRefused(ctx, { action: SIGN_IN, client, typedName: input.username, err });
    throw err;
  }
}

async function passwordStep(
  ctx: AppContext,
  input: TLoginRequest,
  client: ClientInfo,
): Promise<TLoginAnswer> {
  const { ip } = client;
  if (!(await verifyCaptcha(ctx, input.captchaString, input.captchaCheck))) throw formError(CAPTCHA_FAILED);
  const name = canonicalUsername(input.username);
  // Names no account can have share one count, so odd input cannot fill the counters with long keys.
  const key = isUsernameKey(name) ? name : '';
  const wait = await startSignInTry(ctx, key, ip);
  if (wait === null) throw new AppError(429, ErrorCode.RateLimited, THROTTLED);
  if (wait) await sleep(wait);
  const account = await findAccount(ctx, key);
  if (await isBlackListed(ctx.db, ip)) {
    if (account && (await optionIsOn(ctx.db, OPTION_AUTO_BLOCK))) await blockLogin(ctx, account.id);
    throw formError(IP_REFUSED);
  }
  dummyHash ??= hashPassword('not-a-real-password');
  const ok = await verifyPassword(account?.password_hash ?? (await dummyHash), input.password);
  if (!account || !ok) throw formError(LOGIN_FAILED);
  await signInSucceeded(ctx, key, ip);
  assertMayLogIn(account);
  const secondFactor = await secondFactorAfterPassword(ctx.db, account.id, account.role);
  return startSession(ctx, account.id, client, { secondFactor, impersonatedBy: null, action: SIGN_IN });
}

function assertMayLogIn(a: Pick<AccountRow, 'active' | 'login_blocked' | 'approved'>) {
  if (!a.approved) throw formError('Your account is waiting for approval');
  if (!a.active) throw formError('Your account is suspended');
  if (a.login_blocked) throw formError('Login is disabled for your account until 01:00');
}

/** Writes the login log, counts the login and opens the session its token names. */
async function startSession(
  ctx: AppContext,
  accountId: number,
  client: ClientInfo,
  opts: Parameters<typeof openSession>[3],
): Promise<TLoginAnswer> {
  const principal = await loadPrincipal(ctx, accountId);
  if (!principal) throw formError(LOGIN_FAILED);
  return openSession(ctx, principal, client, opts);
}

export async function blockLogin(ctx: AppContext, accountId: number) {
  await ctx.db
    .update(accounts)
    .set({ loginBlocked: true, sessionVersion: sql`${accounts.sessionVersion} + 1` })
    .where(eq(accounts.id, accountId));
}

export function mintToken(ctx: AppContext, accountId: number, createdBy: number | null, ttlMs: number) {
  return insertToken(ctx.db, accountId, createdBy, ttlMs);
}

async function insertToken(db: Queryable, accountId: number, createdBy: number | null, ttlMs: number) {
  const token = randomToken();
  await db.insert(remoteLoginTokens).values({
    tokenHash: sha256(token),
    accountId,
    createdBy,
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
}

/**
 * A forgot-password link, ending the account's unused earlier ones (theirs have no creator). The
 * account row is locked first, so two requests at once still leave one link that opens.
 */
function mintForgotToken(ctx: AppContext, accountId: number) {
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select id from accounts where id = ${accountId} for update`);
    await tx
      .update(remoteLoginTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(remoteLoginTokens.accountId, accountId),
          isNull(remoteLoginTokens.createdBy),
          isNull(remoteLoginTokens.usedAt),
        ),
      );
    return insertToken(tx, accountId, null, FORGOT_TOKEN_MS);
  });
}

/** "Log in as": an admin mints a one-time token for an account ranked below it. */
export async function mintRemoteToken(ctx: AppContext, p: Principal, accountId: number) {
  const [target] = await ctx.db
    .select({ role: accounts.role })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!target) throw notFound();
  if (!(target.role > p.role) || p.role > Role.Admin)
    throw forbidden('You may only log in as an account below yours');
  const token = await mintToken(ctx, accountId, p.accountId, REMOTE_TOKEN_MS);
  return { token, url: `${ctx.config.publicUrl}/remote-login?token=${encodeURIComponent(token)}` };
}

/**
 * A one-time login link. "Log in as" opens a complete session in the administrator's name (its own
 * session was complete to mint the link); a forgot-password link is a password step like any other.
 */
export async function loginRemote(ctx: AppContext, token: string, client: ClientInfo): Promise<TLoginAnswer> {
  try {
    return await linkStep(ctx, token, client);
  } catch (err) {
    await signInRefused(ctx, { action: REMOTE_SIGN_IN, client, typedName: null, err });
    throw err;
  }
}

async function linkStep(ctx: AppContext, token: string, client: ClientInfo): Promise<TLoginAnswer> {
  const [used] = await ctx.db
    .update(remoteLoginTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(remoteLoginTokens.tokenHash, sha256(token)),
        isNull(remoteLoginTokens.usedAt),
        gt(remoteLoginTokens.expiresAt, new Date()),
      ),
    )
    .returning({ accountId: remoteLoginTokens.accountId, createdBy: remoteLoginTokens.createdBy });
  if (!used) throw formError('This login link is invalid or has expired');
  const [account] = await ctx.db.select().from(accounts).where(eq(accounts.id, used.accountId));
  if (!account) throw formError('This login link is invalid or has expired');
  assertMayLogIn({ active: account.active, login_blocked: account.loginBlocked, approved: account.approved });
  const secondFactor =
    used.createdBy === null ? await secondFactorAfterPassword(ctx.db, account.id, account.role) : 'complete';
  return startSession(ctx, account.id, client, {
    secondFactor,
    impersonatedBy: used.createdBy,
    action: REMOTE_SIGN_IN,
  });
}

/**
 * Mails a one-time login link when username and email match an account that may log in (active and
 * approved); the caller answers the same either way, so the answer tells nothing about the account.
 * The mail goes to the address stored on the account, never to the text of the request. A new link
 * ends the account's earlier ones: only the latest mail opens a session.
 */
export async function forgot(ctx: AppContext, username: string, email: string): Promise<void> {
  const userKey = canonicalUsername(username);
  const emailKey = canonicalEmail(email);
  if (!isUsernameKey(userKey) || !isEmailKey(emailKey)) return;
  const match = await queryOne<{ id: number; username: string } & Record<'a' | 'o' | 'g', string | null>>(
    ctx.db,
    sql`select a.id, a.username, a.email as a, o.man_email as o, ag.email as g from accounts a
        left join offices o on o.account_id = a.id
        left join agents ag on ag.account_id = a.id
        where lower(a.username) = ${userKey} and a.active and a.approved`,
  );
  if (!match || canonicalUsername(match.username) !== userKey) return;
  const to = [match.a, match.o, match.g].find((stored) => stored && canonicalEmail(stored) === emailKey);
  if (!to) return;
  const token = await mintForgotToken(ctx, match.id);
  await ctx.mailer.send({
    to,
    subject: `${ctx.brand.displayName}: your login link`,
    text:
      `Someone asked for a login link for ${match.username}.\n\n` +
      `${ctx.config.publicUrl}/remote-login?token=${encodeURIComponent(token)}\n\n` +
      'The link works once, for 30 minutes. Change your password on your profile after logging in.\n' +
      'If you did not ask for it, ignore this mail.\n',
  });
}
