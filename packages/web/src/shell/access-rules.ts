// Who may open what: one rule per screen group, used by the menu, the section tabs and the /app route guard,
// so a screen is never reachable by typing its path when its menu entry or tab is hidden.
import { hasRole, Permission, Role, type TBrand, type TMe } from '@salesdesk/contract';

export type AccessBrand = Pick<TBrand, 'showHowToSell'>;
export type AccessRule = (me: TMe, brand: AccessBrand) => boolean;

const everyone: AccessRule = () => true;
const atLeast =
  (role: Role): AccessRule =>
  (me) =>
    hasRole(me.role, role);

/** Holders of APPROVE_AGENTS; a superadmin holds every permission. */
export const canApproveAgents = (me: TMe): boolean =>
  me.role === Role.Superadmin || me.permissions.includes(Permission.ApproveAgents);

const superadmin = atLeast(Role.Superadmin);
const admin = atLeast(Role.Admin);
const office = atLeast(Role.Company);

/** The rules by screen group (spec 1 section 2, spec 2 sections 2.2 to 2.17 and 6). */
export const ACCESS = {
  everyone,
  home: everyone,
  news: superadmin,
  offices: admin,
  officeCreate: superadmin,
  domains: superadmin,
  agents: office,
  unapprove: canApproveAgents,
  sites: admin,
  /** Add, edit and link types of sites, and the Offices custom payments tab. */
  sitesManage: superadmin,
  stats: everyone,
  /** Top agents, office performance and its chart. */
  officeStats: office,
  payroll: admin,
  links: everyone,
  linksTranslate: admin,
  logs: everyone,
  loginLogs: office,
  /** Agents submit chat logs (spec 2 sections 2.9 and 6). */
  chatLogCreate: ((me) => me.role === Role.Agent) as AccessRule,
  profile: everyone,
  siteManuals: ((me, brand) => brand.showHowToSell && me.role === Role.Superadmin) as AccessRule,
  howToSell: ((me, brand) => brand.showHowToSell && me.role !== Role.Superadmin) as AccessRule,
  admins: superadmin,
  migration: admin,
  settings: admin,
  blackList: admin,
  options: superadmin,
} satisfies Record<string, AccessRule>;
