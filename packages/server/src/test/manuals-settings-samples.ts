// Route matrix samples of the site manuals and the settings (issue 7 items 6 and 8).
import { OPTION_NAMES } from '@salesdesk/contract';
import { getOption, OPTION_AUTO_BLOCK } from '../common/options';
import { blackListIps, siteManuals } from '../db/schema';
import { buildSite } from './factories';
import type { RouteSample } from './route-samples';
import type { Tenant, World } from './route-world';

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

let listed = 0;
/** A fresh listed address per call, for the delete that removes it. */
async function listedIpId(w: World): Promise<number> {
  listed += 1;
  const ip = `2001:db8:4d::${listed.toString(16)}`;
  const [row] = await w.ctx.db
    .insert(blackListIps)
    .values({ ip })
    .onConflictDoUpdate({ target: blackListIps.ip, set: { ip } })
    .returning({ id: blackListIps.id });
  return row.id;
}

// Never an address other samples log in or click from (those are 127.1.x.x and 10.9.8.7).
const MATRIX_IP = '198.51.100.250';

export const settingsSamples: Record<string, RouteSample> = {
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
  'POST /api/black-list-ip/search': {
    build: () => ({ url: 'black-list-ip/search', body: { criteria: [{ field: 'ip', value: '198.51' }] } }),
  },
  'PUT /api/black-list-ip': { build: () => ({ url: 'black-list-ip', body: { ips: [MATRIX_IP] } }) },
  'POST /api/black-list-ip/delete-by-value': {
    build: () => ({ url: 'black-list-ip/delete-by-value', body: { ips: [MATRIX_IP] } }),
  },
  'DELETE /api/black-list-ip/:id': { build: async (w) => ({ url: `black-list-ip/${await listedIpId(w)}` }) },
  'GET /api/options': { build: () => ({ url: 'options' }) },
  // Saves the current value again, so tests reading the option never see the matrix's.
  'POST /api/options': {
    build: async (w) => ({
      url: 'options',
      body: [{ name: OPTION_NAMES.autoBlockAccount, value: await getOption(w.ctx.db, OPTION_AUTO_BLOCK) }],
    }),
  },
};
