// Session calls (auth/*, forgot, brand, alerts/login): captcha, login, forgot, and the account's own calls.
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
  ZRemoteTokenResponse,
  ZTokenResponse,
} from '@salesdesk/contract';
import type { AreaOptions } from '../context';
import { clientIp } from '../http/client-ip';
import { principalOf, toMe } from '../http/auth';
import { LOGIN, PUBLIC, role } from '../http/access';
import { createCaptcha } from './captcha';
import { loadLoginAlerts } from './alerts';
import { forgot, login, loginRemote, logout, mintRemoteToken } from './service';

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
    { config: loginLimit, schema: { body: ZLoginRequest, response: { 200: ZTokenResponse } } },
    async (req) => ({ token: await login(ctx, req.body, clientIp(req), req.headers['user-agent'] ?? null) }),
  );

  app.post(
    '/auth/login-remote',
    { config: loginLimit, schema: { body: ZLoginRemoteRequest, response: { 200: ZTokenResponse } } },
    async (req) => ({
      token: await loginRemote(ctx, req.body.token, clientIp(req), req.headers['user-agent'] ?? null),
    }),
  );

  app.post(
    '/auth/remote-token',
    {
      config: { access: role(Role.Admin) },
      schema: { body: ZRemoteTokenRequest, response: { 200: ZRemoteTokenResponse } },
    },
    async (req) => mintRemoteToken(ctx, principalOf(req), req.body.accountId),
  );

  app.post('/auth/logout', { config: { access: LOGIN }, schema: { response: { 200: ZOk } } }, async (req) => {
    await logout(ctx, principalOf(req));
    return OK;
  });

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

  app.get('/accounts/me', { config: { access: LOGIN }, schema: { response: { 200: ZMe } } }, async (req) =>
    toMe(principalOf(req)),
  );

  app.get(
    '/alerts/login',
    { config: { access: LOGIN }, schema: { response: { 200: ZLoginAlerts } } },
    async (req) => loadLoginAlerts(ctx, principalOf(req)),
  );
};

export default authRoutes;
