// /app/stats/pay-statements: the pay statements list and one statement, a Statistics tab of every role.
import { lazyPage, type Area } from '../shell/area';

export const payStatementsArea: Area = {
  screens: [
    {
      path: 'stats/pay-statements',
      page: lazyPage(() => import('./pay-statements-page'), 'PayStatementsPage'),
      tab: 'Pay Statements',
    },
    {
      path: 'stats/pay-statements/:start/:agentId',
      page: lazyPage(() => import('./pay-statement-page'), 'PayStatementPage'),
    },
  ],
};
