// /app/stats/pay-statements: the pay statements list and one statement, a Statistics tab of every role
// (and the one screen besides Home an agent suspended for fraud opens).
import { lazyPage, type Area } from '../shell/area';

export const payStatementsArea: Area = {
  screens: [
    {
      path: 'stats/pay-statements',
      page: lazyPage(() => import('./pay-statements-page'), 'PayStatementsPage'),
      tab: 'Pay Statements',
      openWhileSuspended: true,
    },
    {
      path: 'stats/pay-statements/:start/:agentId',
      page: lazyPage(() => import('./pay-statement-page'), 'PayStatementPage'),
      openWhileSuspended: true,
    },
  ],
};
