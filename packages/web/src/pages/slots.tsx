// Every /app page, lazily loaded. To build a page, replace its `soon(...)` with one `lazyPage(...)` line.
import { lazy, type ComponentType } from 'react';
import type { Section } from '../shell/section-tabs';
import { NotAvailable } from './not-available';

/** A code-split page: `name` exported from the module `load` imports. */
export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

/** A page of an area not built yet. */
function soon(title: string, section?: Section): ComponentType {
  const Placeholder = () => <NotAvailable title={title} section={section} />;
  Placeholder.displayName = `NotAvailable(${title})`;
  return Placeholder;
}

export const pages = {
  // Document 1
  HomePage: lazyPage(() => import('../home'), 'HomePage'),
  NewsEditPage: lazyPage(() => import('../news'), 'NewsEditPage'),
  NewsAlertsPage: lazyPage(() => import('../news'), 'NewsAlertsPage'),
  OfficesListPage: lazyPage(() => import('../offices'), 'OfficesListPage'),
  OfficeFormPage: lazyPage(() => import('../offices'), 'OfficeFormPage'),
  OfficeSitesPage: soon('Office Sites'),
  AgentsListPage: lazyPage(() => import('../agents'), 'AgentsListPage'),
  AgentCreatePage: lazyPage(() => import('../agents'), 'AgentCreatePage'),
  AgentEditPage: lazyPage(() => import('../agents'), 'AgentEditPage'),
  AgentSitesPage: soon('Agent Sites'),
  UnapprovedPage: lazyPage(() => import('../unapprove'), 'UnapprovedPage'),
  LoginLogsPage: lazyPage(() => import('../logs'), 'LoginLogsPage'),
  AdminsListPage: lazyPage(() => import('../admins'), 'AdminsListPage'),
  AdminCreatePage: lazyPage(() => import('../admins'), 'AdminCreatePage'),
  AdminEditPage: lazyPage(() => import('../admins'), 'AdminEditPage'),
  MigrationPage: lazyPage(() => import('../migration'), 'MigrationPage'),
  // Document 2: logs
  ChatLogsPage: soon('Chat Logs', 'logs'),
  ClickLogsPage: soon('Click Logs', 'logs'),
  SaleLogsPage: soon('Sale Logs', 'logs'),
  ChatLogCreatePage: soon('Add Chat Log'),
  // Statistics
  SitesStatsPage: soon('Sites Statistics', 'stats'),
  SitesAvpStatsPage: soon('Sites AVP Statistics', 'stats'),
  TopAgentsPage: soon('Top agents', 'stats'),
  OfficePerformancePage: soon('Office performance', 'stats'),
  OfficePerformanceChartPage: soon('Office progress chart', 'stats'),
  PayrollPage: soon('Payroll', 'stats'),
  PayrollAvpPage: soon('Payroll AVP', 'stats'),
  // Sites and link types
  SitesListPage: soon('Sites', 'sites'),
  CompanyFeesPage: soon('Offices custom payments', 'sites'),
  SiteCreatePage: soon('Add Site'),
  SiteEditPage: soon('Update Site'),
  SiteTypesPage: soon('Sale Types'),
  SiteTypeCreatePage: soon('Add Sale Type'),
  SiteTypeEditPage: soon('Update Sale Type'),
  // Preferred domains (offices submenu)
  DomainsListPage: soon('Preferred Domains', 'offices'),
  DomainCreatePage: soon('Add Preferred Domain', 'offices'),
  DomainEditPage: soon('Preferred Domain', 'offices'),
  // Manuals, profile
  SiteManualsPage: soon('Site Manuals'),
  SiteManualCreatePage: soon('Add Site Manual'),
  SiteManualEditPage: soon('Update Site Manual'),
  HowToSellPage: soon('How To Sell'),
  ProfilePage: lazyPage(() => import('../profile'), 'ProfilePage'),
  // Links
  LinksPage: soon('Links', 'links'),
  LinksTranslatePage: soon('Links translate', 'links'),
  // Settings
  BlackListIpPage: soon('Black List Ip', 'settings'),
  BlackListIpCreatePage: soon('Add Ip', 'settings'),
  BlackListIpDeletePage: soon('Delete Ips', 'settings'),
  OptionsPage: soon('System Options', 'settings'),
} satisfies Record<string, ComponentType>;
