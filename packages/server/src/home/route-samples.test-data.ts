// Route matrix samples of each role's Home (issue 37).
import type { RouteSamples } from '../test/route-sample-kit';

export const routeSamples: RouteSamples = {
  'GET /api/home': { build: () => ({ url: 'home' }) },
};
