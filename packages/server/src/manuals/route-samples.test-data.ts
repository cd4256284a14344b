// Route matrix samples of the site manuals (issue 7).
import { siteManuals } from '../db/schema';
import { buildSite } from '../test/factories';
import type { RouteSamples } from '../test/route-sample-kit';
import type { Tenant, World } from '../test/route-world';

const MANUAL = { title: 'Matrix manual', html: '<p>Matrix</p>' };

/** The manual of the tenant's site (made once, kept as it was). */
async function manualOf(w: World, t: Pick<Tenant, 'siteId'>): Promise<number> {
  const [row] = await w.ctx.db
    .insert(siteManuals)
    .values({ siteId: t.siteId, ...MANUAL })
    .onConflictDoUpdate({ target: siteManuals.siteId, set: MANUAL })
    .returning({ id: siteManuals.id });
  return row.id;
}

export const routeSamples: RouteSamples = {
  'GET /api/site-manuals': { build: () => ({ url: 'site-manuals?sortField=title&sortAsc=false' }) },
  'GET /api/site-manuals/available-sites': { build: () => ({ url: 'site-manuals/available-sites' }) },
  'GET /api/site-manuals/:id': {
    build: async (w, t) => ({ url: `site-manuals/${await manualOf(w, t)}` }),
    tenantIds: true,
  },
  'PUT /api/site-manuals': {
    build: async (w) => ({
      url: 'site-manuals',
      body: { siteId: (await buildSite(w.ctx)).site.id, ...MANUAL },
    }),
  },
  'POST /api/site-manuals/:id': {
    build: async (w, t) => ({ url: `site-manuals/${await manualOf(w, t)}`, body: MANUAL }),
  },
  'DELETE /api/site-manuals/:id': {
    build: async (w) => ({
      url: `site-manuals/${await manualOf(w, { siteId: (await buildSite(w.ctx)).site.id })}`,
    }),
  },
};
