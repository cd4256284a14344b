// Route matrix samples of the agents (issue 6 B.1): an office aiming at another office's agents or
// office gets 404.
import type { RouteSamples } from '../test/route-sample-kit';
import type { Tenant } from '../test/route-world';

// The matrix agent's own values again, so later samples (login, forgot) still see it as it was.
const agentForm = (t: Tenant) => ({
  officeId: t.officeId,
  firstName: 'Ag',
  lastName: t.agentUsername,
  email: `${t.agentUsername}@example.com`,
  sites: [{ siteId: t.siteId, enable: true }],
  active: true,
});

export const routeSamples: RouteSamples = {
  'POST /api/agents/search': {
    build: (_w, t) => ({
      url: 'agents/search',
      body: { criteria: [{ field: 'companyId', value: String(t.officeId), operator: 'EQ' }] },
    }),
    tenantIds: true,
  },
  'GET /api/agents/:id': { build: (_w, t) => ({ url: `agents/${t.agentId}` }), tenantIds: true },
  'PUT /api/agents': {
    build: (w, t) => ({
      url: 'agents',
      body: {
        ...agentForm(t),
        username: w.unique('g'),
        password: 'pw123456',
        passwordConfirm: 'pw123456',
      },
    }),
    tenantIds: true,
  },
  'POST /api/agents/:id': {
    build: (_w, t) => ({ url: `agents/${t.agentId}`, body: agentForm(t) }),
    tenantIds: true,
  },
  'POST /api/agents/status': {
    build: (_w, t) => ({ url: 'agents/status', body: { ids: [t.agentId], hidden: false } }),
    tenantIds: true,
  },
  'DELETE /api/agents/:id': {
    build: async (w, t) => ({ url: `agents/${(await w.newAgent(t)).agentId}` }),
    tenantIds: true,
  },
};
