// Who may grant each key scope: a key is never more than its owner, so a scope is offered to an account
// only when some route declaring it admits the account (route-matrix.test.ts checks this table against
// the routes' own declarations, so the two cannot drift apart). The table itself is the contract's
// API_KEY_SCOPE_HOLDERS, which the web form reads to offer the same scopes.
import { API_KEY_SCOPE_HOLDERS, API_KEY_SCOPES, type TApiKeyScope } from '@salesdesk/contract';
import { admits, permission, permissionFrom, role, type Access } from './access';
import type { Principal } from './auth';

export const SCOPE_HOLDERS = Object.fromEntries(
  API_KEY_SCOPES.map((s) => {
    const h = API_KEY_SCOPE_HOLDERS[s];
    const access = !h.permission
      ? role(h.role)
      : h.from !== undefined
        ? permissionFrom(h.permission, h.role, h.from)
        : permission(h.permission, h.role);
    return [s, access];
  }),
) as Record<TApiKeyScope, Access>;

/** The scopes an account may put on a key of its own. */
export const scopesHeldBy = (p: Pick<Principal, 'role' | 'permissions'>): TApiKeyScope[] =>
  API_KEY_SCOPES.filter((s) => admits(SCOPE_HOLDERS[s], p));
