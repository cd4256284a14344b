// The tenants the route matrix test calls every route with: two offices, each with a site and an agent.
import { Role } from '@salesdesk/contract';
import type { AppContext } from '../context';
import { buildAdmin, buildAgent, buildClickPath, tokenFor, uniqueName } from './factories';

export type Who = 'anonymous' | 'agent' | 'office' | 'admin' | 'superadmin';
export const EVERYONE: Who[] = ['anonymous', 'agent', 'office', 'admin', 'superadmin'];

export interface Tenant {
  officeId: number;
  officeAccountId: number;
  agentId: number;
  agentAccountId: number;
  agentUsername: string;
  siteId: number;
  typeId: number;
  siteToken: string;
}

export interface World {
  ctx: AppContext;
  /** The office and agent principals belong to `own`; `other` is another office they must not reach. */
  own: Tenant;
  other: Tenant;
  adminAccountId: number;
  superAccountId: number;
  /** A fresh token per call: some routes (logout) end the session they are called with. */
  token: (who: Exclude<Who, 'anonymous'>) => Promise<string>;
  /** A new agent of `own` or `other`, for routes that change or remove one. */
  newAgent: (of: Tenant) => Promise<{ agentId: number; accountId: number; username: string }>;
  unique: (prefix: string) => string;
}

async function tenant(ctx: AppContext): Promise<Tenant> {
  const p = await buildClickPath(ctx);
  return {
    officeId: p.office.id,
    officeAccountId: p.office.accountId,
    agentId: p.agent.id,
    agentAccountId: p.agentAccountId,
    agentUsername: p.agentUsername,
    siteId: p.site.id,
    typeId: p.type.id,
    siteToken: p.site.postbackToken,
  };
}

export async function buildWorld(ctx: AppContext): Promise<World> {
  const own = await tenant(ctx);
  const other = await tenant(ctx);
  const admin = await buildAdmin(ctx);
  const superadmin = await buildAdmin(ctx, { role: Role.Superadmin, approveAgents: true, canDelete: true });
  const accountOf = {
    agent: own.agentAccountId,
    office: own.officeAccountId,
    admin: admin.accountId,
    superadmin: superadmin.accountId,
  };
  return {
    ctx,
    own,
    other,
    adminAccountId: admin.accountId,
    superAccountId: superadmin.accountId,
    token: (who) => tokenFor(ctx, accountOf[who]),
    newAgent: async (of) => {
      const a = await buildAgent(ctx, { officeId: of.officeId, siteIds: [of.siteId] });
      return { agentId: a.agent.id, accountId: a.accountId, username: a.username };
    },
    unique: uniqueName,
  };
}
