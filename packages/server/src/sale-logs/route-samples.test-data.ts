// Route matrix samples of the sale logs (issue 8): each names the tenant's office and agent, so an
// office or agent aiming at another office gets 404.
import { logFilters, type RouteSamples } from '../test/route-sample-kit';

export const routeSamples: RouteSamples = {
  'POST /api/sale-logs': {
    build: (_w, t) => ({ url: 'sale-logs', body: logFilters(t) }),
    tenantIds: true,
  },
  'POST /api/sale-logs/export': {
    build: (_w, t) => ({ url: 'sale-logs/export', body: logFilters(t) }),
    tenantIds: true,
  },
};
