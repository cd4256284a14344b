// Route matrix samples of New Agents (approval) (issue 6).
import { buildAgent } from '../test/factories';
import type { RouteSamples } from '../test/route-sample-kit';

export const routeSamples: RouteSamples = {
  'GET /api/accounts/unapproved/count': { build: () => ({ url: 'accounts/unapproved/count' }) },
  'GET /api/accounts/unapproved': {
    build: () => ({ url: 'accounts/unapproved?sortField=role&sortAsc=false' }),
  },
  'PUT /api/accounts/approve': {
    build: async (w, t) => {
      const { agent } = await buildAgent(w.ctx, { officeId: t.officeId, approved: false });
      return { url: 'accounts/approve', body: { ids: [agent.id] } };
    },
  },
};
