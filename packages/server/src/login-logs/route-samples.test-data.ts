// Route matrix samples of the login logs and their export (issues 6 and 8): each names the tenant's
// office and agent, so an office or agent aiming at another office gets 404.
import type { RouteSamples } from '../test/route-sample-kit';

export const routeSamples: RouteSamples = {
  'POST /api/login-logs/search': {
    build: (_w, t) => ({ url: 'login-logs/search', body: { companyId: t.officeId, agentId: t.agentId } }),
    tenantIds: true,
  },
  'POST /api/login-logs/export': {
    build: (_w, t) => ({ url: 'login-logs/export', body: { companyId: t.officeId, agentId: t.agentId } }),
    tenantIds: true,
  },
};
