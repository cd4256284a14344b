// Route matrix samples of the custom office rates, companies/fees (issue 7).
import type { RouteSamples } from '../test/route-sample-kit';

export const routeSamples: RouteSamples = {
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
};
