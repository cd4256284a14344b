// Every area of the web app, one line each: its area.ts declares its screens, menu entry or tabs, and
// rules. This order is the menu's order and, within a section, the order of its tabs.
import { adminsArea } from './admins/area';
import { apiKeysArea } from './api-keys/area';
import { agentsArea } from './agents/area';
import { auditLogsArea } from './audit-logs/area';
import { chatLogsArea } from './chat-logs/area';
import { domainsArea } from './domains/area';
import { feesArea } from './fees/area';
import { homeArea } from './home/area';
import { linksArea } from './links/area';
import { logsArea } from './logs/area';
import { manualsArea } from './manuals/area';
import { migrationArea } from './migration/area';
import { newsArea } from './news/area';
import { payPeriodsArea } from './pay-periods/area';
import { officesArea } from './offices/area';
import { payStatementsArea } from './pay-statements/area';
import { payoutsArea } from './payouts/area';
import { profileArea } from './profile/area';
import { settingsArea } from './settings/area';
import type { Area } from './shell/area';
import { siteAssignmentsArea } from './site-assignments/area';
import { sitesArea } from './sites/area';
import { spikeArea } from './spike/area';
import { statsArea } from './stats/area';
import { reviewArea } from './review/area';
import { unapproveArea } from './unapprove/area';
import { webhooksArea } from './webhooks/area';

export const AREAS: readonly Area[] = [
  homeArea,
  newsArea,
  officesArea,
  domainsArea,
  agentsArea,
  siteAssignmentsArea,
  unapproveArea,
  reviewArea,
  sitesArea,
  feesArea,
  statsArea,
  payPeriodsArea,
  payStatementsArea,
  payoutsArea,
  linksArea,
  logsArea,
  auditLogsArea,
  chatLogsArea,
  profileArea,
  manualsArea,
  adminsArea,
  settingsArea,
  apiKeysArea,
  webhooksArea,
  migrationArea,
  spikeArea,
];
