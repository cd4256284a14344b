// Every API area, registered under /api/{prefix}. Add one line per area.
import type { FastifyPluginAsync } from 'fastify';
import type { AreaOptions } from './context';
import authRoutes from './auth/routes';
import officesRoutes from './offices/routes';
import agentsRoutes from './agents/routes';
import accountsRoutes from './accounts/routes';
import filesRoutes from './files/routes';
import sitesRoutes from './sites/routes';
import domainsRoutes from './domains/routes';
import trackingRoutes from './tracking/routes';
import postbackRoutes from './postback/routes';
import profileRoutes from './profile/routes';
import newsRoutes from './news/routes';
import loginLogsRoutes from './login-logs/routes';
import adminsRoutes from './admins/routes';
import migrationRoutes from './migration/routes';
import feesRoutes from './fees/routes';
import siteAssignmentsRoutes from './site-assignments/routes';
import manualsRoutes from './manuals/routes';
import settingsRoutes from './settings/routes';
import linkTypesRoutes from './link-types/routes';
import clickLogsRoutes from './click-logs/routes';
import saleLogsRoutes from './sale-logs/routes';
import postbackLogsRoutes from './postback-logs/routes';
import chatLogsRoutes from './chat-logs/routes';
import linksRoutes from './links/routes';
import dashboardRoutes from './dashboard/routes';
import statsRoutes from './stats/routes';
import topAgentsRoutes from './top-agents/routes';
import performanceRoutes from './performance/routes';
import salesRoutes from './sales/routes';
import payPeriodsRoutes from './pay-periods/routes';
import payStatementsRoutes from './pay-statements/routes';
import reviewRoutes from './review/routes';
import auditLogsRoutes from './audit-logs/routes';
import healthRoutes from './health/routes';
import apiKeysRoutes from './api-keys/routes';
import webhooksRoutes from './webhooks/routes';
import payoutsRoutes from './payouts/routes';
import homeRoutes from './home/routes';
import reportSchedulesRoutes from './report-schedules/routes';

export interface Area {
  prefix: string;
  plugin: FastifyPluginAsync<AreaOptions>;
}

export const areas: Area[] = [
  { prefix: '', plugin: authRoutes },
  { prefix: '', plugin: officesRoutes },
  { prefix: '', plugin: agentsRoutes },
  { prefix: '', plugin: accountsRoutes },
  { prefix: '', plugin: filesRoutes },
  { prefix: '', plugin: sitesRoutes },
  { prefix: '', plugin: domainsRoutes },
  { prefix: '', plugin: trackingRoutes },
  { prefix: '', plugin: postbackRoutes },
  { prefix: '', plugin: profileRoutes },
  { prefix: '', plugin: newsRoutes },
  { prefix: '', plugin: loginLogsRoutes },
  { prefix: '', plugin: adminsRoutes },
  { prefix: '', plugin: migrationRoutes },
  { prefix: '', plugin: feesRoutes },
  { prefix: '', plugin: siteAssignmentsRoutes },
  { prefix: '', plugin: manualsRoutes },
  { prefix: '', plugin: settingsRoutes },
  { prefix: '', plugin: linkTypesRoutes },
  { prefix: '', plugin: clickLogsRoutes },
  { prefix: '', plugin: saleLogsRoutes },
  { prefix: '', plugin: postbackLogsRoutes },
  { prefix: '', plugin: chatLogsRoutes },
  { prefix: '', plugin: linksRoutes },
  { prefix: '', plugin: dashboardRoutes },
  { prefix: '', plugin: statsRoutes },
  { prefix: '', plugin: topAgentsRoutes },
  { prefix: '', plugin: performanceRoutes },
  { prefix: '', plugin: salesRoutes },
  { prefix: '', plugin: payPeriodsRoutes },
  { prefix: '', plugin: payStatementsRoutes },
  { prefix: '', plugin: reviewRoutes },
  { prefix: '', plugin: auditLogsRoutes },
  { prefix: '', plugin: healthRoutes },
  { prefix: '', plugin: apiKeysRoutes },
  { prefix: '', plugin: webhooksRoutes },
  { prefix: '', plugin: payoutsRoutes },
  { prefix: '', plugin: homeRoutes },
  { prefix: '', plugin: reportSchedulesRoutes },
];
