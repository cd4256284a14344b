// Route matrix samples of the postback log: admins see every site's postbacks, so no sample names a
// tenant's ids as its own.
import type { RouteSamples } from '../test/route-sample-kit';

export const routeSamples: RouteSamples = {
  'POST /api/postback-logs': { build: (_w, t) => ({ url: 'postback-logs', body: { siteId: t.siteId } }) },
  'POST /api/postback-logs/export': {
    build: (_w, t) => ({ url: 'postback-logs/export', body: { siteId: t.siteId } }),
  },
};
