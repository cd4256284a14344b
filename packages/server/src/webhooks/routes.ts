// The webhook endpoints of the caller's own account and their Delivery Log: POST webhooks/search,
// PUT webhooks (the secret shown once), GET webhooks/{id}, POST/DELETE webhooks/{id}, webhooks/{id}/{disable,enable,
// rotate-secret,test,attempts,resend}. Offices, and admins with the earnings permission; with a key,
// the scope webhooks:write.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OK,
  Permission,
  Role,
  ZAttemptList,
  ZAttemptSearch,
  ZIdParams,
  ZOk,
  ZResend,
  ZWebhookCreate,
  ZWebhookCreated,
  ZWebhookEnable,
  ZWebhookList,
  ZWebhookRow,
  ZWebhookSearch,
  ZWebhookSecret,
  ZWebhookUpdate,
} from '@salesdesk/contract';
import type { AreaOptions } from '../context';
import { permissionFrom } from '../http/access';
import { principalOf } from '../http/auth';
import * as webhooks from './service';

const owners = {
  access: permissionFrom(Permission.EarningVisible, Role.Company, Role.Admin),
  keyScope: 'webhooks:write',
} as const;
/** A write on one endpoint: the audit row names it. */
const onOne = { ...owners, audit: { target: 'webhook' } } as const;

const webhooksRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  app.post(
    '/webhooks/search',
    { config: { ...owners, read: true }, schema: { body: ZWebhookSearch, response: { 200: ZWebhookList } } },
    (req) => webhooks.listEndpoints(ctx, principalOf(req), req.body),
  );

  app.put(
    '/webhooks',
    {
      config: { ...owners, secretAnswer: true },
      schema: { body: ZWebhookCreate, response: { 200: ZWebhookCreated } },
    },
    (req) => webhooks.createEndpoint(ctx, principalOf(req), req.body),
  );

  app.get(
    '/webhooks/:id',
    { config: { ...owners, read: true }, schema: { params: ZIdParams, response: { 200: ZWebhookRow } } },
    (req) => webhooks.getEndpoint(ctx, principalOf(req), req.params.id),
  );

  app.post(
    '/webhooks/:id',
    { config: onOne, schema: { params: ZIdParams, body: ZWebhookUpdate, response: { 200: ZWebhookRow } } },
    (req) => webhooks.updateEndpoint(ctx, principalOf(req), req.params.id, req.body),
  );

  app.delete(
    '/webhooks/:id',
    { config: onOne, schema: { params: ZIdParams, response: { 200: ZOk } } },
    async (req) => {
      await webhooks.deleteEndpoint(ctx, principalOf(req), req.params.id);
      return OK;
    },
  );

  app.post(
    '/webhooks/:id/disable',
    { config: onOne, schema: { params: ZIdParams, response: { 200: ZWebhookRow } } },
    (req) => webhooks.disableEndpoint(ctx, principalOf(req), req.params.id),
  );

  app.post(
    '/webhooks/:id/enable',
    { config: onOne, schema: { params: ZIdParams, body: ZWebhookEnable, response: { 200: ZWebhookRow } } },
    (req) => webhooks.enableEndpoint(ctx, principalOf(req), req.params.id, req.body),
  );

  app.post(
    '/webhooks/:id/rotate-secret',
    {
      config: { ...onOne, secretAnswer: true },
      schema: { params: ZIdParams, response: { 200: ZWebhookSecret } },
    },
    (req) => webhooks.rotateSecret(ctx, principalOf(req), req.params.id),
  );

  app.post(
    '/webhooks/:id/test',
    { config: onOne, schema: { params: ZIdParams, response: { 200: ZOk } } },
    async (req) => {
      await webhooks.sendTest(ctx, principalOf(req), req.params.id);
      return OK;
    },
  );

  app.post(
    '/webhooks/:id/attempts',
    {
      config: { ...owners, read: true },
      schema: { params: ZIdParams, body: ZAttemptSearch, response: { 200: ZAttemptList } },
    },
    (req) => webhooks.listAttempts(ctx, principalOf(req), req.params.id, req.body),
  );

  app.post(
    '/webhooks/:id/resend',
    { config: onOne, schema: { params: ZIdParams, body: ZResend, response: { 200: ZOk } } },
    async (req) => {
      await webhooks.resend(ctx, principalOf(req), req.params.id, req.body.deliveryId);
      return OK;
    },
  );
};

export default webhooksRoutes;
