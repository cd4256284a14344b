// Accounts and session: login, remote login, captcha, forgot, me, login alerts.
import { z } from 'zod';
import { ZIdNumber, ZRole } from './common';

export const ZLoginRequest = z.object({
  username: z.string().trim().min(1, 'Username is required').max(64),
  password: z.string().min(1, 'Password is required').max(128),
  captchaString: z.string().max(16).optional(),
  captchaCheck: z.string().max(512).optional(),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZTokenResponse = z.object({ token: z.string() });
export type TTokenResponse = z.infer<typeof ZTokenResponse>;

export const ZLoginRemoteRequest = z.object({ token: z.string().min(16).max(128) });

/** "Log in as": an admin mints a one-time token for an account below it. */
export const ZRemoteTokenRequest = z.object({ accountId: ZIdNumber });
export const ZRemoteTokenResponse = z.object({ token: z.string(), url: z.string() });

export const ZCaptcha = z.object({ image: z.string(), check: z.string() });
export type TCaptcha = z.infer<typeof ZCaptcha>;

export const ZForgotRequest = z.object({
  username: z.string().trim().min(1, 'Username is required').max(64),
  email: z.string().trim().min(1, 'Email is required').max(128),
});
export type TForgotRequest = z.infer<typeof ZForgotRequest>;

export const ZMe = z.object({
  accountId: z.number(),
  agentId: z.number().nullable(),
  companyId: z.number().nullable(),
  role: ZRole,
  username: z.string(),
  permissions: z.array(z.string()),
  officeName: z.string().nullable(),
  /** The "special flag": lets a superadmin delete agents. */
  canDelete: z.boolean(),
  /**
   * An agent suspended for fraud: it signs in to read its Home (the notice) and its own pay statements,
   * and every other screen and call is closed to it. Absent: false.
   */
  fraudSuspended: z.boolean().optional(),
});
export type TMe = z.infer<typeof ZMe>;

export const ZLoginAlert = z.object({ html: z.string() }).nullable();
export const ZLoginAlerts = z.object({ accountAlert: ZLoginAlert, commonAlert: ZLoginAlert });
export type TLoginAlerts = z.infer<typeof ZLoginAlerts>;

/**
 * Shared password rules: required on create, must match its confirmation, and a new password has at
 * least PASSWORD_MIN characters. Login takes any stored password: older and migrated ones may be shorter.
 */
export const passwordPair = {
  password: z.string().max(128).optional().default(''),
  passwordConfirm: z.string().max(128).optional().default(''),
};
export const PASSWORDS_DIFFER = 'Passwords do not match';
export const PASSWORD_REQUIRED = 'Password is required';
export const PASSWORD_MIN = 8;
export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN} characters`;
/** The hint under every new-password field. */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN} characters`;

type PasswordPair = { password?: string; passwordConfirm?: string };
/** Adds the "required on create, must match" checks to a form schema. */
export function checkPasswords(v: PasswordPair, ctx: z.RefinementCtx, required: boolean) {
  if (required && !v.password)
    ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_REQUIRED });
  if (required && !v.passwordConfirm)
    ctx.addIssue({ code: 'custom', path: ['passwordConfirm'], message: 'Password confirmation is required' });
  if (v.password && [...v.password].length < PASSWORD_MIN)
    ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_TOO_SHORT });
  if ((v.password || v.passwordConfirm) && v.password !== v.passwordConfirm)
    ctx.addIssue({ code: 'custom', path: ['passwordConfirm'], message: PASSWORDS_DIFFER });
}

/** One's own new password (the profile forms) is confirmed with the current one. */
export const currentPassword = { currentPassword: z.string().max(128).optional().default('') };
export const CURRENT_PASSWORD_REQUIRED = 'Current password is required';
export const CURRENT_PASSWORD_WRONG = 'Current password is wrong';
export const CURRENT_PASSWORD_TRIES = 'Too many wrong current passwords, please try again in 15 minutes';

/** A new password on one's own profile needs the current one beside it. */
export function checkOwnPasswords(
  v: PasswordPair & { currentPassword?: string },
  ctx: z.RefinementCtx,
  required: boolean,
) {
  checkPasswords(v, ctx, required);
  if (v.password && !v.currentPassword)
    ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: CURRENT_PASSWORD_REQUIRED });
}
