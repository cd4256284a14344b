// Top agents (stats/top10/*, spec 2 s. 2.15, 6, 7): the first 10 places and the whole ranking, office and up.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Role, ZTop10, ZTop10Computed, ZTop10ComputedRequest, ZTop10Request } from '@salesdesk/contract';
import type { AreaOptions } from '../context';
import { role } from '../http/access';
import { principalOf } from '../http/auth';
import * as topAgents from './service';

const topAgentsRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  app.post(
    '/stats/top10',
    {
      config: { access: role(Role.Company), keyScope: 'stats:read', read: true },
      schema: { body: ZTop10Request, response: { 200: ZTop10 } },
    },
    (req) => topAgents.top10(ctx, principalOf(req), req.body),
  );

  app.post(
    '/stats/top10/computed',
    {
      config: { access: role(Role.Company), keyScope: 'stats:read', read: true },
      schema: { body: ZTop10ComputedRequest, response: { 200: ZTop10Computed } },
    },
    (req) => topAgents.top10Computed(ctx, principalOf(req), req.body),
  );

  app.post(
    '/stats/top10/computed/export',
    {
      config: { access: role(Role.Company), keyScope: 'stats:read', read: true },
      schema: { body: ZTop10Request },
    },
    (req, reply) => topAgents.exportRanking(ctx, principalOf(req), req.body, reply),
  );
};

export default topAgentsRoutes;
