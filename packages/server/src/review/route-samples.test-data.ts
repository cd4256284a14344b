// Route matrix samples of the review queue: each acts on a held sale or a new agent of the tenant.
import { moneySale } from '../test/money-fixtures';
import { logFilters, type RouteSamples } from '../test/route-sample-kit';
import type { Tenant, World } from '../test/route-world';

const pathOf = (t: Tenant) => ({ site: { id: t.siteId }, type: { id: t.typeId }, agent: { id: t.agentId } });
const heldSale = (w: World, t: Tenant) =>
  moneySale(w.ctx, pathOf(t), new Date().toISOString(), { held: true });

export const routeSamples: RouteSamples = {
  'POST /api/review/search': {
    build: (_w, t) => ({
      url: 'review/search',
      body: { ...logFilters(t), status: 'held', rule: 'fastSale' },
    }),
    tenantIds: true,
  },
  'GET /api/review/count': { build: () => ({ url: 'review/count' }) },
  'POST /api/review/status': {
    build: async (w, t) => ({
      url: 'review/status',
      body: { ids: [await heldSale(w, t)], status: 'rejected', reason: 'stolen card' },
    }),
    tenantIds: true,
  },
  'POST /api/review/agents/:id/suspend': {
    build: async (w, t) => ({
      url: `review/agents/${(await w.newAgent(t)).agentId}/suspend`,
      body: { reason: 'self-referral ring', reverseApproved: true },
    }),
    tenantIds: true,
  },
};
