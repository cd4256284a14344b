// Two-factor sign-in (TOTP and recovery codes) and the sessions an account can see and end.
import { z } from 'zod';
import { CURRENT_PASSWORD_REQUIRED } from './auth';
import { ZIdNumber } from './common';
import { formatCounted } from './format';

/**
 * How far a session has signed in: `complete`, or waiting for a code from the authenticator app
 * (`code`), or for the account to set one up because its role requires it (`enrol`). Only the
 * routes of the second step admit a session that is not complete.
 */
export const SECOND_FACTOR_STATES = ['complete', 'code', 'enrol'] as const;
export const ZSecondFactor = z.enum(SECOND_FACTOR_STATES);
export type TSecondFactor = z.infer<typeof ZSecondFactor>;

/** The answer of a login (password or login link): the session's token and how far it has signed in. */
export const ZLoginAnswer = z.object({ token: z.string(), secondFactor: ZSecondFactor });
export type TLoginAnswer = z.infer<typeof ZLoginAnswer>;

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** Recovery codes: 16 base32 letters and digits (80 random bits), shown in groups of four. */
export const RECOVERY_CODE_LENGTH = 16;

export const CODE_REQUIRED = 'Code is required';
export const CODE_FORMAT = 'Enter the 6-digit code or a recovery code';
export const TOTP_FORMAT = 'Enter the 6-digit code from your authenticator app';
export const CODE_WRONG = 'Wrong code, or a code already used';
export const CODE_TRIES = 'Too many wrong codes, please wait 15 minutes';

/** What was typed, without the spaces and dashes apps and the recovery list show for reading. */
const compact = (v: string) => v.replace(/[\s-]/g, '').toLowerCase();
const isTotp = (v: string) => new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(v);
const isRecovery = (v: string) => new RegExp(`^[a-z2-7]{${RECOVERY_CODE_LENGTH}}$`).test(v);

/** A code of the authenticator app only (enrolment is confirmed with one). */
export const ZTotpCode = z
  .string({ error: CODE_REQUIRED })
  .max(32, TOTP_FORMAT)
  .transform(compact)
  .refine(isTotp, TOTP_FORMAT);

/** A code of the authenticator app or one of the recovery codes. */
export const ZOneTimeCode = z
  .string({ error: CODE_REQUIRED })
  .max(64, CODE_FORMAT)
  .transform(compact)
  .refine((v) => isTotp(v) || isRecovery(v), CODE_FORMAT);

export const isTotpCode = isTotp;

/** The account's current password, asked beside a change to its own sign-in or money. */
export const ZCurrentPassword = z
  .string({ error: CURRENT_PASSWORD_REQUIRED })
  .min(1, CURRENT_PASSWORD_REQUIRED)
  .max(128);

/**
 * Who the caller is, proven again (a session left open is not enough): its current password, and the
 * authenticator's code (or a recovery code) when the account has two-factor sign-in.
 */
export const identityCheck = { currentPassword: ZCurrentPassword, code: ZOneTimeCode.optional() };

export const ZSecondFactorRequest = z.object({ code: ZOneTimeCode });
export type TSecondFactorRequest = z.input<typeof ZSecondFactorRequest>;
export const ZEnableTwoFactor = z.object({ code: ZTotpCode });
export type TEnableTwoFactor = z.input<typeof ZEnableTwoFactor>;
export const ZDisableTwoFactor = z.object({ code: ZOneTimeCode });
export type TDisableTwoFactor = z.input<typeof ZDisableTwoFactor>;

/** The account's own two-factor state on the profile. */
export const ZTwoFactorStatus = z.object({
  enabled: z.boolean(),
  /** Its role must sign in with a code (the system option): it cannot be turned off. */
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TTwoFactorStatus = z.infer<typeof ZTwoFactorStatus>;

/** A new enrolment: the secret as text and as a QR code image (a data URL) of its otpauth:// address. */
export const ZTwoFactorSetup = z.object({ secret: z.string(), uri: z.string(), qr: z.string() });
export type TTwoFactorSetup = z.infer<typeof ZTwoFactorSetup>;

/**
 * New recovery codes, which end the old ones: the current password (a session left open is not enough)
 * and a code of the app or an unused recovery code.
 */
export const ZRegenerateRecoveryCodes = z.object({
  currentPassword: ZCurrentPassword,
  code: ZOneTimeCode,
});
export type TRegenerateRecoveryCodes = z.input<typeof ZRegenerateRecoveryCodes>;
/** What turning two-factor sign-in on does besides, said before it is done. */
export const TWO_FACTOR_ENDS_SESSIONS = 'Turning it on ends your other sessions: they must sign in again.';
/** The note after new recovery codes were made. */
export const RECOVERY_CODES_REPLACED = 'New recovery codes made: the old ones no longer work';

/** Enrolment confirmed: the recovery codes, shown this once. */
export const ZRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type TRecoveryCodes = z.infer<typeof ZRecoveryCodes>;

/** A superadmin's calls about another account: end its sessions, reset its two-factor sign-in. */
export const ZAccountRef = z.object({ accountId: ZIdNumber });
export type TAccountRef = z.infer<typeof ZAccountRef>;
export const ZEnded = z.object({ ended: z.number().int() });
export type TEnded = z.infer<typeof ZEnded>;

export const ZSessionRow = z.object({
  id: z.number(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  /** A session still at the code step gave the right password: worth knowing when it is not one's own. */
  secondFactor: ZSecondFactor,
  /** The session that asks. */
  current: z.boolean(),
  /** The administrator behind a "Log in as" session. */
  impersonatedBy: z.string().nullable(),
});
export type TSessionRow = z.infer<typeof ZSessionRow>;
export const ZSessionList = z.object({ items: z.array(ZSessionRow) });
export type TSessionList = z.infer<typeof ZSessionList>;
export const ZEndSession = z.object({ id: ZIdNumber });
export type TEndSession = z.infer<typeof ZEndSession>;

export const SESSIONS_EMPTY = 'No other sessions';
/** The note after ending one session, and after ending several (`1 session ended`, `3 sessions ended`). */
export const SESSION_ENDED = 'Session ended';
export const sessionsEnded = (n: number) => `${formatCounted(n, 'session')} ended`;

/** A short name of the browser and system of a user agent, for the sessions list ("Firefox on Linux"). */
export function browserLabel(userAgent: string): string {
  const ua = userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrom(e|ium)\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : null;
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iOS/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /Linux|X11/.test(ua)
            ? 'Linux'
            : null;
  if (!browser) return ua.trim() ? ua.slice(0, 60) : 'Unknown';
  return system ? `${browser} on ${system}` : browser;
}

/** The roles the system option can require two-factor sign-in of (superadmin 0, admin 5, office 10). */
export const TWO_FACTOR_ROLE_CHOICES = [0, 5, 10] as const;
export const TWO_FACTOR_ROLES_INVALID = 'Choose among superadmin, admin and office';
/** The stored option: the required roles' numbers, comma-separated ('' for none). */
export const ZTwoFactorRoles = z
  .string({ error: TWO_FACTOR_ROLES_INVALID })
  .regex(/^(|(0|5|10)(,(0|5|10))*)$/, TWO_FACTOR_ROLES_INVALID)
  .refine((v) => new Set(v.split(',')).size === v.split(',').length, TWO_FACTOR_ROLES_INVALID);

export const parseTwoFactorRoles = (value: string): number[] =>
  ZTwoFactorRoles.safeParse(value).success && value ? value.split(',').map(Number) : [];
export const twoFactorRolesValue = (roles: readonly number[]): string =>
  TWO_FACTOR_ROLE_CHOICES.filter((r) => roles.includes(r)).join(',');
