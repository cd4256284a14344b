// Session transitions: login (store token and profile, then the login alert), logout, profile refresh.
import type { TMe } from '@salesdesk/contract';
import { fetchMe, logout as postLogout } from '../api/auth-api';
import { endSession, getSession, startSession, updateMe } from '../api/session-store';
import { showLoginAlert } from './login-alert';

/** GET accounts/me ran in this page load (login asks it; a stored session is checked once). */
let profileChecked = false;

/** Fetches GET accounts/me with the new token, stores the session and shows the login alert. */
export async function loginWithToken(token: string): Promise<TMe> {
  // Silent: the login and remote-login pages report the failure themselves.
  const me = await fetchMe(token, true);
  startSession(token, me);
  profileChecked = true;
  // The alert opens over the target page; a failure to load it must not block the login.
  showLoginAlert(me.accountId).catch(() => undefined);
  return me;
}

/** Clears everything at once (screens, caches, polling), then POST auth/logout with the old token. */
export async function logoutSession(): Promise<void> {
  const { token } = getSession();
  endSession();
  // Errors are ignored: the session has ended here either way.
  if (token) await postLogout(token).catch(() => undefined);
}

/** Reloads the profile of a stored session once per page load (permissions may have changed since it was saved). */
export async function refreshMe(): Promise<void> {
  if (profileChecked) return;
  profileChecked = true;
  const { token } = getSession();
  const me = await fetchMe(undefined, true).catch(() => null);
  // The answer belongs to the session that asked; a logout or another login meanwhile wins.
  if (me && token && getSession().token === token) updateMe(me);
}
