// Site assignments (sites/{id}/by-company, /by-agent, /agents): office's or agent's sites, a site's agents.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Role,
  ZAssignedSiteList,
  ZAssignedSitesQuery,
  ZIdParams,
  ZSiteAgentList,
  ZSiteAgentsQuery,
} from '@salesdesk/contract';
import type { AreaOptions } from '../context';
import { principalOf } from '../http/auth';
import { role } from '../http/access';
import * as assignments from './service';

const siteAssignmentsRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  app.get(
    '/sites/:id/by-company',
    {
      config: { access: role(Role.Company) },
      schema: { params: ZIdParams, querystring: ZAssignedSitesQuery, response: { 200: ZAssignedSiteList } },
    },
    (req) => assignments.sitesOfOffice(ctx, principalOf(req), req.params.id, req.query),
  );

  app.get(
    '/sites/:id/by-agent',
    {
      config: { access: role(Role.Company) },
      schema: { params: ZIdParams, querystring: ZAssignedSitesQuery, response: { 200: ZAssignedSiteList } },
    },
    (req) => assignments.sitesOfAgent(ctx, principalOf(req), req.params.id, req.query),
  );

  app.get(
    '/sites/:id/agents',
    {
      config: { access: role(Role.Company) },
      schema: { params: ZIdParams, querystring: ZSiteAgentsQuery, response: { 200: ZSiteAgentList } },
    },
    (req) => assignments.agentsOfSite(ctx, principalOf(req), req.params.id, req.query),
  );
};

export default siteAssignmentsRoutes;
