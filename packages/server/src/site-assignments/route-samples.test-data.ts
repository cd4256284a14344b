// Route matrix samples of the sites of an office or agent and the agents of a site (issue 7).
import type { RouteSamples } from '../test/route-sample-kit';

export const routeSamples: RouteSamples = {
  'GET /api/sites/:id/by-company': {
    build: (_w, t) => ({ url: `sites/${t.officeId}/by-company` }),
    tenantIds: true,
  },
  'GET /api/sites/:id/by-agent': {
    build: (_w, t) => ({ url: `sites/${t.agentId}/by-agent` }),
    tenantIds: true,
  },
  'GET /api/sites/:id/agents': { build: (_w, t) => ({ url: `sites/${t.siteId}/agents` }), tenantIds: true },
};
