// Account-wide calls. The approval screen's own calls arrive with the approval area.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Permission } from '@salesdesk/contract';
import type { AreaOptions } from '../areas';
import { permission } from '../http/access';
import { countUnapproved } from './sql';

const accountsRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  app.get(
    '/accounts/unapproved/count',
    {
      config: { access: permission(Permission.ApproveAgents) },
      schema: { response: { 200: z.object({ count: z.number() }) } },
    },
    async () => ({ count: await countUnapproved(ctx.db) }),
  );
};

export default accountsRoutes;
