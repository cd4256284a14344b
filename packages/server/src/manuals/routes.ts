// Site manuals (site-manuals/*): the six calls of spec 2 section 7. Reading is for everyone (How to sell,
// scoped to the caller's sites); available-sites, create, update and delete are the superadmin's.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OK,
  Role,
  ZIdParams,
  ZManualSiteOption,
  ZOk,
  ZSiteManual,
  ZSiteManualCreate,
  ZSiteManualList,
  ZSiteManualsQuery,
  ZSiteManualUpdate,
} from '@salesdesk/contract';
import type { AreaOptions } from '../context';
import { principalOf } from '../http/auth';
import { LOGIN, role } from '../http/access';
import * as manuals from './service';

const superadmin = { access: role(Role.Superadmin) };

const manualsRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  app.get(
    '/site-manuals',
    {
      config: { access: LOGIN },
      schema: { querystring: ZSiteManualsQuery, response: { 200: ZSiteManualList } },
    },
    (req) => manuals.listManuals(ctx, principalOf(req), req.query),
  );

  app.get(
    '/site-manuals/available-sites',
    { config: superadmin, schema: { response: { 200: z.array(ZManualSiteOption) } } },
    () => manuals.availableSites(ctx),
  );

  app.get(
    '/site-manuals/:id',
    { config: { access: LOGIN }, schema: { params: ZIdParams, response: { 200: ZSiteManual } } },
    (req) => manuals.getManual(ctx, principalOf(req), req.params.id),
  );

  app.put(
    '/site-manuals',
    {
      config: superadmin,
      schema: { body: ZSiteManualCreate, response: { 200: z.object({ id: z.number() }) } },
    },
    async (req) => ({ id: await manuals.createManual(ctx, req.body) }),
  );

  app.post(
    '/site-manuals/:id',
    { config: superadmin, schema: { params: ZIdParams, body: ZSiteManualUpdate, response: { 200: ZOk } } },
    async (req) => {
      await manuals.changeManual(ctx, req.params.id, req.body);
      return OK;
    },
  );

  app.delete(
    '/site-manuals/:id',
    { config: superadmin, schema: { params: ZIdParams, response: { 200: ZOk } } },
    async (req) => {
      await manuals.removeManual(ctx, req.params.id);
      return OK;
    },
  );
};

export default manualsRoutes;
