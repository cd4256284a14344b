// Route matrix samples of the legacy accounts' migration (issue 6).
import type { RouteSamples } from '../test/route-sample-kit';

export const routeSamples: RouteSamples = {
  'GET /api/admins/countToMigrate': { build: () => ({ url: 'admins/countToMigrate' }) },
  'GET /api/accounts/migrate': { build: () => ({ url: 'accounts/migrate' }) },
};
