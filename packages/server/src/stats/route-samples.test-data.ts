// Route matrix samples of the statistics and payroll reports, their exports, the AVP schedule and the
// criteria options (issue 9). Each report names the tenant's office, agent and site (the AVP reports
// no site: the matrix site is not an AVP site), so another office's ids answer 404.
import type { RouteSample, RouteSamples } from '../test/route-sample-kit';
import type { Tenant } from '../test/route-world';

const criteria = (t: Tenant) => ({
  start: '2026-01-01',
  end: '2026-01-31',
  groupBy: 'detail',
  companyId: t.officeId,
  agentId: t.agentId,
});

const report = (url: string, withSite: boolean): RouteSample => ({
  build: (_w, t) => ({ url, body: { ...criteria(t), ...(withSite ? { siteId: t.siteId } : {}) } }),
  tenantIds: true,
});

export const routeSamples: RouteSamples = {
  'POST /api/stats/sites': report('stats/sites', true),
  'POST /api/stats/sites/export': report('stats/sites/export', true),
  'POST /api/stats/sites/avp': report('stats/sites/avp', false),
  'POST /api/stats/sites/avp/export': report('stats/sites/avp/export', false),
  'POST /api/stats/sites-payout': report('stats/sites-payout', true),
  'POST /api/stats/sites-payout/export': report('stats/sites-payout/export', true),
  'POST /api/stats/sites-payout/avp': report('stats/sites-payout/avp', false),
  'POST /api/stats/sites-payout/avp/export': report('stats/sites-payout/avp/export', false),
  'GET /api/avp-periods': { build: () => ({ url: 'avp-periods' }) },
  'GET /api/stats/site-options': { build: () => ({ url: 'stats/site-options?avp=false' }) },
  'GET /api/stats/site-options/:siteId/types': {
    build: (_w, t) => ({ url: `stats/site-options/${t.siteId}/types` }),
    tenantIds: true,
  },
};
