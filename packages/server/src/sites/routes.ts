// Sites. GET sites serves every selector: admins see all sites, an office its own, an agent its enabled ones.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZSiteOption, ZSitesQuery } from '@salesdesk/contract';
import type { AreaOptions } from '../areas';
import { principalOf } from '../http/auth';
import { LOGIN } from '../http/access';
import { siteOptions } from './sql';

const sitesRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  app.get(
    '/sites',
    {
      config: { access: LOGIN },
      schema: { querystring: ZSitesQuery, response: { 200: z.array(ZSiteOption) } },
    },
    (req) => siteOptions(ctx, principalOf(req), req.query.withSuspended ?? false),
  );
};

export default sitesRoutes;
