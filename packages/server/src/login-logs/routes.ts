// Login logs: the paged, filtered list of logins (office and above).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Role, ZLoginLogList, ZLoginLogSearch } from '@salesdesk/contract';
import type { AreaOptions } from '../context';
import { principalOf } from '../http/auth';
import { role } from '../http/access';
import { exportLoginLogs, listLoginLogs } from './service';

const loginLogsRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  app.post(
    '/login-logs/search',
    {
      config: { access: role(Role.Company), read: true },
      schema: { body: ZLoginLogSearch, response: { 200: ZLoginLogList } },
    },
    (req) => listLoginLogs(ctx, principalOf(req), req.body),
  );

  // The same filters as the search; paging is ignored: the file holds every matching login.
  app.post(
    '/login-logs/export',
    { config: { access: role(Role.Company), read: true }, schema: { body: ZLoginLogSearch } },
    (req, reply) => exportLoginLogs(ctx, principalOf(req), req.body, reply),
  );
};

export default loginLogsRoutes;
