// The menu of the application shell (spec 1 section 2): items and who sees them, as a pure function.
import { hasRole, Permission, Role, type TBrand, type TMe } from '@salesdesk/contract';

export interface MenuItem {
  label: string;
  to: string;
  /** Shows the unapproved-agents count badge. */
  badge?: 'unapproved';
}

type Rule = (me: TMe, brand: Pick<TBrand, 'showHowToSell'>) => boolean;

const all: Rule = () => true;
const atLeast =
  (role: Role): Rule =>
  (me) =>
    hasRole(me.role, role);
const superadmin = atLeast(Role.Superadmin);

/** Holders of APPROVE_AGENTS; a superadmin holds every permission. */
export const canApproveAgents = (me: TMe): boolean =>
  me.role === Role.Superadmin || me.permissions.includes(Permission.ApproveAgents);

const MENU: ReadonlyArray<MenuItem & { visible: Rule }> = [
  { label: 'Home', to: '/app/home', visible: all },
  { label: 'News', to: '/app/news', visible: superadmin },
  { label: 'Offices', to: '/app/offices', visible: atLeast(Role.Admin) },
  { label: 'Agents', to: '/app/agents', visible: atLeast(Role.Company) },
  { label: 'New Agents', to: '/app/unapprove', badge: 'unapproved', visible: canApproveAgents },
  { label: 'Sites', to: '/app/sites', visible: atLeast(Role.Admin) },
  { label: 'Statistics', to: '/app/stats', visible: all },
  { label: 'Links', to: '/app/links', visible: all },
  { label: 'Logs', to: '/app/logs', visible: all },
  { label: 'Profile', to: '/app/profile', visible: all },
  {
    label: 'Site Manuals',
    to: '/app/site-manuals',
    visible: (me, b) => b.showHowToSell && me.role === Role.Superadmin,
  },
  {
    label: 'How To Sell',
    to: '/app/how-to-sell',
    visible: (me, b) => b.showHowToSell && me.role !== Role.Superadmin,
  },
  { label: 'Admins', to: '/app/admins', visible: superadmin },
  { label: 'Settings', to: '/app/settings', visible: atLeast(Role.Admin) },
];

/** The menu items `me` sees under `brand`, in menu order. */
export function visibleMenuItems(me: TMe, brand: Pick<TBrand, 'showHowToSell'>): MenuItem[] {
  return MENU.filter((item) => item.visible(me, brand)).map(({ visible: _visible, ...item }) => item);
}
