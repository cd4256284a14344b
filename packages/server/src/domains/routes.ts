// Preferred domains. GET preferredDomains/list feeds the office form's selector (admins).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Role, ZPreferredDomainOption } from '@salesdesk/contract';
import type { AreaOptions } from '../areas';
import { role } from '../http/access';
import { domainOptions } from './sql';

const domainsRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  app.get(
    '/preferredDomains/list',
    {
      config: { access: role(Role.Admin) },
      schema: { response: { 200: z.array(ZPreferredDomainOption) } },
    },
    () => domainOptions(ctx.db),
  );
};

export default domainsRoutes;
