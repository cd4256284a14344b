// Usernames and e-mail addresses have one canonical form: NFKC, trimmed, ASCII letters lower-cased.
// Every comparison (login, its throttle, forgot, uniqueness) uses it, and only names whose canonical
// form is plain ASCII are stored, so the database's locale-dependent lower() agrees with this code.
import { z } from 'zod';

/** Locale-free: only A-Z change, so 'İ', 'ı' or the Kelvin sign can never become an ASCII letter here. */
const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());

const canonical = (s: string) => asciiLower(s.normalize('NFKC').trim());

/** The key two usernames are compared by ('ＡＤＭＩＮ ', 'ADMIN' and 'admin' share 'admin'). */
export const canonicalUsername = canonical;
/** The key two e-mail addresses are compared by. */
export const canonicalEmail = canonical;

const USERNAME_KEY = /^[a-z0-9._-]+$/;
const EMAIL_KEY = /^[\x21-\x7e]+$/;
export const USERNAME_COLUMN_MAX = 32;

/** True when a canonical key may name a stored username (anything else matches no account). */
export const isUsernameKey = (key: string) => key.length <= USERNAME_COLUMN_MAX && USERNAME_KEY.test(key);
/** True for printable ASCII without spaces: what a stored address and its canonical key both are. */
export const isEmailKey = (key: string) => EMAIL_KEY.test(key);

export const USERNAME_REQUIRED = 'Username is required';
export const USERNAME_CHARS = 'Username may contain only Latin letters, digits, dots, dashes and underscores';
export const EMAIL_INVALID = 'Enter a valid email';
export const EMAIL_ASCII = 'Email may contain only plain ASCII characters';

/**
 * A username as stored: already canonical up to letter case (no spaces, no look-alike letters).
 * Areas with a shorter limit chain it: `ZUsername.max(USERNAME_MAX, '...')`.
 */
export const ZUsername = z
  .string()
  .min(1, USERNAME_REQUIRED)
  .max(USERNAME_COLUMN_MAX, `Username is at most ${USERNAME_COLUMN_MAX} characters`)
  .regex(/^[A-Za-z0-9._-]*$/, USERNAME_CHARS);

/** An e-mail address as stored: plain ASCII, no surrounding spaces (its case is kept, not compared). */
export const ZEmail = z
  .email(EMAIL_INVALID)
  .max(128, 'Email is at most 128 characters')
  .refine(isEmailKey, EMAIL_ASCII);

/** True when `name` may be stored as a username (the server checks it again before writing). */
export const isStorableUsername = (name: string) => ZUsername.safeParse(name).success;
/** True when `email` may be stored; blank means "no address". */
export const isStorableEmail = (email: string) => email === '' || ZEmail.safeParse(email).success;
