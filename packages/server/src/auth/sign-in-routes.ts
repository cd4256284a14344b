// The second step of a login (auth/second-factor), one's own two-factor sign-in and recovery codes (auth/two-factor/*)
// and sessions (auth/sessions/*), and the superadmin's calls about another account's.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  OK,
  Role,
  ZAccountRef,
  ZDisableTwoFactor,
  ZEnableTwoFactor,
  ZEnded,
  ZEndSession,
  ZOk,
  ZRecoveryCodes,
  ZRegenerateRecoveryCodes,
  ZSecondFactorRequest,
  ZSessionList,
  ZTwoFactorSetup,
  ZTwoFactorStatus,
} from '@salesdesk/contract';
import type { AppContext } from '../context';
import { principalOf } from '../http/auth';
import { AT_CODE_STEP, AT_ENROL_STEP, LOGIN, role } from '../http/access';
import { clientIp } from '../http/client-ip';
import { clientOf } from './client-info';
import { endAccountSessions, endOtherSessions, endOwnSession, listOwnSessions } from './sessions';
import {
  completeSignIn,
  disableTwoFactor,
  enableTwoFactor,
  regenerateRecoveryCodes,
  resetTwoFactor,
  startEnrolment,
  twoFactorStatus,
} from './two-factor';

// The second step records its own audit events (auth/events.ts): a refused code is kept, though refused.
const codeStep = {
  access: LOGIN,
  secondStep: AT_CODE_STEP,
  rateLimit: { max: 30, timeWindow: '1 minute' },
  audit: 'events' as const,
};
const enrolStep = { access: LOGIN, secondStep: AT_ENROL_STEP };
const superadmin = { access: role(Role.Superadmin) };
// A superadmin's call about another account: the account is its audit row's target.
const aboutAccount = { ...superadmin, audit: { target: 'account', bodyField: 'accountId' } } as const;

export function signInRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/auth/second-factor',
    { config: codeStep, schema: { body: ZSecondFactorRequest, response: { 200: ZOk } } },
    async (req) => {
      await completeSignIn(ctx, principalOf(req), req.body.code, clientOf(req));
      return OK;
    },
  );

  app.get('/auth/two-factor', { config: enrolStep, schema: { response: { 200: ZTwoFactorStatus } } }, (req) =>
    twoFactorStatus(ctx, principalOf(req)),
  );

  app.post(
    '/auth/two-factor/start',
    { config: { ...enrolStep, secretAnswer: true }, schema: { response: { 200: ZTwoFactorSetup } } },
    (req) => startEnrolment(ctx, principalOf(req)),
  );

  app.post(
    '/auth/two-factor/enable',
    {
      config: { ...enrolStep, secretAnswer: true },
      schema: { body: ZEnableTwoFactor, response: { 200: ZRecoveryCodes } },
    },
    (req) => enableTwoFactor(ctx, principalOf(req), req.body.code, clientIp(req)),
  );

  app.post(
    '/auth/two-factor/disable',
    { config: { access: LOGIN }, schema: { body: ZDisableTwoFactor, response: { 200: ZOk } } },
    async (req) => {
      await disableTwoFactor(ctx, principalOf(req), req.body.code, clientIp(req));
      return OK;
    },
  );

  app.post(
    '/auth/two-factor/recovery-codes',
    {
      config: { access: LOGIN, secretAnswer: true },
      schema: { body: ZRegenerateRecoveryCodes, response: { 200: ZRecoveryCodes } },
    },
    (req) => regenerateRecoveryCodes(ctx, principalOf(req), req.body, clientIp(req)),
  );

  app.get(
    '/auth/sessions',
    { config: { access: LOGIN }, schema: { response: { 200: ZSessionList } } },
    async (req) => ({
      items: await listOwnSessions(ctx, principalOf(req)),
    }),
  );

  app.post(
    '/auth/sessions/end',
    { config: { access: LOGIN }, schema: { body: ZEndSession, response: { 200: ZOk } } },
    async (req) => {
      await endOwnSession(ctx, principalOf(req), req.body.id);
      return OK;
    },
  );

  app.post(
    '/auth/sessions/end-others',
    { config: { access: LOGIN }, schema: { response: { 200: ZEnded } } },
    async (req) => ({ ended: await endOtherSessions(ctx.db, principalOf(req)) }),
  );

  app.post(
    '/auth/end-sessions',
    { config: aboutAccount, schema: { body: ZAccountRef, response: { 200: ZEnded } } },
    async (req) => ({ ended: await endAccountSessions(ctx, req.body.accountId) }),
  );

  app.post(
    '/auth/reset-two-factor',
    { config: aboutAccount, schema: { body: ZAccountRef, response: { 200: ZOk } } },
    async (req) => {
      await resetTwoFactor(ctx, principalOf(req), req.body.accountId);
      return OK;
    },
  );
}
