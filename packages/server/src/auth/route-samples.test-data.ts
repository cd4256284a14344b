// Route matrix samples of the session and account routes.
import { PASSWORD } from '../test/factories';
import type { RouteSamples } from '../test/route-sample-kit';
import { mintToken } from './service';

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
  'GET /api/alerts/login': { build: () => ({ url: 'alerts/login' }) },
};
