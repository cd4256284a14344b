// Route matrix sample of the dashboard (issue 9).
import type { RouteSamples } from '../test/route-sample-kit';

export const routeSamples: RouteSamples = {
  'GET /api/dashboard': { build: () => ({ url: 'dashboard' }) },
};
