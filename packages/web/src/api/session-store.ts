// The session as an external store: token and me, mirrored to localStorage, readable outside React.
// Its end drops every cached query and the page state registered with onSessionEnd.
import type { TMe } from '@salesdesk/contract';
import { clearSessionQueries } from './query-client';
import { clearSessionStorage, readMe, readToken, writeMe, writeSession } from './session-storage';

export interface SessionState {
  token: string | null;
  me: TMe | null;
  /** True after a logout or an invalid token, so the guard sends the user to a plain /login. */
  ended: boolean;
}

function initialState(): SessionState {
  const token = readToken();
  const me = readMe();
  // A token without its profile (or the reverse) is not a usable session.
  if (!token || !me) {
    clearSessionStorage();
    return { token: null, me: null, ended: false };
  }
  return { token, me, ended: false };
}

let state: SessionState = initialState();
const listeners = new Set<() => void>();

function setState(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

export const getSession = (): SessionState => state;
export const getToken = (): string | null => state.token;

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Stores a complete session (after GET accounts/me answered for this token). */
export function startSession(token: string, me: TMe): void {
  writeSession(token, me);
  setState({ token, me, ended: false });
}

/** Replaces the stored profile of the current session. */
export function updateMe(me: TMe): void {
  if (!state.token) return;
  writeMe(me);
  setState({ ...state, me });
}

const endListeners = new Set<() => void>();

/** Runs `listener` whenever a session ends, to drop page state the session owned (dialogs, notes, filters). */
export function onSessionEnd(listener: () => void): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

/** Everything the session loaded or showed: cached queries (polling stops with them) and page state. */
function dropSessionData(): void {
  clearSessionQueries();
  for (const listener of endListeners) listener();
}

/** Clears token, profile, cached data and page state; the /app guard then sends the user to /login. */
export function endSession(): void {
  clearSessionStorage();
  setState({ token: null, me: null, ended: true });
  dropSessionData();
}

const sameMe = (a: TMe | null, b: TMe | null) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Follows the stored session when another tab changed it (logout, another user's login) or this page comes
 * back from the back-forward cache after a logout elsewhere: a page never keeps a session storage no longer has.
 */
export function syncWithStorage(): void {
  const token = readToken();
  const me = token ? readMe() : null;
  if (token === state.token) {
    if (token && me && !sameMe(me, state.me)) setState({ ...state, me });
    return;
  }
  if (!state.token && !token) return;
  // Nothing of the old session may show under the new one (or under none).
  const next = token && me ? { token, me, ended: false } : { token: null, me: null, ended: true };
  setState(next);
  dropSessionData();
}
