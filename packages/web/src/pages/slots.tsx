// Every /app page, lazily loaded: one `lazyPage(...)` line per page.
import { lazy, type ComponentType } from 'react';

/** A code-split page: `name` exported from the module `load` imports. */
export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

export const pages = {
  // Document 1
  HomePage: lazyPage(() => import('../home'), 'HomePage'),
  NewsEditPage: lazyPage(() => import('../news'), 'NewsEditPage'),
  NewsAlertsPage: lazyPage(() => import('../news'), 'NewsAlertsPage'),
  OfficesListPage: lazyPage(() => import('../offices'), 'OfficesListPage'),
  OfficeFormPage: lazyPage(() => import('../offices'), 'OfficeFormPage'),
  OfficeSitesPage: lazyPage(() => import('../site-assignments'), 'OfficeSitesPage'),
  AgentsListPage: lazyPage(() => import('../agents'), 'AgentsListPage'),
  AgentCreatePage: lazyPage(() => import('../agents'), 'AgentCreatePage'),
  AgentEditPage: lazyPage(() => import('../agents'), 'AgentEditPage'),
  AgentSitesPage: lazyPage(() => import('../site-assignments'), 'AgentSitesPage'),
  UnapprovedPage: lazyPage(() => import('../unapprove'), 'UnapprovedPage'),
  LoginLogsPage: lazyPage(() => import('../logs'), 'LoginLogsPage'),
  AdminsListPage: lazyPage(() => import('../admins'), 'AdminsListPage'),
  AdminCreatePage: lazyPage(() => import('../admins'), 'AdminCreatePage'),
  AdminEditPage: lazyPage(() => import('../admins'), 'AdminEditPage'),
  MigrationPage: lazyPage(() => import('../migration'), 'MigrationPage'),
  // Document 2: logs
  ChatLogsPage: lazyPage(() => import('../logs/chat-logs-page'), 'ChatLogsPage'),
  ClickLogsPage: lazyPage(() => import('../logs/click-logs-page'), 'ClickLogsPage'),
  SaleLogsPage: lazyPage(() => import('../logs/sale-logs-page'), 'SaleLogsPage'),
  ChatLogCreatePage: lazyPage(() => import('../chat-logs'), 'ChatLogCreatePage'),
  // Statistics
  SitesStatsPage: lazyPage(() => import('../stats/report-pages'), 'SitesStatsPage'),
  SitesAvpStatsPage: lazyPage(() => import('../stats/report-pages'), 'SitesAvpStatsPage'),
  TopAgentsPage: lazyPage(() => import('../stats/top-agents-page'), 'TopAgentsPage'),
  OfficePerformancePage: lazyPage(() => import('../stats/office-performance-page'), 'OfficePerformancePage'),
  OfficePerformanceChartPage: lazyPage(
    () => import('../stats/office-chart-page'),
    'OfficePerformanceChartPage',
  ),
  PayrollPage: lazyPage(() => import('../stats/report-pages'), 'PayrollPage'),
  PayrollAvpPage: lazyPage(() => import('../stats/report-pages'), 'PayrollAvpPage'),
  // Sites and link types
  SitesListPage: lazyPage(() => import('../sites'), 'SitesListPage'),
  CompanyFeesPage: lazyPage(() => import('../fees'), 'CompanyFeesPage'),
  SiteCreatePage: lazyPage(() => import('../sites'), 'SiteCreatePage'),
  SiteEditPage: lazyPage(() => import('../sites'), 'SiteEditPage'),
  SiteTypesPage: lazyPage(() => import('../sites'), 'SiteTypesPage'),
  SiteTypeCreatePage: lazyPage(() => import('../sites'), 'SiteTypeCreatePage'),
  SiteTypeEditPage: lazyPage(() => import('../sites'), 'SiteTypeEditPage'),
  // Preferred domains (offices submenu)
  DomainsListPage: lazyPage(() => import('../domains'), 'DomainsListPage'),
  DomainCreatePage: lazyPage(() => import('../domains'), 'DomainCreatePage'),
  DomainEditPage: lazyPage(() => import('../domains'), 'DomainEditPage'),
  // Manuals, profile
  SiteManualsPage: lazyPage(() => import('../manuals'), 'SiteManualsPage'),
  SiteManualCreatePage: lazyPage(() => import('../manuals'), 'SiteManualCreatePage'),
  SiteManualEditPage: lazyPage(() => import('../manuals'), 'SiteManualEditPage'),
  HowToSellPage: lazyPage(() => import('../manuals'), 'HowToSellPage'),
  ProfilePage: lazyPage(() => import('../profile'), 'ProfilePage'),
  // Links
  LinksPage: lazyPage(() => import('../links'), 'LinksPage'),
  LinksTranslatePage: lazyPage(() => import('../links'), 'LinksTranslatePage'),
  // Settings
  BlackListIpPage: lazyPage(() => import('../settings'), 'BlackListIpPage'),
  BlackListIpCreatePage: lazyPage(() => import('../settings'), 'BlackListIpCreatePage'),
  BlackListIpDeletePage: lazyPage(() => import('../settings'), 'BlackListIpDeletePage'),
  OptionsPage: lazyPage(() => import('../settings'), 'OptionsPage'),
} satisfies Record<string, ComponentType>;
