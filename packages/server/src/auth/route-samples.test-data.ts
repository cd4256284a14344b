// Route matrix samples of the session and account routes.
import { PASSWORD, tokenFor } from '../test/factories';
import type { RouteSamples } from '../test/route-sample-kit';
import type { Tenant, World } from '../test/route-world';
import { mintToken } from './service';

/** A live session of the tenant's agent. */
async function agentSessionId(w: World, t: Tenant): Promise<number> {
  const token = await tokenFor(w.ctx, t.agentAccountId);
  return (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sid: number }).sid;
}

export const routeSamples: RouteSamples = {
  'GET /api/brand': { build: () => ({ url: 'brand' }) },
  'GET /api/captcha': { build: () => ({ url: 'captcha' }) },
  'POST /api/auth/login': {
    build: (_w, t) => ({ url: 'auth/login', body: { username: t.agentUsername, password: PASSWORD } }),
  },
  'POST /api/auth/login-remote': {
    build: async (w, t) => ({
      url: 'auth/login-remote',
      body: { token: await mintToken(w.ctx, t.agentAccountId, w.superAccountId, 60_000) },
    }),
  },
  'POST /api/auth/remote-token': {
    build: (_w, t) => ({ url: 'auth/remote-token', body: { accountId: t.agentAccountId } }),
  },
  'POST /api/auth/logout': { build: () => ({ url: 'auth/logout' }) },
  'POST /api/forgot': {
    build: (_w, t) => ({ url: 'forgot', body: { username: t.agentUsername, email: 'nobody@example.com' } }),
  },
  'GET /api/accounts/me': { build: () => ({ url: 'accounts/me' }) },
  // The matrix's sessions are complete: no code is owed (409).
  'POST /api/auth/second-factor': {
    build: () => ({ url: 'auth/second-factor', body: { code: '123456' } }),
    alsoOk: [409],
  },
  'GET /api/auth/two-factor': { build: () => ({ url: 'auth/two-factor' }) },
  'POST /api/auth/two-factor/start': { build: () => ({ url: 'auth/two-factor/start' }) },
  // A code the sample cannot know: wrong (400), or no set-up started (409).
  'POST /api/auth/two-factor/enable': {
    build: () => ({ url: 'auth/two-factor/enable', body: { code: '123456' } }),
    alsoOk: [400, 409],
  },
  // The matrix's accounts have no authenticator to turn off.
  'POST /api/auth/two-factor/disable': {
    build: () => ({ url: 'auth/two-factor/disable', body: { code: '123456' } }),
    alsoOk: [409],
  },
  // The matrix's accounts have no authenticator whose recovery codes could be replaced.
  'POST /api/auth/two-factor/recovery-codes': {
    build: () => ({
      url: 'auth/two-factor/recovery-codes',
      body: { currentPassword: PASSWORD, code: '123456' },
    }),
    alsoOk: [409],
  },
  'GET /api/auth/sessions': { build: () => ({ url: 'auth/sessions' }) },
  // Another account's session (the agent's own, for any caller but the agent): 404.
  'POST /api/auth/sessions/end': {
    build: async (w, t) => ({ url: 'auth/sessions/end', body: { id: await agentSessionId(w, t) } }),
    alsoOk: [404],
  },
  'POST /api/auth/sessions/end-others': { build: () => ({ url: 'auth/sessions/end-others' }) },
  'POST /api/auth/end-sessions': {
    build: (_w, t) => ({ url: 'auth/end-sessions', body: { accountId: t.agentAccountId } }),
  },
  'POST /api/auth/reset-two-factor': {
    build: (_w, t) => ({ url: 'auth/reset-two-factor', body: { accountId: t.agentAccountId } }),
  },
  'GET /api/alerts/login': { build: () => ({ url: 'alerts/login' }) },
};
