// Sites of one office or one agent, and the agents of one site (spec 2 sections 2.5 and 7).
import { z } from 'zod';
import { listOf, listQuery } from './common';

/** The columns site name, abbreviation and status; the default order is the site's hostname. */
export const ASSIGNED_SITE_SORT_FIELDS = ['hostname', 'sitename', 'abbr', 'status'] as const;
export type TAssignedSiteSortField = (typeof ASSIGNED_SITE_SORT_FIELDS)[number];
export const ZAssignedSitesQuery = listQuery({ sort: ASSIGNED_SITE_SORT_FIELDS });
export type TAssignedSitesQuery = z.infer<typeof ZAssignedSitesQuery>;

export const ZAssignedSiteRow = z.object({
  id: z.number(),
  sitename: z.string(),
  abbr: z.string(),
  url: z.string(),
  status: z.boolean(),
  hidden: z.boolean(),
});
export type TAssignedSiteRow = z.infer<typeof ZAssignedSiteRow>;
export const ZAssignedSiteList = listOf(ZAssignedSiteRow);
export const ASSIGNED_SITES_EMPTY = 'No sites yet';

/** GET sites/{id}/agents: the agents that have the site enabled, as the caller may see them. */
export const SITE_AGENT_SORT_FIELDS = ['username', 'officeName'] as const;
export type TSiteAgentSortField = (typeof SITE_AGENT_SORT_FIELDS)[number];
export const ZSiteAgentsQuery = listQuery({ sort: SITE_AGENT_SORT_FIELDS });
export type TSiteAgentsQuery = z.infer<typeof ZSiteAgentsQuery>;

export const ZSiteAgentRow = z.object({
  id: z.number(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  companyId: z.number(),
  officeName: z.string(),
  active: z.boolean(),
});
export type TSiteAgentRow = z.infer<typeof ZSiteAgentRow>;
export const ZSiteAgentList = listOf(ZSiteAgentRow);
