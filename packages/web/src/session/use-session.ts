// The session hook: profile, login, logout and the role and permission checks.
import { useSyncExternalStore } from 'react';
import { hasRole as roleAtLeast, Role, type TMe } from '@salesdesk/contract';
import { getSession, subscribeSession } from '../api/session-store';
import { loginWithToken, logoutSession } from './session-actions';

/** True when `me` holds `permission`; a superadmin holds every permission. */
export function meHasPermission(me: TMe | null, permission: string): boolean {
  if (!me) return false;
  return me.role === Role.Superadmin || me.permissions.includes(permission);
}

/** True when `me` ranks at or above `role`. */
export const meHasRole = (me: TMe | null, role: Role): boolean => !!me && roleAtLeast(me.role, role);

export interface Session {
  me: TMe | null;
  token: string | null;
  isLoggedIn: boolean;
  /** The session was ended by logout or an invalid token (not just absent). */
  ended: boolean;
  login: (token: string) => Promise<TMe>;
  logout: () => Promise<void>;
  hasRole: (role: Role) => boolean;
  hasPermission: (permission: string) => boolean;
}

export function useSession(): Session {
  const state = useSyncExternalStore(subscribeSession, getSession);
  return {
    me: state.me,
    token: state.token,
    isLoggedIn: !!state.token && !!state.me,
    ended: state.ended,
    login: loginWithToken,
    logout: logoutSession,
    hasRole: (role) => meHasRole(state.me, role),
    hasPermission: (permission) => meHasPermission(state.me, permission),
  };
}

/** The profile inside /app, where the guard guarantees a session. */
export function useMe(): TMe {
  const { me } = useSession();
  if (!me) throw new Error('useMe() is only available under /app');
  return me;
}
