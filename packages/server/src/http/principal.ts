// Who a request acts as, read from the account as it is now: one set of columns and joins for a session
// (http/auth.ts) and for an API key (http/api-key-auth.ts), so either is one read of the database.
import { ALL_PERMISSIONS, hasRole, Permission, Role, type TSecondFactor } from '@salesdesk/contract';
import type { SQL } from 'drizzle-orm';
import { fraudSuspendedSql } from '../common/fraud-suspension';
import { sql } from '../db/client';

/** The API key a request acts with: what its scopes allow and how the audit log names it. */
export interface KeyUse {
  id: number;
  name: string;
  prefix: string;
  scopes: readonly string[];
  rateLimit: number;
}

export interface Principal {
  accountId: number;
  role: Role;
  username: string;
  agentId: number | null;
  companyId: number | null;
  officeName: string | null;
  permissions: string[];
  canDelete: boolean;
  /** The sessions row of the request's token (null for a principal loaded without one). */
  sessionId: number | null;
  /** How far the session has signed in; only the second step's routes admit one that is not complete. */
  secondFactor: TSecondFactor;
  /** The administrator behind a remote login ("Log in as"), or null. */
  impersonatedBy: number | null;
  /** An agent suspended for fraud: only the routes declaring `openWhileSuspended` admit it (http/access.ts). */
  fraudSuspended: boolean;
  /** The API key the request came with (`Bearer sdk_...`); absent for a session. */
  apiKey?: KeyUse;
}

/** The account columns ACCOUNT_COLUMNS reads. */
export interface AccountState {
  id: number;
  role: Role;
  username: string;
  active: boolean;
  login_blocked: boolean;
  approved: boolean;
  session_version: number;
  approve_agents: boolean;
  earning_visible: boolean;
  can_delete: boolean;
  agent_id: number | null;
  office_id: number | null;
  office_name: string | null;
  fraud_suspended: boolean;
}

/** The columns of AccountState, from `accounts a` joined with ACCOUNT_JOINS. */
export const ACCOUNT_COLUMNS: SQL = sql`a.id, a.role, a.username, a.active, a.login_blocked, a.approved,
  a.session_version, a.approve_agents, a.earning_visible, a.can_delete,
  ag.id as agent_id, coalesce(o.id, ao.id) as office_id,
  coalesce(o.office_name, ao.office_name) as office_name,
  coalesce(${fraudSuspendedSql('ag')}, false) as fraud_suspended`;

/** The office an office account runs, or the agent an agent account is and its office. */
export const ACCOUNT_JOINS: SQL = sql`left join offices o on o.account_id = a.id
  left join agents ag on ag.account_id = a.id
  left join offices ao on ao.id = ag.office_id`;

/** Whether the account may act at all: active, login not blocked, approved. */
export const accountMayAct = (a: AccountState) => a.active && !a.login_blocked && a.approved;

/** The principal of an account that may act; what a session adds is given by the caller. */
export function toPrincipal(
  a: AccountState,
  through: Pick<Principal, 'sessionId' | 'secondFactor' | 'impersonatedBy' | 'apiKey'>,
): Principal {
  const permissions =
    a.role === Role.Superadmin
      ? [...ALL_PERMISSIONS]
      : [
          ...(a.approve_agents && hasRole(a.role, Role.Admin) ? [Permission.ApproveAgents] : []),
          ...(a.earning_visible && hasRole(a.role, Role.Admin) ? [Permission.EarningVisible] : []),
        ];
  return {
    accountId: a.id,
    role: a.role,
    username: a.username,
    agentId: a.agent_id,
    companyId: a.office_id,
    officeName: a.office_name,
    permissions,
    canDelete: a.role === Role.Superadmin && a.can_delete,
    fraudSuspended: a.role === Role.Agent && a.fraud_suspended,
    ...through,
  };
}
