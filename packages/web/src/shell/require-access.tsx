// The /app route guard: the rules in the matched routes' handles (declared by each area's area.tsx, the
// same rules the menu and tabs read). A user who types a screen's path without the right to open it lands
// on /app/home with a note saying so (no-access-note.tsx). It also hands the page its section's tabs.
import { Navigate, Outlet, useMatches } from 'react-router';
import type { TMe } from '@salesdesk/contract';
import { useBrandState } from '../session/brand';
import { HOME_PATH } from '../session/return-url';
import { useMe } from '../session/use-session';
import type { AccessBrand, AccessRule } from './access-rules';
import { visibleTabs, type AccessHandle, type RuledTab } from './area';
import { NO_ACCESS_STATE } from './no-access-note';
import { PageLoader } from './page-loader';
import { SectionTabsContext } from './page-tabs';

export { NO_ACCESS_NOTE } from './no-access-note';

const handleOf = (handle: unknown): Partial<AccessHandle> =>
  handle && typeof handle === 'object' ? (handle as Partial<AccessHandle>) : {};

/** The rules along a matched route chain; a child can only narrow its parent's rule. */
export const rulesOf = (handles: readonly unknown[]): AccessRule[] =>
  handles.map((h) => handleOf(h).access).filter((rule): rule is AccessRule => typeof rule === 'function');

/** True when `me` may open the screen whose matched route chain carries `handles`. */
export function allows(handles: readonly unknown[], me: TMe, brand: AccessBrand): boolean {
  return rulesOf(handles).every((rule) => rule(me, brand));
}

/** The tab bar of the innermost section in the chain, before the viewer's rules. */
const tabsOf = (handles: readonly unknown[]): RuledTab[] =>
  handles.map((h) => handleOf(h).tabs).findLast((tabs) => !!tabs) ?? [];

/** Goes home, which says why (NoAccessNote in the frame). */
const NoAccess = () => <Navigate to={HOME_PATH} replace state={NO_ACCESS_STATE} />;

export function RequireAccess() {
  const me = useMe();
  const { brand, known } = useBrandState();
  const handles = useMatches().map((m) => m.handle);
  if (allows(handles, me, brand))
    return (
      <SectionTabsContext.Provider value={visibleTabs(tabsOf(handles), me, brand)}>
        <Outlet />
      </SectionTabsContext.Provider>
    );
  // A brand switch (how-to-sell) may still be on its way; decide once it is known.
  if (!known) return <PageLoader />;
  return <NoAccess />;
}
