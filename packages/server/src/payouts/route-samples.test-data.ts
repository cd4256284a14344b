// Route matrix samples of payouts (issue 36). The batches and lines named by id are past any this world
// makes: who may call them reaches the 404 (the payouts tests walk them with real rows).
import { PASSWORD } from '../test/factories';
import type { RouteSamples } from '../test/route-sample-kit';

const GONE = 2147483647;
const gcash = { method: 'gcash', mobileNumber: '09171234567', accountName: 'Matrix Test' };

export const routeSamples: RouteSamples = {
  'GET /api/profile/payout': { build: () => ({ url: 'profile/payout' }) },
  'PUT /api/profile/payout': {
    build: () => ({ url: 'profile/payout', body: { details: gcash, currentPassword: PASSWORD } }),
  },
  'GET /api/agents/:id/payout': {
    build: (_w, t) => ({ url: `agents/${t.agentId}/payout` }),
    tenantIds: true,
  },
  'PUT /api/agents/:id/payout': {
    build: (_w, t) => ({ url: `agents/${t.agentId}/payout`, body: { details: gcash } }),
    tenantIds: true,
  },
  // No period starts that day: the payer reaches the 404.
  'POST /api/payouts/batches': {
    build: () => ({ url: 'payouts/batches', body: { start: '1990-01-01' } }),
    alsoOk: [404],
  },
  'POST /api/payouts/batches/search': { build: () => ({ url: 'payouts/batches/search', body: {} }) },
  'GET /api/payouts/batches/:id': { build: () => ({ url: `payouts/batches/${GONE}` }), alsoOk: [404] },
  'GET /api/payouts/batches/:id/file/:method': {
    build: () => ({ url: `payouts/batches/${GONE}/file/bank` }),
    alsoOk: [404],
  },
  'POST /api/payouts/batches/:id/results': {
    build: () => ({
      url: `payouts/batches/${GONE}/results`,
      body: { csv: 'reference,status,bank reference\r\nSD-1990-01-01-x,paid,B1\r\n' },
    }),
    alsoOk: [404],
  },
  'POST /api/payouts/lines/search': { build: () => ({ url: 'payouts/lines/search', body: {} }) },
  'POST /api/payouts/lines/:id/paid': {
    build: () => ({ url: `payouts/lines/${GONE}/paid`, body: { paidOn: '2026-11-01', reference: 'B1' } }),
    alsoOk: [404],
  },
  'POST /api/payouts/lines/:id/failed': {
    build: () => ({ url: `payouts/lines/${GONE}/failed`, body: { reason: 'Closed account' } }),
    alsoOk: [404],
  },
  'POST /api/payouts/lines/:id/retry': {
    build: () => ({ url: `payouts/lines/${GONE}/retry` }),
    alsoOk: [404],
  },
  'POST /api/payouts/lines/:id/confirm': {
    build: () => ({ url: `payouts/lines/${GONE}/confirm` }),
    alsoOk: [404],
  },
};
