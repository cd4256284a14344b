// Route matrix samples of the money calls: each changes a fresh sale (or adds to an agent) of the tenant.
import { moneySale } from '../test/money-fixtures';
import type { RouteSamples } from '../test/route-sample-kit';
import type { Tenant, World } from '../test/route-world';

const now = () => new Date().toISOString();
const pathOf = (t: Tenant) => ({ site: { id: t.siteId }, type: { id: t.typeId }, agent: { id: t.agentId } });
const saleOf = (w: World, t: Tenant, held = false) => moneySale(w.ctx, pathOf(t), now(), { held });

export const routeSamples: RouteSamples = {
  'POST /api/sales/:id/reverse': {
    build: async (w, t) => ({
      url: `sales/${await saleOf(w, t)}/reverse`,
      body: { kind: 'refund', reason: 'customer refunded' },
    }),
    tenantIds: true,
  },
  'POST /api/sales/status': {
    build: async (w, t) => ({
      url: 'sales/status',
      body: { ids: [await saleOf(w, t, true)], status: 'approved', reason: 'checked' },
    }),
    tenantIds: true,
  },
  'PUT /api/adjustments': {
    build: (_w, t) => ({
      url: 'adjustments',
      body: { agentId: t.agentId, payout: '-1.25', earning: '0', date: now().slice(0, 10), note: 'goodwill' },
    }),
    tenantIds: true,
  },
};
