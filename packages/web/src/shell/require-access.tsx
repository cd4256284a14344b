// The /app route guard: each route's `handle.access` (the rules of access-rules.ts, shared with the menu);
// a user who types a screen's path without the right to open it lands on /app/home.
import { Navigate, Outlet, useMatches } from 'react-router';
import type { TMe } from '@salesdesk/contract';
import { useBrandState } from '../session/brand';
import { useMe } from '../session/use-session';
import type { AccessBrand, AccessRule } from './access-rules';
import { PageLoader } from './app-layout';

export interface AccessHandle {
  access: AccessRule;
}

export const HOME_PATH = '/app/home';

/** The handle of a guarded route. */
export const can = (access: AccessRule): AccessHandle => ({ access });

function ruleOf(handle: unknown): AccessRule | undefined {
  if (!handle || typeof handle !== 'object' || !('access' in handle)) return undefined;
  return typeof handle.access === 'function' ? (handle.access as AccessRule) : undefined;
}

/** The rules along a matched route chain; a child can only narrow its parent's rule. */
export const rulesOf = (handles: readonly unknown[]): AccessRule[] =>
  handles.map(ruleOf).filter((rule): rule is AccessRule => !!rule);

/** True when `me` may open the screen whose matched route chain carries `handles`. */
export function allows(handles: readonly unknown[], me: TMe, brand: AccessBrand): boolean {
  return rulesOf(handles).every((rule) => rule(me, brand));
}

export function RequireAccess() {
  const me = useMe();
  const { brand, known } = useBrandState();
  const handles = useMatches().map((m) => m.handle);
  if (allows(handles, me, brand)) return <Outlet />;
  // A brand switch (how-to-sell) may still be on its way; decide once it is known.
  if (!known) return <PageLoader />;
  return <Navigate to={HOME_PATH} replace />;
}
