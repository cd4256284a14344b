// Session calls (auth/*, forgot, brand, alerts/login): captcha, login, forgot, and the account's own calls;
// the second step, two-factor and session calls are in sign-in-routes.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OK,
  Role,
  ZBrand,
  ZCaptcha,
  ZForgotRequest,
  ZLoginAlerts,
  ZLoginRemoteRequest,
  ZLoginRequest,
  ZMe,
  ZOk,
  ZRemoteTokenRequest,
  ZLoginAnswer,
  ZRemoteTokenResponse,
} from '@salesdesk/contract';
import type { AreaOptions } from '../context';
import { principalOf, toMe } from '../http/auth';
import { AT_ANY_STEP, LOGIN, PUBLIC, role } from '../http/access';
import { createCaptcha } from './captcha';
import { loadLoginAlerts } from './alerts';
import { clientOf } from './client-info';
import { forgot, login, loginRemote, mintRemoteToken } from './service';
import { logout } from './sessions';
import { signInRoutes } from './sign-in-routes';

// A sign-in records its own audit events (auth/events.ts): a failed one is refused, yet kept.
const loginLimit = {
  access: PUBLIC,
  rateLimit: { max: 30, timeWindow: '1 minute' },
  audit: 'events' as const,
};

const authRoutes: FastifyPluginAsyncZod<AreaOptions> = async (app, { ctx }) => {
  app.get(
    '/brand',
    { config: { access: PUBLIC }, schema: { response: { 200: ZBrand } } },
    async () => ctx.brand,
  );

  app.get('/captcha', { config: { access: PUBLIC }, schema: { response: { 200: ZCaptcha } } }, async () =>
    createCaptcha(ctx),
  );

  app.post(
    '/auth/login',
    { config: loginLimit, schema: { body: ZLoginRequest, response: { 200: ZLoginAnswer } } },
    (req) => login(ctx, req.body, clientOf(req)),
  );

  app.post(
    '/auth/login-remote',
    { config: loginLimit, schema: { body: ZLoginRemoteRequest, response: { 200: ZLoginAnswer } } },
    (req) => loginRemote(ctx, req.body.token, clientOf(req)),
  );

  app.post(
    '/auth/remote-token',
    {
      config: { access: role(Role.Admin), secretAnswer: true },
      schema: { body: ZRemoteTokenRequest, response: { 200: ZRemoteTokenResponse } },
    },
    async (req) => mintRemoteToken(ctx, principalOf(req), req.body.accountId),
  );

  app.post(
    '/auth/logout',
    {
      config: { access: LOGIN, secondStep: AT_ANY_STEP, openWhileSuspended: true },
      schema: { response: { 200: ZOk } },
    },
    async (req) => {
      await logout(ctx, principalOf(req));
      return OK;
    },
  );

  app.post(
    '/forgot',
    {
      config: { access: PUBLIC, rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: { body: ZForgotRequest, response: { 200: ZOk } },
    },
    async (req) => {
      await forgot(ctx, req.body.username, req.body.email);
      return OK;
    },
  );

  app.get(
    '/accounts/me',
    {
      config: { access: LOGIN, secondStep: AT_ANY_STEP, openWhileSuspended: true },
      schema: { response: { 200: ZMe } },
    },
    async (req) => toMe(principalOf(req)),
  );

  app.get(
    '/alerts/login',
    { config: { access: LOGIN, openWhileSuspended: true }, schema: { response: { 200: ZLoginAlerts } } },
    async (req) => loadLoginAlerts(ctx, principalOf(req)),
  );

  signInRoutes(app, ctx);
};

export default authRoutes;
