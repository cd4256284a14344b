// A tab bar of router links; the longest matching tab is active (Offices vs Offices/Domains).
// The tabs are those of the section the page is in, given by the route guard (require-access.tsx).
import { createContext, useContext } from 'react';
import { Link, useLocation } from 'react-router';

export interface PageTab {
  label: string;
  to: string;
  /** Carry the current query string to the tab (the log tabs share their filters). */
  keepSearch?: boolean;
}

/** The tabs of the current section that the viewer may open; empty outside a sectioned area. */
export const SectionTabsContext = createContext<PageTab[]>([]);

export const useSectionTabs = () => useContext(SectionTabsContext);

const matches = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);

/** The `to` of the tab the path belongs to, or null. */
export function activeTab(pathname: string, tabs: PageTab[]): string | null {
  let best: string | null = null;
  for (const tab of tabs)
    if (matches(pathname, tab.to) && tab.to.length > (best?.length ?? -1)) best = tab.to;
  return best;
}

export function PageTabs({ tabs }: { tabs: PageTab[] }) {
  const { pathname, search } = useLocation();
  if (!tabs.length) return null;
  const active = activeTab(pathname, tabs);
  return (
    <nav className="page-tabs" aria-label="Section">
      {tabs.map((tab) => (
        <Link
          key={tab.to}
          to={tab.keepSearch ? tab.to + search : tab.to}
          className={tab.to === active ? 'page-tab active' : 'page-tab'}
          aria-current={tab.to === active ? 'page' : undefined}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
