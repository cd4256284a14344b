// Route matrix samples of the sites (issue 7). Every change works on a site of its own, so the
// matrix tenants keep their site, type and postback token.
import { freshSite, type RouteSamples } from '../test/route-sample-kit';

const siteForm = (sitename: string) => ({
  sitename,
  shortname: sitename.slice(0, 16),
  abbr: sitename.slice(0, 10),
  url: 'https://matrix.example',
  type: 'DATING',
});

export const routeSamples: RouteSamples = {
  'GET /api/sites': { build: () => ({ url: 'sites' }) },
  'POST /api/sites/search': { build: () => ({ url: 'sites/search', body: { sortField: 'status' } }) },
  'POST /api/sites/status': {
    build: async (w) => ({
      url: 'sites/status',
      body: { ids: [(await freshSite(w)).site.id], status: false },
    }),
  },
  'GET /api/sites/:id': { build: (_w, t) => ({ url: `sites/${t.siteId}` }) },
  'PUT /api/sites': { build: (w) => ({ url: 'sites', body: siteForm(w.unique('site')) }) },
  'POST /api/sites/:id': {
    build: async (w) => ({ url: `sites/${(await freshSite(w)).site.id}`, body: siteForm(w.unique('site')) }),
  },
  'DELETE /api/sites/:id': { build: async (w) => ({ url: `sites/${(await freshSite(w)).site.id}` }) },
  'POST /api/sites/:id/enableForAllOffices': {
    build: async (w) => ({ url: `sites/${(await freshSite(w)).site.id}/enableForAllOffices` }),
  },
  'POST /api/sites/:id/postbackToken': {
    build: async (w) => ({ url: `sites/${(await freshSite(w)).site.id}/postbackToken` }),
  },
};
