// /app/stats/pay-periods: the pay periods, a Statistics tab for admins and superadmins.
import { admin } from '../shell/access-rules';
import { lazyPage, type Area } from '../shell/area';

export const payPeriodsArea: Area = {
  sections: [],
  screens: [
    {
      path: 'stats/pay-periods',
      page: lazyPage(() => import('./pay-periods-page'), 'PayPeriodsPage'),
      access: admin,
      tab: 'Pay Periods',
    },
  ],
};
