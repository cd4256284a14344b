// Route matrix samples of a site's postback: each names a click of the tenant's own.
import { clickOf, type RouteSamples } from '../test/route-sample-kit';

export const routeSamples: RouteSamples = {
  'GET /api/postback/:siteId': {
    build: async (w, t) => ({
      url: `postback/${t.siteId}?token=${t.siteToken}&clickId=${await clickOf(w, t)}&event=sale&txId=${w.unique('tx')}`,
    }),
  },
  'POST /api/postback/:siteId': {
    build: async (w, t) => ({
      url: `postback/${t.siteId}`,
      body: { token: t.siteToken, clickId: await clickOf(w, t), event: 'sale', txId: w.unique('tx') },
    }),
  },
};
