// Preferred domains. GET preferredDomains/list feeds the office form's selector (admins).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc } from 'drizzle-orm';
import { z } from 'zod';
import { Role, ZPreferredDomainOption } from '@salesdesk/contract';
import type { AreaOptions } from '../areas';
import { preferredDomains } from '../db/schema';
import { requireRole } from '../http/auth';

const domainsRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  app.get(
    '/preferredDomains/list',
    { preHandler: requireRole(Role.Admin), schema: { response: { 200: z.array(ZPreferredDomainOption) } } },
    () =>
      ctx.db
        .select({ id: preferredDomains.id, domain: preferredDomains.domain, hidden: preferredDomains.hidden })
        .from(preferredDomains)
        .orderBy(asc(preferredDomains.id)),
  );
};

export default domainsRoutes;
