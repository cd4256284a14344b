// Preferred domains (preferredDomains/*). The selectors (list, listWithCompanyName) serve admins' office
// forms; the Domains tab and its forms are the superadmin's.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OK,
  Role,
  ZIdParams,
  ZOk,
  ZPreferredDomain,
  ZPreferredDomainCompanyOption,
  ZPreferredDomainList,
  ZPreferredDomainOption,
  ZPreferredDomainSave,
  ZPreferredDomainsHidden,
  ZPreferredDomainsQuery,
} from '@salesdesk/contract';
import type { AreaOptions } from '../context';
import { role } from '../http/access';
import * as domains from './service';

// A fresh config per route: Fastify keeps each route's config object.
const SUPER = () => ({ access: role(Role.Superadmin) });

const domainsRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  app.get(
    '/preferredDomains/list',
    {
      config: { access: role(Role.Admin) },
      schema: { response: { 200: z.array(ZPreferredDomainOption) } },
    },
    () => domains.options(ctx),
  );

  app.get(
    '/preferredDomains/listWithCompanyName',
    {
      config: { access: role(Role.Admin) },
      schema: { response: { 200: z.array(ZPreferredDomainCompanyOption) } },
    },
    () => domains.officeOptions(ctx),
  );

  app.get(
    '/preferredDomains/listWithCompanies',
    {
      config: SUPER(),
      schema: { querystring: ZPreferredDomainsQuery, response: { 200: ZPreferredDomainList } },
    },
    (req) => domains.listDomains(ctx, req.query),
  );

  app.post(
    '/preferredDomains/hidden',
    { config: SUPER(), schema: { body: ZPreferredDomainsHidden, response: { 200: ZOk } } },
    async (req) => {
      await domains.setHidden(ctx, req.body);
      return OK;
    },
  );

  app.get(
    '/preferredDomains/:id',
    { config: SUPER(), schema: { params: ZIdParams, response: { 200: ZPreferredDomain } } },
    (req) => domains.getDomain(ctx, req.params.id),
  );

  app.put(
    '/preferredDomains',
    {
      config: SUPER(),
      schema: { body: ZPreferredDomainSave, response: { 200: z.object({ id: z.number() }) } },
    },
    async (req) => ({ id: await domains.createDomain(ctx, req.body) }),
  );

  app.post(
    '/preferredDomains/:id',
    { config: SUPER(), schema: { params: ZIdParams, body: ZPreferredDomainSave, response: { 200: ZOk } } },
    async (req) => {
      await domains.saveDomain(ctx, req.params.id, req.body);
      return OK;
    },
  );
};

export default domainsRoutes;
