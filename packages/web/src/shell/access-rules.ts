// The words of an access rule. Each area states its screens' rules with them in its own area.tsx;
// the menu, the section tabs and the /app route guard all read those, so they cannot disagree.
import { hasRole, Permission, Role, type TBrand, type TMe } from '@salesdesk/contract';

export type AccessBrand = Pick<TBrand, 'showHowToSell'>;
export type AccessRule = (me: TMe, brand: AccessBrand) => boolean;

export const everyone: AccessRule = () => true;

/** That role or a higher one. */
export const atLeast =
  (role: Role): AccessRule =>
  (me) =>
    hasRole(me.role, role);

/** Exactly that role (an agent's own chat log). */
export const only =
  (role: Role): AccessRule =>
  (me) =>
    me.role === role;

export const superadmin = atLeast(Role.Superadmin);
export const admin = atLeast(Role.Admin);
export const office = atLeast(Role.Company);

/** Holders of APPROVE_AGENTS; a superadmin holds every permission. */
export const canApproveAgents = (me: TMe): boolean =>
  me.role === Role.Superadmin || me.permissions.includes(Permission.ApproveAgents);

/**
 * Admins holding EARNING_VISIBLE and superadmins: they reverse sales, approve or reject held ones and
 * add adjustments (the server's rule for those calls; offices and agents never).
 */
export const canChangeMoney = (me: TMe): boolean =>
  me.role === Role.Superadmin ||
  (me.role === Role.Admin && me.permissions.includes(Permission.EarningVisible));
