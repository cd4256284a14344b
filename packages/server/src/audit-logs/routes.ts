// The audit log (superadmins; admins the rows about offices, agents, sites, money and their own API
// keys): the paged, filtered list and its CSV export. Both only read. Nothing edits or deletes a row.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Role, ZAuditLogList, ZAuditLogSearch } from '@salesdesk/contract';
import type { AreaOptions } from '../context';
import { principalOf } from '../http/auth';
import { role } from '../http/access';
import { exportAuditLogs, listAuditLogs } from './service';

const reader = { access: role(Role.Admin), read: true };

const auditLogsRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  app.post(
    '/audit-logs',
    { config: reader, schema: { body: ZAuditLogSearch, response: { 200: ZAuditLogList } } },
    (req) => listAuditLogs(ctx, principalOf(req), req.body),
  );

  // The same filters as the list; paging is ignored: the file holds every matching row.
  app.post('/audit-logs/export', { config: reader, schema: { body: ZAuditLogSearch } }, (req, reply) =>
    exportAuditLogs(ctx, principalOf(req), req.body, reply),
  );
};

export default auditLogsRoutes;
