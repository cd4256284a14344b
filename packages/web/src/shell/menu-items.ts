// The menu of the application shell (spec 1 section 2): items and who sees them, as a pure function.
import type { TMe } from '@salesdesk/contract';
import { ACCESS, type AccessBrand, type AccessRule } from './access-rules';

export { canApproveAgents } from './access-rules';

export interface MenuItem {
  label: string;
  to: string;
  /** Shows the unapproved-agents count badge. */
  badge?: 'unapproved';
}

/** Each entry's rule is its screens' rule, so the route guard and the menu always agree. */
const MENU: ReadonlyArray<MenuItem & { visible: AccessRule }> = [
  { label: 'Home', to: '/app/home', visible: ACCESS.home },
  { label: 'News', to: '/app/news', visible: ACCESS.news },
  { label: 'Offices', to: '/app/offices', visible: ACCESS.offices },
  { label: 'Agents', to: '/app/agents', visible: ACCESS.agents },
  { label: 'New Agents', to: '/app/unapprove', badge: 'unapproved', visible: ACCESS.unapprove },
  { label: 'Sites', to: '/app/sites', visible: ACCESS.sites },
  { label: 'Statistics', to: '/app/stats', visible: ACCESS.stats },
  { label: 'Links', to: '/app/links', visible: ACCESS.links },
  { label: 'Logs', to: '/app/logs', visible: ACCESS.logs },
  { label: 'Profile', to: '/app/profile', visible: ACCESS.profile },
  { label: 'Site Manuals', to: '/app/site-manuals', visible: ACCESS.siteManuals },
  { label: 'How To Sell', to: '/app/how-to-sell', visible: ACCESS.howToSell },
  { label: 'Admins', to: '/app/admins', visible: ACCESS.admins },
  { label: 'Settings', to: '/app/settings', visible: ACCESS.settings },
];

/** The menu items `me` sees under `brand`, in menu order. */
export function visibleMenuItems(me: TMe, brand: AccessBrand): MenuItem[] {
  return MENU.filter((item) => item.visible(me, brand)).map(({ visible: _visible, ...item }) => item);
}
