// Route matrix samples of the office performance and the office chart, stats/periods* and
// stats/office-charts (issue 9). An office naming another tenant answers 404 to an office.
import { thisWeek, type RouteSamples } from '../test/route-sample-kit';

export const routeSamples: RouteSamples = {
  'POST /api/stats/periods/export': {
    build: () => ({ url: 'stats/periods/export', body: { period1: thisWeek(), period2: thisWeek() } }),
  },
  'POST /api/stats/periods': {
    build: () => ({
      url: 'stats/periods',
      body: {
        period1: thisWeek(),
        period2: { start: '2026-01-04', end: '2026-01-10' },
        sortField: 'progress',
      },
    }),
  },
  'POST /api/stats/office-charts': {
    build: (_w, t) => ({
      url: 'stats/office-charts',
      body: { ...thisWeek(), groupBy: 'day', companyId: t.officeId },
    }),
    tenantIds: true,
  },
};
