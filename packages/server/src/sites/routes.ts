// Sites (sites/*). GET sites serves every selector (admins all sites, an office its own, an agent its
// enabled ones); the list and one site are for admins; every change is the superadmin's (spec 2 section 6).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OK,
  Role,
  ZIdParams,
  ZOk,
  ZPostbackTokenAnswer,
  ZSiteDetail,
  ZSiteForm,
  ZSiteList,
  ZSiteOption,
  ZSiteSearch,
  ZSitesQuery,
  ZSiteStatus,
} from '@salesdesk/contract';
import type { AreaOptions } from '../context';
import { principalOf } from '../http/auth';
import { LOGIN, role } from '../http/access';
import * as sitesService from './service';
import { siteOptions } from './sql';

const ADMIN = { access: role(Role.Admin) };
const SUPER = { access: role(Role.Superadmin) };

const sitesRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  app.get(
    '/sites',
    {
      config: { access: LOGIN },
      schema: { querystring: ZSitesQuery, response: { 200: z.array(ZSiteOption) } },
    },
    (req) => siteOptions(ctx, principalOf(req), req.query.withSuspended ?? false),
  );

  app.post(
    '/sites/search',
    { config: { ...ADMIN, read: true }, schema: { body: ZSiteSearch, response: { 200: ZSiteList } } },
    (req) => sitesService.listSites(ctx, principalOf(req), req.body),
  );

  app.post(
    '/sites/status',
    { config: SUPER, schema: { body: ZSiteStatus, response: { 200: ZOk } } },
    async (req) => {
      await sitesService.changeSitesStatus(ctx, req.body);
      return OK;
    },
  );

  app.get(
    '/sites/:id',
    { config: ADMIN, schema: { params: ZIdParams, response: { 200: ZSiteDetail } } },
    (req) => sitesService.getSite(ctx, principalOf(req), req.params.id),
  );

  app.put(
    '/sites',
    { config: SUPER, schema: { body: ZSiteForm, response: { 200: z.object({ id: z.number() }) } } },
    async (req) => ({ id: await sitesService.createSite(ctx, req.body) }),
  );

  app.post(
    '/sites/:id',
    { config: SUPER, schema: { params: ZIdParams, body: ZSiteForm, response: { 200: ZOk } } },
    async (req) => {
      await sitesService.updateSite(ctx, req.params.id, req.body);
      return OK;
    },
  );

  app.delete(
    '/sites/:id',
    {
      config: { ...SUPER, audit: { target: 'site' } },
      schema: { params: ZIdParams, response: { 200: ZOk } },
    },
    async (req) => {
      await sitesService.deleteSite(ctx, req.params.id);
      return OK;
    },
  );

  app.post(
    '/sites/:id/enableForAllOffices',
    {
      config: { ...SUPER, audit: { target: 'site' } },
      schema: { params: ZIdParams, response: { 200: ZOk } },
    },
    async (req) => {
      await sitesService.enableForAllOffices(ctx, req.params.id);
      return OK;
    },
  );

  app.post(
    '/sites/:id/postbackToken',
    { config: SUPER, schema: { params: ZIdParams, response: { 200: ZPostbackTokenAnswer } } },
    async (req) => ({ postbackToken: await sitesService.regeneratePostbackToken(ctx, req.params.id) }),
  );
};

export default sitesRoutes;
