// Route matrix samples of the agent's links and the click redirect.
import type { RouteSamples } from '../test/route-sample-kit';

export const routeSamples: RouteSamples = {
  'POST /api/links/list': {
    build: (_w, t) => ({ url: 'links/list', body: { siteId: t.siteId, agentId: t.agentId } }),
    tenantIds: true,
  },
  'GET /api/links/go/:siteId/:typeId/:agentId': {
    build: (_w, t) => ({ url: `links/go/${t.siteId}/${t.typeId}/${t.agentId}` }),
  },
};
