// The postback log (admins and superadmins): the paged, filtered list and its CSV export.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Role, ZPostbackLogList, ZPostbackLogSearch } from '@salesdesk/contract';
import type { AreaOptions } from '../context';
import { role } from '../http/access';
import { exportPostbackLogs, listPostbackLogs } from './service';

const admin = { access: role(Role.Admin), keyScope: 'sales:read' } as const;

const postbackLogsRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  app.post(
    '/postback-logs',
    {
      config: { ...admin, read: true },
      schema: { body: ZPostbackLogSearch, response: { 200: ZPostbackLogList } },
    },
    (req) => listPostbackLogs(ctx, req.body),
  );

  // The same filters as the list; paging is ignored: the file holds every matching row.
  app.post(
    '/postback-logs/export',
    { config: { ...admin, read: true }, schema: { body: ZPostbackLogSearch } },
    (req, reply) => exportPostbackLogs(ctx, req.body, reply),
  );
};

export default postbackLogsRoutes;
