// /app/stats/payouts (superadmins and admins who see earnings: batches, {id} one batch) and
// /app/stats/payments (every role: the payment history), tabs of Statistics.
import { PAYOUT_TEXTS } from '@salesdesk/contract';
import { canChangeMoney, everyone } from '../shell/access-rules';
import { lazyPage, type Area } from '../shell/area';

export const payoutsArea: Area = {
  screens: [
    {
      path: 'stats/payouts',
      page: lazyPage(() => import('./payouts-page'), 'PayoutsPage'),
      access: canChangeMoney,
      tab: PAYOUT_TEXTS.title,
    },
    {
      path: 'stats/payouts/:id',
      page: lazyPage(() => import('./batch-page'), 'BatchPage'),
      access: canChangeMoney,
    },
    {
      path: 'stats/payments',
      page: lazyPage(() => import('./payments-page'), 'PaymentsPage'),
      access: everyone,
      tab: PAYOUT_TEXTS.paymentHistory,
    },
  ],
};
