// Route matrix sample of the health check.
import type { RouteSamples } from '../test/route-sample-kit';

export const routeSamples: RouteSamples = {
  'GET /api/health': { build: () => ({ url: 'health' }) },
};
