// Offices (offices/*), list, read, create (superadmin), update, status (admin); selectors (companies/*).
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
import type { AreaOptions } from '../context';
import { principalOf } from '../http/auth';
import { LOGIN, role } from '../http/access';
import * as offices from './service';

const officesRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  app.post(
    '/offices/search',
    {
      config: { access: role(Role.Admin), read: true },
      schema: { body: ZOfficeSearch, response: { 200: ZOfficeList } },
    },
    (req) => offices.listOffices(ctx, req.body),
  );

  app.post(
    '/offices/status',
    { config: { access: role(Role.Admin) }, schema: { body: ZOfficeStatus, response: { 200: ZOk } } },
    async (req) => {
      await offices.changeOfficesStatus(ctx, req.body);
      return OK;
    },
  );

  app.get(
    '/offices/:id',
    {
      config: { access: role(Role.Company) },
      schema: { params: ZIdParams, response: { 200: ZOfficeDetail } },
    },
    (req) => offices.getOffice(ctx, principalOf(req), req.params.id),
  );

  app.put(
    '/offices',
    {
      config: { access: role(Role.Superadmin) },
      schema: { body: ZOfficeCreate, response: { 200: z.object({ id: z.number() }) } },
    },
    async (req) => ({ id: await offices.createOffice(ctx, req.body) }),
  );

  app.post(
    '/offices/:id',
    {
      config: { access: role(Role.Admin) },
      schema: { params: ZIdParams, body: ZOfficeUpdate, response: { 200: ZOk } },
    },
    async (req) => {
      await offices.updateOffice(ctx, principalOf(req), req.params.id, req.body);
      return OK;
    },
  );

  app.get(
    '/companies',
    {
      config: { access: LOGIN },
      schema: { querystring: ZCompaniesQuery, response: { 200: z.array(ZCompanyOption) } },
    },
    (req) => offices.officeOptions(ctx, principalOf(req), req.query.onlyAvailable),
  );

  app.get(
    '/companies/agents',
    {
      config: { access: LOGIN, keyScope: 'agents:read' },
      schema: { querystring: ZCompanyAgentsQuery, response: { 200: z.array(ZAgentOption) } },
    },
    (req) => offices.officeAgentOptions(ctx, principalOf(req), req.query.companyId, req.query.agentsQuery),
  );
};

export default officesRoutes;
