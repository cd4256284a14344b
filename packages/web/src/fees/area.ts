// /app/sites/company-fees: the offices' custom payments, a tab of the sites section.
import { superadmin } from '../shell/access-rules';
import { lazyPage, type Area } from '../shell/area';

export const feesArea: Area = {
  screens: [
    {
      path: 'sites/company-fees',
      page: lazyPage(() => import('./company-fees-page'), 'CompanyFeesPage'),
      access: superadmin,
      tab: 'Offices custom payments',
    },
  ],
};
