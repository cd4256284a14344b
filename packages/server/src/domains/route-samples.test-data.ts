// Route matrix samples of the preferred domains (issue 7). Domain samples work on hidden domains of
// their own, so the number of active domains (which hiding depends on) never changes.
import { preferredDomains } from '../db/schema';
import type { RouteSamples } from '../test/route-sample-kit';
import type { World } from '../test/route-world';

const hiddenDomain = async (w: World) => {
  const domain = `https://${w.unique('m')}.example`;
  const [row] = await w.ctx.db
    .insert(preferredDomains)
    .values({ domain, hidden: true })
    .returning({ id: preferredDomains.id });
  return { id: row.id, domain };
};

export const routeSamples: RouteSamples = {
  'GET /api/preferredDomains/list': { build: () => ({ url: 'preferredDomains/list' }) },
  'GET /api/preferredDomains/listWithCompanyName': {
    build: () => ({ url: 'preferredDomains/listWithCompanyName' }),
  },
  'GET /api/preferredDomains/listWithCompanies': {
    build: () => ({ url: 'preferredDomains/listWithCompanies' }),
  },
  'GET /api/preferredDomains/:id': {
    build: async (w) => ({ url: `preferredDomains/${(await hiddenDomain(w)).id}` }),
  },
  'PUT /api/preferredDomains': {
    build: (w) => ({
      url: 'preferredDomains',
      body: { domain: `https://${w.unique('m')}.example`, hidden: true },
    }),
  },
  'POST /api/preferredDomains/:id': {
    build: async (w) => {
      const d = await hiddenDomain(w);
      return {
        url: `preferredDomains/${d.id}`,
        body: { domain: d.domain, description: 'matrix', hidden: true },
      };
    },
  },
  'POST /api/preferredDomains/hidden': {
    build: async (w) => ({
      url: 'preferredDomains/hidden',
      body: { ids: [(await hiddenDomain(w)).id], hidden: true },
    }),
  },
};
