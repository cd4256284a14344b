// The session as an external store: token and me, mirrored to localStorage, readable outside React.
import type { TMe } from '@salesdesk/contract';
import { clearSessionQueries } from '../api/query-client';
import { clearSessionStorage, readMe, readToken, writeMe, writeSession } from './storage';

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

/** Clears token, profile and cached data; the /app guard then sends the user to /login. */
export function endSession(): void {
  clearSessionStorage();
  clearSessionQueries();
  setState({ token: null, me: null, ended: true });
}
