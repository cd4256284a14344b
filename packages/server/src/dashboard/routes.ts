// GET dashboard (spec 1 /app/home): every signed-in role.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZDashboard } from '@salesdesk/contract';
import type { AreaOptions } from '../context';
import { LOGIN } from '../http/access';
import { principalOf } from '../http/auth';
import { getDashboard } from './service';

const dashboardRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  // A fraud-suspended agent's Home is where it reads why.
  app.get(
    '/dashboard',
    {
      config: { access: LOGIN, keyScope: 'stats:read', openWhileSuspended: true },
      schema: { response: { 200: ZDashboard } },
    },
    (req) => getDashboard(ctx, principalOf(req)),
  );
};

export default dashboardRoutes;
