// Route matrix samples of the pay periods. Periods are global, and a close or a reopen would move the pay
// period of every other test's rows: the samples aim at a period far ahead (not ended: 409) instead.
import type { RouteSamples } from '../test/route-sample-kit';

const AHEAD = '2999-12-16';

export const routeSamples: RouteSamples = {
  'GET /api/pay-periods': { build: () => ({ url: 'pay-periods?page=1' }) },
  'POST /api/pay-periods/:start/close': {
    build: () => ({ url: `pay-periods/${AHEAD}/close` }),
    alsoOk: [404, 409],
  },
  'POST /api/pay-periods/:start/paid': { build: () => ({ url: `pay-periods/${AHEAD}/paid` }), alsoOk: [409] },
  'POST /api/pay-periods/:start/reopen': {
    build: () => ({ url: `pay-periods/${AHEAD}/reopen`, body: { reason: 'recount' } }),
    alsoOk: [409],
  },
};
