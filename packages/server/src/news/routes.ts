// News and alerts (news, alerts/*): news read on every dashboard, the common login alert (superadmin).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Role, ZAlert, ZAlertUpdate, ZNews, ZNewsUpdate } from '@salesdesk/contract';
import type { AreaOptions } from '../context';
import { principalOf } from '../http/auth';
import { LOGIN, role } from '../http/access';
import * as newsService from './service';

const newsRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  app.get(
    '/news/last',
    { config: { access: LOGIN, openWhileSuspended: true }, schema: { response: { 200: ZNews } } },
    () => newsService.getLastNews(ctx),
  );

  app.post(
    '/news',
    { config: { access: role(Role.Superadmin) }, schema: { body: ZNewsUpdate, response: { 200: ZNews } } },
    (req) => newsService.saveNews(ctx, principalOf(req), req.body.html),
  );

  app.get(
    '/alerts/last',
    { config: { access: role(Role.Superadmin) }, schema: { response: { 200: ZAlert } } },
    () => newsService.getLastAlert(ctx),
  );

  app.post(
    '/alerts',
    { config: { access: role(Role.Superadmin) }, schema: { body: ZAlertUpdate, response: { 200: ZAlert } } },
    (req) => newsService.saveAlert(ctx, req.body),
  );
};

export default newsRoutes;
