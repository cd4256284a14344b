// Offices: list, read, create (superadmin), update and status (admin), and the office/agent selectors.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OK,
  Role,
  ZAgentOption,
  ZCompaniesQuery,
  ZCompanyAgentsQuery,
  ZCompanyOption,
  ZIdParams,
  ZOfficeCreate,
  ZOfficeDetail,
  ZOfficeList,
  ZOfficeSearch,
  ZOfficeStatus,
  ZOfficeUpdate,
  ZOk,
} from '@salesdesk/contract';
import type { AreaOptions } from '../areas';
import { principalOf, requireLogin, requireRole } from '../http/auth';
import * as offices from './service';

const officesRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  const admin = requireRole(Role.Admin);

  app.post(
    '/offices/search',
    { preHandler: admin, schema: { body: ZOfficeSearch, response: { 200: ZOfficeList } } },
    (req) => offices.listOffices(ctx, req.body),
  );

  app.post(
    '/offices/status',
    { preHandler: admin, schema: { body: ZOfficeStatus, response: { 200: ZOk } } },
    async (req) => {
      await offices.changeOfficesStatus(ctx, req.body);
      return OK;
    },
  );

  app.get(
    '/offices/:id',
    {
      preHandler: requireRole(Role.Company),
      schema: { params: ZIdParams, response: { 200: ZOfficeDetail } },
    },
    (req) => offices.getOffice(ctx, principalOf(req), req.params.id),
  );

  app.put(
    '/offices',
    {
      preHandler: requireRole(Role.Superadmin),
      schema: { body: ZOfficeCreate, response: { 200: z.object({ id: z.number() }) } },
    },
    async (req) => ({ id: await offices.createOffice(ctx, req.body) }),
  );

  app.post(
    '/offices/:id',
    { preHandler: admin, schema: { params: ZIdParams, body: ZOfficeUpdate, response: { 200: ZOk } } },
    async (req) => {
      await offices.updateOffice(ctx, principalOf(req), req.params.id, req.body);
      return OK;
    },
  );

  app.get(
    '/companies',
    {
      preHandler: requireLogin,
      schema: { querystring: ZCompaniesQuery, response: { 200: z.array(ZCompanyOption) } },
    },
    (req) => offices.companyOptions(ctx, principalOf(req), req.query.onlyAvailable),
  );

  app.get(
    '/companies/agents',
    {
      preHandler: requireLogin,
      schema: { querystring: ZCompanyAgentsQuery, response: { 200: z.array(ZAgentOption) } },
    },
    (req) => offices.companyAgentOptions(ctx, principalOf(req), req.query.companyId, req.query.agentsQuery),
  );
};

export default officesRoutes;
