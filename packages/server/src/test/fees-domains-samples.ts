// Route matrix samples of custom office rates, sites of an office or agent, and preferred domains
// (issue 7 items 4, 5 and 7). Domain samples work on hidden domains of their own, so the number of
// active domains (which hiding depends on) never changes.
import { preferredDomains } from '../db/schema';
import type { RouteSample } from './route-samples';
import type { World } from './route-world';

const hiddenDomain = async (w: World) => {
  const domain = `https://${w.unique('m')}.example`;
  const [row] = await w.ctx.db
    .insert(preferredDomains)
    .values({ domain, hidden: true })
    .returning({ id: preferredDomains.id });
  return { id: row.id, domain };
};

export const feesDomainsSamples: Record<string, RouteSample> = {
  // The link type's own defaults with Custom off: postbacks of the matrix tenants keep their amounts.
  'GET /api/companies/fees': {
    build: (_w, t) => ({ url: `companies/fees?siteId=${t.siteId}&typeId=${t.typeId}` }),
  },
  'POST /api/companies/fees': {
    build: (_w, t) => ({
      url: 'companies/fees',
      body: {
        typeId: t.typeId,
        companyId: t.officeId,
        enable: false,
        payout: '100.00',
        earning: '10.00',
        lpp: 1,
        bonusPayout: '0',
        bonusEarning: '0',
        bonusLpp: 1,
      },
    }),
  },

  'GET /api/sites/:id/by-company': {
    build: (_w, t) => ({ url: `sites/${t.officeId}/by-company` }),
    tenantIds: true,
  },
  'GET /api/sites/:id/by-agent': {
    build: (_w, t) => ({ url: `sites/${t.agentId}/by-agent` }),
    tenantIds: true,
  },
  'GET /api/sites/:id/agents': { build: (_w, t) => ({ url: `sites/${t.siteId}/agents` }), tenantIds: true },

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
