// Route matrix samples of the click logs, click-outs/* (issue 8): each names the tenant's office and
// agent, so an office or agent aiming at another office gets 404; the reason filter rides along.
import { logFilters, type RouteSamples } from '../test/route-sample-kit';

export const routeSamples: RouteSamples = {
  'POST /api/click-outs/search': {
    build: (_w, t) => ({ url: 'click-outs/search', body: { ...logFilters(t), reason: 'invalid' } }),
    tenantIds: true,
  },
  'POST /api/click-outs/export': {
    build: (_w, t) => ({ url: 'click-outs/export', body: { ...logFilters(t), reason: 'invalid' } }),
    tenantIds: true,
  },
};
