// Route matrix samples of sites and link types (issue 7 items 1-3). Every change works on a site of
// its own, so the matrix tenants keep their site, type and postback token.
import type { RouteSample } from './route-samples';
import type { World } from './route-world';
import { buildSite } from './factories';

const freshSite = (w: World) => buildSite(w.ctx);

export const siteForm = (sitename: string) => ({
  sitename,
  shortname: sitename.slice(0, 16),
  abbr: sitename.slice(0, 10),
  url: 'https://matrix.example',
  type: 'DATING',
});

export const linkTypeForm = () => ({
  typename: 'Matrix',
  typealias: 'matrix',
  username: 'matrix',
  url: 'https://matrix.example/join',
});

export const sitesSamples: Record<string, RouteSample> = {
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
  'GET /api/types/:siteId/by-site': {
    build: (_w, t) => ({ url: `types/${t.siteId}/by-site?sortField=payout&sortAsc=false` }),
  },
  'GET /api/types/:id': { build: (_w, t) => ({ url: `types/${t.typeId}` }) },
  'PUT /api/types': {
    build: async (w) => ({ url: 'types', body: { ...linkTypeForm(), siteId: (await freshSite(w)).site.id } }),
  },
  'POST /api/types/:id': {
    build: async (w) => ({ url: `types/${(await freshSite(w)).type.id}`, body: linkTypeForm() }),
  },
  'DELETE /api/types/:id': { build: async (w) => ({ url: `types/${(await freshSite(w)).type.id}` }) },
};
