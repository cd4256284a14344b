// Route matrix samples of links/translate (issue 8).
import type { RouteSamples } from '../test/route-sample-kit';

export const routeSamples: RouteSamples = {
  'GET /api/links/translate': {
    build: (_w, t) => ({ url: `links/translate?siteId=${t.siteId}&typeId=${t.typeId}&agentId=${t.agentId}` }),
  },
};
