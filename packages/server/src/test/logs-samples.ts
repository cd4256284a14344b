// Route matrix samples of the click and sale logs and the log exports (issue 8 items 2, 3 and 6): each
// names the tenant's office and agent, so an office or agent aiming at another office gets 404.
import type { RouteSample } from './route-samples';
import type { Tenant } from './route-world';

const filters = (t: Tenant) => ({ companyId: t.officeId, agentId: t.agentId, siteId: t.siteId });

export const logsSamples: Record<string, RouteSample> = {
  'POST /api/click-outs/search': {
    build: (_w, t) => ({ url: 'click-outs/search', body: filters(t) }),
    tenantIds: true,
  },
  'POST /api/click-outs/export': {
    build: (_w, t) => ({ url: 'click-outs/export', body: filters(t) }),
    tenantIds: true,
  },
  'POST /api/sale-logs': {
    build: (_w, t) => ({ url: 'sale-logs', body: filters(t) }),
    tenantIds: true,
  },
  'POST /api/sale-logs/export': {
    build: (_w, t) => ({ url: 'sale-logs/export', body: filters(t) }),
    tenantIds: true,
  },
  'POST /api/login-logs/export': {
    build: (_w, t) => ({ url: 'login-logs/export', body: { companyId: t.officeId, agentId: t.agentId } }),
    tenantIds: true,
  },
};
