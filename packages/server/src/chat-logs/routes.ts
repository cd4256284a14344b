// Chat logs: the tenant-scoped list for everyone, and the submit form's create for agents (never updated).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Role, ZChatLogCreate, ZChatLogList, ZChatLogSearch } from '@salesdesk/contract';
import type { AreaOptions } from '../context';
import { principalOf } from '../http/auth';
import { LOGIN, only } from '../http/access';
import { createChatLog, exportChatLogs, listChatLogs } from './service';

const chatLogsRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  app.post(
    '/chat-logs/search',
    {
      config: { access: LOGIN, read: true },
      schema: { body: ZChatLogSearch, response: { 200: ZChatLogList } },
    },
    (req) => listChatLogs(ctx, principalOf(req), req.body),
  );

  // The same filters as the search; paging is ignored: the file holds every matching log.
  app.post(
    '/chat-logs/export',
    { config: { access: LOGIN, read: true }, schema: { body: ZChatLogSearch } },
    (req, reply) => exportChatLogs(ctx, principalOf(req), req.body, reply),
  );

  app.put(
    '/chat-logs',
    {
      config: { access: only(Role.Agent), read: false },
      schema: { body: ZChatLogCreate, response: { 200: z.object({ id: z.number() }) } },
    },
    async (req) => ({ id: await createChatLog(ctx, principalOf(req), req.body) }),
  );
};

export default chatLogsRoutes;
