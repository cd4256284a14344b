// /app/logs/audit: the audit log, a tab of the logs section (superadmins; admins see the rows about
// offices, agents, sites and money).
import { admin } from '../shell/access-rules';
import { lazyPage, type Area } from '../shell/area';

export const auditLogsArea: Area = {
  screens: [
    {
      path: 'logs/audit',
      page: lazyPage(() => import('./audit-logs-page'), 'AuditLogsPage'),
      access: admin,
      tab: 'Audit Log',
    },
  ],
};
