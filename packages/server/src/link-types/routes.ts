// Link types (types/*), the sale types of a site: admins read them, superadmins change them (spec 2 s. 6, 7).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OK,
  Role,
  ZId,
  ZIdParams,
  ZLinkType,
  ZLinkTypeCreate,
  ZLinkTypesQuery,
  ZLinkTypeUpdate,
  ZOk,
} from '@salesdesk/contract';
import type { AreaOptions } from '../context';
import { principalOf } from '../http/auth';
import { role } from '../http/access';
import * as linkTypes from './service';

const ADMIN = { access: role(Role.Admin) };
const SUPER = { access: role(Role.Superadmin) };

const linkTypesRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  app.get(
    '/types/:siteId/by-site',
    {
      config: ADMIN,
      schema: {
        params: z.object({ siteId: ZId }),
        querystring: ZLinkTypesQuery,
        response: { 200: z.array(ZLinkType) },
      },
    },
    (req) => linkTypes.listTypesOfSite(ctx, principalOf(req), req.params.siteId, req.query),
  );

  app.get(
    '/types/:id',
    { config: ADMIN, schema: { params: ZIdParams, response: { 200: ZLinkType } } },
    (req) => linkTypes.getLinkType(ctx, principalOf(req), req.params.id),
  );

  app.put(
    '/types',
    { config: SUPER, schema: { body: ZLinkTypeCreate, response: { 200: z.object({ id: z.number() }) } } },
    async (req) => ({ id: await linkTypes.createLinkType(ctx, req.body) }),
  );

  app.post(
    '/types/:id',
    { config: SUPER, schema: { params: ZIdParams, body: ZLinkTypeUpdate, response: { 200: ZOk } } },
    async (req) => {
      await linkTypes.updateLinkType(ctx, req.params.id, req.body);
      return OK;
    },
  );

  app.delete(
    '/types/:id',
    { config: SUPER, schema: { params: ZIdParams, response: { 200: ZOk } } },
    async (req) => {
      await linkTypes.deleteLinkType(ctx, req.params.id);
      return OK;
    },
  );
};

export default linkTypesRoutes;
