// Click logs (click-outs/*): the paged, filtered list of clicks and its CSV export (every role, own tenant).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZClickLogList, ZClickLogSearch } from '@salesdesk/contract';
import type { AreaOptions } from '../context';
import { principalOf } from '../http/auth';
import { LOGIN } from '../http/access';
import { exportClickLogs, listClickLogs } from './service';

const clickLogsRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  app.post(
    '/click-outs/search',
    {
      config: { access: LOGIN, keyScope: 'sales:read', read: true },
      schema: { body: ZClickLogSearch, response: { 200: ZClickLogList } },
    },
    (req) => listClickLogs(ctx, principalOf(req), req.body),
  );

  // The same filters as the search; paging is ignored: the file holds every matching click.
  app.post(
    '/click-outs/export',
    { config: { access: LOGIN, keyScope: 'sales:read', read: true }, schema: { body: ZClickLogSearch } },
    (req, reply) => exportClickLogs(ctx, principalOf(req), req.body, reply),
  );
};

export default clickLogsRoutes;
