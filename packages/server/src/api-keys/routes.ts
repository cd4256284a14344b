// API keys of the caller's own account: PUT api-keys (create, the key shown once), POST api-keys/search,
// DELETE api-keys/{id} (revoke). Superadmins, admins and offices; agents have none. Never with a key.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OK,
  Role,
  ZApiKeyCreate,
  ZApiKeyCreated,
  ZApiKeyList,
  ZApiKeySearch,
  ZIdParams,
  ZOk,
} from '@salesdesk/contract';
import type { AreaOptions } from '../context';
import { role } from '../http/access';
import { principalOf } from '../http/auth';
import { clientIp } from '../http/client-ip';
import * as keys from './service';

const owners = { access: role(Role.Company) };

const apiKeysRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  app.post(
    '/api-keys/search',
    { config: { ...owners, read: true }, schema: { body: ZApiKeySearch, response: { 200: ZApiKeyList } } },
    (req) => keys.listKeys(ctx, principalOf(req), req.body),
  );

  app.put(
    '/api-keys',
    {
      config: { ...owners, secretAnswer: true },
      schema: { body: ZApiKeyCreate, response: { 200: ZApiKeyCreated } },
    },
    (req) => keys.createKey(ctx, principalOf(req), req.body, clientIp(req)),
  );

  app.delete(
    '/api-keys/:id',
    { config: owners, schema: { params: ZIdParams, response: { 200: ZOk } } },
    async (req) => {
      await keys.revoke(ctx, principalOf(req), req.params.id);
      return OK;
    },
  );
};

export default apiKeysRoutes;
