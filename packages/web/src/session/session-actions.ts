// Session transitions: login (store token and profile, then the login alert), logout, profile refresh.
import type { TMe } from '@salesdesk/contract';
import { fetchMe, logout as postLogout } from '../api/auth-api';
import { endSession, getSession, startSession, updateMe } from './store';
import { showLoginAlert } from './login-alert';

/** Fetches GET accounts/me with the new token, stores the session and shows the login alert. */
export async function loginWithToken(token: string): Promise<TMe> {
  // Silent: the login and remote-login pages report the failure themselves.
  const me = await fetchMe(token, true);
  startSession(token, me);
  // The alert opens over the target page; a failure to load it must not block the login.
  showLoginAlert(me.accountId).catch(() => undefined);
  return me;
}

/** POST auth/logout (errors ignored: the session ends anyway), then clears everything. */
export async function logoutSession(): Promise<void> {
  if (getSession().token) await postLogout().catch(() => undefined);
  endSession();
}

/** Reloads the profile of a stored session (permissions may have changed since it was saved). */
export async function refreshMe(): Promise<void> {
  const me = await fetchMe(undefined, true).catch(() => null);
  if (me) updateMe(me);
}
