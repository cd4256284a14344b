// Calls of accounts and session (spec 1 section 7): login, remote login, logout, forgot, captcha, me, alerts.
import type {
  TBrand,
  TCaptcha,
  TForgotRequest,
  TLoginAlerts,
  TLoginAnswer,
  TLoginRequest,
  TMe,
} from '@salesdesk/contract';
import { apiFetch, ApiError } from './client';

/** Options of the calls that need no session (see ApiOptions.public). */
const PUBLIC = { silent: true, public: true } as const;

export const login = (body: TLoginRequest) => apiFetch<TLoginAnswer>('POST', 'auth/login', body, PUBLIC);

export const loginRemote = (token: string) =>
  apiFetch<TLoginAnswer>('POST', 'auth/login-remote', { token }, PUBLIC);

/** The second step: the code (or a recovery code) for the session of `token`, not yet stored. */
export const giveSecondFactor = (token: string, code: string) =>
  apiFetch<unknown>('POST', 'auth/second-factor', { code }, { token, silent: true });

/** Revokes `token` on the server; the caller has already ended the session here. */
export const logout = (token: string) =>
  apiFetch<unknown>('POST', 'auth/logout', undefined, { silent: true, token });

export const forgot = (body: TForgotRequest) => apiFetch<unknown>('POST', 'forgot', body, PUBLIC);

/** The profile; `token` lets login ask before the session is stored. */
export const fetchMe = (token?: string, silent = false) =>
  apiFetch<TMe>('GET', 'accounts/me', undefined, { token, silent });

export const fetchLoginAlerts = () =>
  apiFetch<TLoginAlerts>('GET', 'alerts/login', undefined, { silent: true });

export const fetchBrand = () => apiFetch<TBrand>('GET', 'brand', undefined, PUBLIC);

export const fetchUnapprovedCount = () =>
  apiFetch<{ count: number }>('GET', 'accounts/unapproved/count', undefined, { silent: true });

const NO_CAPTCHA: TCaptcha = { image: '', check: '' };

/** The captcha, or an empty one when the server has captcha switched off (empty answer or 404). */
export async function fetchCaptcha(): Promise<TCaptcha> {
  try {
    const captcha = await apiFetch<TCaptcha | undefined>('GET', 'captcha', undefined, PUBLIC);
    return captcha?.image ? { image: captchaImageUrl(captcha.image), check: captcha.check } : NO_CAPTCHA;
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return NO_CAPTCHA;
    throw err;
  }
}

/** The image as a data URL, whether the server sent a data URL or raw SVG markup. */
export function captchaImageUrl(image: string): string {
  const trimmed = image.trim();
  if (trimmed.startsWith('data:')) return trimmed;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(trimmed)}`;
}
