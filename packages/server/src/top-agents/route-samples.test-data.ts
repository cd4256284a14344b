// Route matrix samples of the top agents, stats/top10* (issue 9). A site filter naming another
// tenant's site answers 404 to an office.
import { thisWeek, type RouteSamples } from '../test/route-sample-kit';

export const routeSamples: RouteSamples = {
  'POST /api/stats/top10': {
    build: (_w, t) => ({ url: 'stats/top10', body: { ...thisWeek(), siteIds: [t.siteId] } }),
    tenantIds: true,
  },
  'POST /api/stats/top10/computed': {
    build: (_w, t) => ({
      url: 'stats/top10/computed',
      body: { ...thisWeek(), siteIds: [t.siteId], page: 1 },
    }),
    tenantIds: true,
  },
  'POST /api/stats/top10/computed/export': {
    build: (_w, t) => ({ url: 'stats/top10/computed/export', body: { ...thisWeek(), siteIds: [t.siteId] } }),
    tenantIds: true,
  },
};
