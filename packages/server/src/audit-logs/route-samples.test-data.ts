// Route matrix samples of the audit log and its export: admins and superadmins only, no tenant ids.
import type { RouteSamples } from '../test/route-sample-kit';

export const routeSamples: RouteSamples = {
  'POST /api/audit-logs': { build: () => ({ url: 'audit-logs', body: { targetType: 'agent' } }) },
  'POST /api/audit-logs/export': { build: () => ({ url: 'audit-logs/export', body: { action: 'agents' } }) },
};
