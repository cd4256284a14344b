// Account-wide calls: the unapproved-agents count, list and batch approval (APPROVE_AGENTS).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Permission, ZApproveResult, ZIds, ZUnapprovedList, ZUnapprovedQuery } from '@salesdesk/contract';
import type { AreaOptions } from '../context';
import { principalOf } from '../http/auth';
import { permission } from '../http/access';
import * as approval from './service';
import { countUnapproved } from './sql';

const approver = { access: permission(Permission.ApproveAgents) };

const accountsRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  app.get(
    '/accounts/unapproved/count',
    { config: approver, schema: { response: { 200: z.object({ count: z.number() }) } } },
    async () => ({ count: await countUnapproved(ctx.db) }),
  );

  app.get(
    '/accounts/unapproved',
    { config: approver, schema: { querystring: ZUnapprovedQuery, response: { 200: ZUnapprovedList } } },
    (req) => approval.listUnapproved(ctx, principalOf(req), req.query),
  );

  app.put(
    '/accounts/approve',
    { config: approver, schema: { body: ZIds, response: { 200: ZApproveResult } } },
    async (req) => ({ approved: await approval.approveAgents(ctx, principalOf(req), req.body.ids) }),
  );
};

export default accountsRoutes;
