// Agents: list, read, create, update and status (office and above, own agents only), delete (superadmin with the flag).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OK,
  Role,
  ZAgentCreate,
  ZAgentDetail,
  ZAgentList,
  ZAgentSearch,
  ZAgentStatus,
  ZAgentUpdate,
  ZIdParams,
  ZOk,
} from '@salesdesk/contract';
import type { AreaOptions } from '../context';
import { principalOf } from '../http/auth';
import { role } from '../http/access';
import * as agents from './service';
import * as status from './status';

const agentsRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  app.post(
    '/agents/search',
    {
      config: { access: role(Role.Company), keyScope: 'agents:read', read: true },
      schema: { body: ZAgentSearch, response: { 200: ZAgentList } },
    },
    (req) => agents.listAgents(ctx, principalOf(req), req.body),
  );

  app.post(
    '/agents/status',
    {
      config: { access: role(Role.Company), keyScope: 'agents:write' },
      schema: { body: ZAgentStatus, response: { 200: ZOk } },
    },
    async (req) => {
      await status.changeAgentsStatus(ctx, principalOf(req), req.body);
      return OK;
    },
  );

  app.get(
    '/agents/:id',
    {
      config: { access: role(Role.Company), keyScope: 'agents:read' },
      schema: { params: ZIdParams, response: { 200: ZAgentDetail } },
    },
    (req) => agents.getAgent(ctx, principalOf(req), req.params.id),
  );

  app.put(
    '/agents',
    {
      config: { access: role(Role.Company), keyScope: 'agents:write' },
      schema: { body: ZAgentCreate, response: { 200: z.object({ id: z.number() }) } },
    },
    async (req) => ({ id: await agents.createAgent(ctx, principalOf(req), req.body) }),
  );

  app.post(
    '/agents/:id',
    {
      config: { access: role(Role.Company), keyScope: 'agents:write' },
      schema: { params: ZIdParams, body: ZAgentUpdate, response: { 200: ZOk } },
    },
    async (req) => {
      await agents.updateAgent(ctx, principalOf(req), req.params.id, req.body);
      return OK;
    },
  );

  app.delete(
    '/agents/:id',
    {
      config: { access: role(Role.Superadmin), keyScope: 'agents:write' },
      schema: { params: ZIdParams, response: { 200: ZOk } },
    },
    async (req) => {
      await status.deleteAgent(ctx, principalOf(req), req.params.id);
      return OK;
    },
  );
};

export default agentsRoutes;
