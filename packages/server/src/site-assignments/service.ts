// Who may see which office's, agent's or site's assignments: another tenant's ids answer 404.
import type { TAssignedSitesQuery, TSiteAgentsQuery } from '@salesdesk/contract';
import type { AppContext } from '../context';
import type { Principal } from '../http/auth';
import { notFound } from '../http/errors';
import { assertAgent, assertOffice } from '../http/tenant';
import { agentSites, findAgentOffice, officeExists, officeSites, siteAgents, visibleSiteExists } from './sql';

export async function sitesOfOffice(ctx: AppContext, p: Principal, officeId: number, q: TAssignedSitesQuery) {
  assertOffice(p, officeId);
  if (!(await officeExists(ctx.db, officeId))) throw notFound();
  return officeSites(ctx.db, p, officeId, q);
}

export async function sitesOfAgent(ctx: AppContext, p: Principal, agentId: number, q: TAssignedSitesQuery) {
  const agent = await findAgentOffice(ctx.db, agentId);
  if (!agent) throw notFound();
  assertAgent(p, { id: agent.id, officeId: agent.office_id });
  return agentSites(ctx.db, p, agentId, q);
}

export async function agentsOfSite(ctx: AppContext, p: Principal, siteId: number, q: TSiteAgentsQuery) {
  if (!(await visibleSiteExists(ctx.db, p, siteId))) throw notFound();
  return siteAgents(ctx.db, p, siteId, q);
}
