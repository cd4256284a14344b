// /app/stats: the statistics and payroll reports.
import { admin, everyone, office } from '../shell/access-rules';
import { lazyPage, type Area } from '../shell/area';

const reports = () => import('./report-pages');

export const statsArea: Area = {
  sections: [{ path: 'stats', access: everyone, menu: { label: 'Statistics' }, landing: 'stats/sites' }],
  screens: [
    { path: 'stats/sites', page: lazyPage(reports, 'SitesStatsPage'), tab: 'Sites Statistics' },
    { path: 'stats/sites-avp', page: lazyPage(reports, 'SitesAvpStatsPage'), tab: 'Sites AVP Statistics' },
    {
      path: 'stats/top-agents',
      page: lazyPage(() => import('./top-agents-page'), 'TopAgentsPage'),
      access: office,
      tab: 'Top agents',
    },
    {
      path: 'stats/office-performance',
      page: lazyPage(() => import('./office-performance-page'), 'OfficePerformancePage'),
      access: office,
      tab: 'Office performance',
    },
    {
      path: 'stats/office-performance-chart',
      page: lazyPage(() => import('./office-chart-page'), 'OfficePerformanceChartPage'),
      access: office,
      tab: 'Office progress chart',
    },
    { path: 'stats/sites-payout', page: lazyPage(reports, 'PayrollPage'), access: admin, tab: 'Payroll' },
    {
      path: 'stats/sites-payout-avp',
      page: lazyPage(reports, 'PayrollAvpPage'),
      access: admin,
      tab: 'Payroll AVP',
    },
  ],
};
