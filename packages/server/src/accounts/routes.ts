// Account-wide calls. The approval screen's own calls arrive with the approval area.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Permission, Role } from '@salesdesk/contract';
import type { AreaOptions } from '../areas';
import { queryOne, sql } from '../db/client';
import { requirePermission } from '../http/auth';

const accountsRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  app.get(
    '/accounts/unapproved/count',
    {
      preHandler: requirePermission(Permission.ApproveAgents),
      schema: { response: { 200: z.object({ count: z.number() }) } },
    },
    async () => {
      const row = await queryOne<{ count: number }>(
        ctx.db,
        sql`select count(*)::int as count from accounts where role = ${Role.Agent} and not approved`,
      );
      return { count: row?.count ?? 0 };
    },
  );
};

export default accountsRoutes;
