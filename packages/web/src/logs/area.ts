// /app/logs: the chat, login, click, sale and postback logs, whose tabs share their filters, and the form
// that adds an adjustment (reached from the sale logs).
import { admin, canChangeMoney, everyone, office } from '../shell/access-rules';
import { lazyPage, type Area } from '../shell/area';

export const logsArea: Area = {
  sections: [
    { path: 'logs', access: everyone, menu: { label: 'Logs' }, landing: 'logs/chat', keepSearch: true },
  ],
  screens: [
    { path: 'logs/chat', page: lazyPage(() => import('./chat-logs-page'), 'ChatLogsPage'), tab: 'Chat Logs' },
    {
      path: 'logs/login',
      page: lazyPage(() => import('./login-logs-page'), 'LoginLogsPage'),
      access: office,
      tab: 'Login Logs',
    },
    {
      path: 'logs/click-outs',
      page: lazyPage(() => import('./click-logs-page'), 'ClickLogsPage'),
      tab: 'Click Logs',
    },
    {
      path: 'logs/sale-logs',
      page: lazyPage(() => import('./sale-logs-page'), 'SaleLogsPage'),
      tab: 'Sale Logs',
    },
    {
      path: 'logs/postbacks',
      page: lazyPage(() => import('./postback-logs-page'), 'PostbackLogsPage'),
      access: admin,
      tab: 'Postbacks',
    },
    {
      path: 'logs/adjustments/create',
      page: lazyPage(() => import('./adjustment-form-page'), 'AdjustmentFormPage'),
      access: canChangeMoney,
    },
  ],
};
