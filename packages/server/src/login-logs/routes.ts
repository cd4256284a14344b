// Login logs: the paged, filtered list of logins (office and above).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Role, ZLoginLogList, ZLoginLogSearch } from '@salesdesk/contract';
import type { AreaOptions } from '../areas';
import { principalOf } from '../http/auth';
import { role } from '../http/access';
import { listLoginLogs } from './service';

const loginLogsRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  app.post(
    '/login-logs/search',
    {
      config: { access: role(Role.Company) },
      schema: { body: ZLoginLogSearch, response: { 200: ZLoginLogList } },
    },
    (req) => listLoginLogs(ctx, principalOf(req), req.body),
  );
};

export default loginLogsRoutes;
