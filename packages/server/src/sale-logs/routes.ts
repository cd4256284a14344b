// Raw sale logs: the paged, filtered list of sales and bonuses and its CSV export (every role, in its tenant).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZSaleLogAnswer, ZSaleLogSearch } from '@salesdesk/contract';
import type { AreaOptions } from '../context';
import { principalOf } from '../http/auth';
import { LOGIN } from '../http/access';
import { exportSaleLogs, listSaleLogs } from './service';

const saleLogsRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  app.post(
    '/sale-logs',
    {
      config: { access: LOGIN, keyScope: 'sales:read', read: true },
      schema: { body: ZSaleLogSearch, response: { 200: ZSaleLogAnswer } },
    },
    (req) => listSaleLogs(ctx, principalOf(req), req.body),
  );

  // The same filters as the list; paging is ignored: the file holds every matching sale.
  app.post(
    '/sale-logs/export',
    { config: { access: LOGIN, keyScope: 'sales:read', read: true }, schema: { body: ZSaleLogSearch } },
    (req, reply) => exportSaleLogs(ctx, principalOf(req), req.body, reply),
  );
};

export default saleLogsRoutes;
