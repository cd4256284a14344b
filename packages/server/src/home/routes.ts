// Each role's Home figures (issue 37): GET home. An agent suspended for fraud sees its own, as its statements.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZHome } from '@salesdesk/contract';
import type { AreaOptions } from '../context';
import { LOGIN } from '../http/access';
import { principalOf } from '../http/auth';
import { getHome } from './service';

const homeRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  app.get(
    '/home',
    {
      config: { access: LOGIN, keyScope: 'stats:read', openWhileSuspended: true },
      schema: { response: { 200: ZHome } },
    },
    (req) => getHome(ctx, principalOf(req)),
  );
};

export default homeRoutes;
