// Route matrix samples of the admins (issue 6).
import type { RouteSamples } from '../test/route-sample-kit';

export const routeSamples: RouteSamples = {
  'GET /api/admins': { build: () => ({ url: 'admins?sortField=email&sortAsc=false' }) },
  'GET /api/admins/:id': { build: (w) => ({ url: `admins/${w.adminAccountId}` }) },
  'PUT /api/admins': {
    build: (w) => {
      const username = w.unique('m');
      const pair = { password: 'pw123456', passwordConfirm: 'pw123456' };
      return { url: 'admins', body: { username, email: `${username}@example.com`, ...pair } };
    },
  },
  // The matrix admin keeps no permission (and its password): the matrix relies on both.
  'POST /api/admins/:id': {
    build: (w) => ({
      url: `admins/${w.adminAccountId}`,
      body: { email: 'matrix-admin@example.com', earningVisible: false, approveAgents: false },
    }),
  },
};
