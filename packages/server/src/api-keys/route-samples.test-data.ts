// Route matrix samples of the API keys (issue 33).
import { PASSWORD } from '../test/factories';
import { buildKey } from '../test/api-keys-fixtures';
import type { RouteSamples } from '../test/route-sample-kit';

export const routeSamples: RouteSamples = {
  'POST /api/api-keys/search': { build: () => ({ url: 'api-keys/search', body: { sortField: 'name' } }) },
  'PUT /api/api-keys': {
    build: (w) => ({
      url: 'api-keys',
      body: { name: w.unique('k'), scopes: ['stats:read'], currentPassword: PASSWORD },
    }),
  },
  // The office's own key: revoked by the office; any other caller's own keys are others, so 404.
  'DELETE /api/api-keys/:id': {
    build: async (w, t) => ({ url: `api-keys/${(await buildKey(w.ctx, t.officeAccountId)).id}` }),
    tenantIds: true,
    alsoOk: [404],
  },
};
