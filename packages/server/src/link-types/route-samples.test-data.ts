// Route matrix samples of the link types (issue 7). Every change works on a site of its
// own, so the matrix tenants keep their site, type and postback token.
import { freshSite, type RouteSamples } from '../test/route-sample-kit';

const linkTypeForm = () => ({
  typename: 'Matrix',
  typealias: 'matrix',
  username: 'matrix',
  url: 'https://matrix.example/join',
});

export const routeSamples: RouteSamples = {
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
