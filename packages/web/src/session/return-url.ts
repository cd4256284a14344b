// The returnUrl of /login: only a same-site path is followed, anything else goes home.

export const HOME_PATH = '/app/home';
export const LOGIN_PATH = '/login';

/** `value` when it is a same-site absolute path (not '//host' or '/\host'), else /app/home. */
export function safeReturnUrl(value: string | null | undefined): string {
  if (!value || !value.startsWith('/')) return HOME_PATH;
  if (value.startsWith('//') || value.startsWith('/\\')) return HOME_PATH;
  // Control characters can smuggle a scheme or host past the checks above in some browsers.
  if ([...value].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127)) return HOME_PATH;
  if (value === LOGIN_PATH || value.startsWith(`${LOGIN_PATH}?`)) return HOME_PATH;
  return value;
}

/** /login with the attempted path and search as returnUrl. */
export function loginPathWithReturn(pathname: string, search: string): string {
  return `${LOGIN_PATH}?${new URLSearchParams({ returnUrl: pathname + search }).toString()}`;
}
