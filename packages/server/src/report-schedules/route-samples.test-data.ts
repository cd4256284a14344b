// Route matrix samples of scheduled reports (issue 37): each account's own; an id of none is 404.
import type { RouteSamples } from '../test/route-sample-kit';

const GONE = 2147483647;

export const routeSamples: RouteSamples = {
  'POST /api/report-schedules/search': { build: () => ({ url: 'report-schedules/search', body: {} }) },
  // A file's walks make more than an account may keep: the 21st is 409.
  'PUT /api/report-schedules': {
    build: () => ({
      url: 'report-schedules',
      body: { kind: 'sites', filters: { groupBy: 'date' }, frequency: 'daily' },
    }),
    alsoOk: [409],
  },
  'POST /api/report-schedules/:id/pause': {
    build: () => ({ url: `report-schedules/${GONE}/pause`, body: { paused: true } }),
    alsoOk: [404],
  },
  'DELETE /api/report-schedules/:id': { build: () => ({ url: `report-schedules/${GONE}` }), alsoOk: [404] },
};
