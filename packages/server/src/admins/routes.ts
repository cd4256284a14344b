// Admins (superadmin only): GET admins, GET admins/{id}, PUT admins (create), POST admins/{id} (update).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OK,
  Role,
  ZAdminCreate,
  ZAdminDetail,
  ZAdminList,
  ZAdminsQuery,
  ZAdminUpdate,
  ZIdParams,
  ZOk,
} from '@salesdesk/contract';
import type { AreaOptions } from '../context';
import { role } from '../http/access';
import * as admins from './service';

const superadmin = { access: role(Role.Superadmin) };

const adminsRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  app.get(
    '/admins',
    { config: superadmin, schema: { querystring: ZAdminsQuery, response: { 200: ZAdminList } } },
    (req) => admins.listAdmins(ctx, req.query),
  );

  app.get(
    '/admins/:id',
    { config: superadmin, schema: { params: ZIdParams, response: { 200: ZAdminDetail } } },
    (req) => admins.getAdmin(ctx, req.params.id),
  );

  app.put(
    '/admins',
    { config: superadmin, schema: { body: ZAdminCreate, response: { 200: z.object({ id: z.number() }) } } },
    async (req) => ({ id: await admins.createAdmin(ctx, req.body) }),
  );

  app.post(
    '/admins/:id',
    { config: superadmin, schema: { params: ZIdParams, body: ZAdminUpdate, response: { 200: ZOk } } },
    async (req) => {
      await admins.updateAdmin(ctx, req.params.id, req.body);
      return OK;
    },
  );
};

export default adminsRoutes;
