// Route matrix samples of the dashboard, top agents, office performance and the office chart (issue 9
// items 3 and 4). A site filter or an office naming another tenant answers 404 to an office.
import { weekOf } from '@salesdesk/contract';
import type { RouteSample } from './route-samples';

const week = () => weekOf(new Date());

export const officeStatsSamples: Record<string, RouteSample> = {
  'GET /api/dashboard': { build: () => ({ url: 'dashboard' }) },
  'POST /api/stats/top10': {
    build: (_w, t) => ({ url: 'stats/top10', body: { ...week(), siteIds: [t.siteId] } }),
    tenantIds: true,
  },
  'POST /api/stats/top10/computed': {
    build: (_w, t) => ({ url: 'stats/top10/computed', body: { ...week(), siteIds: [t.siteId], page: 1 } }),
    tenantIds: true,
  },
  'POST /api/stats/top10/computed/export': {
    build: (_w, t) => ({ url: 'stats/top10/computed/export', body: { ...week(), siteIds: [t.siteId] } }),
    tenantIds: true,
  },
  'POST /api/stats/periods/export': {
    build: () => ({ url: 'stats/periods/export', body: { period1: week(), period2: week() } }),
  },
  'POST /api/stats/periods': {
    build: () => ({
      url: 'stats/periods',
      body: { period1: week(), period2: { start: '2026-01-04', end: '2026-01-10' }, sortField: 'progress' },
    }),
  },
  'POST /api/stats/office-charts': {
    build: (_w, t) => ({
      url: 'stats/office-charts',
      body: { ...week(), groupBy: 'day', companyId: t.officeId },
    }),
    tenantIds: true,
  },
};
