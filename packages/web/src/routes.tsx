// The route table of both documents in one place. Pages come from pages/slots.tsx.
import { Navigate, Outlet, createBrowserRouter, type RouteObject } from 'react-router';
import { Suspense } from 'react';
import { ForgotPage } from './auth/forgot-page';
import { LoginPage } from './auth/login-page';
import { RemoteLoginPage } from './auth/remote-login-page';
import { RouteError } from './pages/route-error';
import { pages as P } from './pages/slots';
import { SpikePage } from './pages/spike-page';
import { RequireSession } from './session/require-session';
import { ACCESS } from './shell/access-rules';
import { AppLayout, PageLoader } from './shell/app-layout';
import { can, RequireAccess } from './shell/require-access';

const redirect = (to: string): RouteObject => ({ index: true, element: <Navigate to={to} replace /> });

/**
 * Children of /app (relative paths). Every screen carries the rule of its menu entry or tab in
 * `handle` (see shell/access-rules.ts); a child's rule narrows its parent's.
 */
export const appChildren: RouteObject[] = [
  redirect('home'),
  { path: 'home', Component: P.HomePage, handle: can(ACCESS.home) },
  {
    path: 'news',
    handle: can(ACCESS.news),
    children: [
      redirect('edit'),
      { path: 'edit', Component: P.NewsEditPage },
      { path: 'alerts', Component: P.NewsAlertsPage },
    ],
  },
  {
    path: 'offices',
    handle: can(ACCESS.offices),
    children: [
      { index: true, Component: P.OfficesListPage },
      { path: 'create', Component: P.OfficeFormPage, handle: can(ACCESS.officeCreate) },
      { path: 'edit/:id', Component: P.OfficeFormPage },
      { path: ':officeId/:name/sites', Component: P.OfficeSitesPage },
      { path: 'domains', Component: P.DomainsListPage, handle: can(ACCESS.domains) },
      { path: 'domains/create', Component: P.DomainCreatePage, handle: can(ACCESS.domains) },
      { path: 'domains/:id', Component: P.DomainEditPage, handle: can(ACCESS.domains) },
    ],
  },
  {
    path: 'agents',
    handle: can(ACCESS.agents),
    children: [
      { index: true, Component: P.AgentsListPage },
      { path: 'create', Component: P.AgentCreatePage },
      { path: 'edit/:id', Component: P.AgentEditPage },
      { path: ':agentId/:name/sites', Component: P.AgentSitesPage },
    ],
  },
  { path: 'unapprove', Component: P.UnapprovedPage, handle: can(ACCESS.unapprove) },
  {
    path: 'logs',
    handle: can(ACCESS.logs),
    children: [
      redirect('chat'),
      { path: 'login', Component: P.LoginLogsPage, handle: can(ACCESS.loginLogs) },
      { path: 'chat', Component: P.ChatLogsPage },
      { path: 'click-outs', Component: P.ClickLogsPage },
      { path: 'sale-logs', Component: P.SaleLogsPage },
    ],
  },
  {
    path: 'admins',
    handle: can(ACCESS.admins),
    children: [
      { index: true, Component: P.AdminsListPage },
      { path: 'create', Component: P.AdminCreatePage },
      { path: 'edit/:id', Component: P.AdminEditPage },
    ],
  },
  { path: 'migration', Component: P.MigrationPage, handle: can(ACCESS.migration) },
  { path: 'spike', Component: SpikePage, handle: can(ACCESS.everyone) },
  {
    path: 'stats',
    handle: can(ACCESS.stats),
    children: [
      redirect('sites'),
      { path: 'top-agents', Component: P.TopAgentsPage, handle: can(ACCESS.officeStats) },
      { path: 'office-performance', Component: P.OfficePerformancePage, handle: can(ACCESS.officeStats) },
      {
        path: 'office-performance-chart',
        Component: P.OfficePerformanceChartPage,
        handle: can(ACCESS.officeStats),
      },
      { path: 'sites', Component: P.SitesStatsPage },
      { path: 'sites-avp', Component: P.SitesAvpStatsPage },
      { path: 'sites-payout', Component: P.PayrollPage, handle: can(ACCESS.payroll) },
      { path: 'sites-payout-avp', Component: P.PayrollAvpPage, handle: can(ACCESS.payroll) },
    ],
  },
  { path: 'chat-logs/create', Component: P.ChatLogCreatePage, handle: can(ACCESS.chatLogCreate) },
  {
    path: 'sites',
    handle: can(ACCESS.sites),
    children: [
      redirect('sites'),
      { path: 'sites', Component: P.SitesListPage },
      { path: 'company-fees', Component: P.CompanyFeesPage, handle: can(ACCESS.sitesManage) },
      { path: 'create', Component: P.SiteCreatePage, handle: can(ACCESS.sitesManage) },
      { path: 'edit/:id', Component: P.SiteEditPage, handle: can(ACCESS.sitesManage) },
      { path: ':siteId/types', Component: P.SiteTypesPage, handle: can(ACCESS.sitesManage) },
      { path: ':siteId/types/create', Component: P.SiteTypeCreatePage, handle: can(ACCESS.sitesManage) },
      { path: ':siteId/types/edit/:id', Component: P.SiteTypeEditPage, handle: can(ACCESS.sitesManage) },
    ],
  },
  {
    path: 'site-manuals',
    handle: can(ACCESS.siteManuals),
    children: [
      { index: true, Component: P.SiteManualsPage },
      { path: 'create', Component: P.SiteManualCreatePage },
      { path: 'edit/:id', Component: P.SiteManualEditPage },
    ],
  },
  { path: 'how-to-sell', Component: P.HowToSellPage, handle: can(ACCESS.howToSell) },
  { path: 'profile', Component: P.ProfilePage, handle: can(ACCESS.profile) },
  {
    path: 'links',
    handle: can(ACCESS.links),
    children: [
      redirect('links'),
      { path: 'links', Component: P.LinksPage },
      { path: 'links-translate', Component: P.LinksTranslatePage, handle: can(ACCESS.linksTranslate) },
    ],
  },
  // Spec 2 section 2.12 names it /app/links-translate; the route table puts it under links.
  {
    path: 'links-translate',
    element: <Navigate to="/app/links/links-translate" replace />,
    handle: can(ACCESS.linksTranslate),
  },
  {
    path: 'settings',
    handle: can(ACCESS.settings),
    children: [
      redirect('black-list-ip'),
      { path: 'black-list-ip', Component: P.BlackListIpPage },
      { path: 'black-list-ip/create', Component: P.BlackListIpCreatePage },
      { path: 'black-list-ip/delete', Component: P.BlackListIpDeletePage },
      { path: 'options', Component: P.OptionsPage, handle: can(ACCESS.options) },
    ],
  },
];

function RootLayout() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Outlet />
    </Suspense>
  );
}

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    errorElement: <RouteError />,
    children: [
      { path: '/login', Component: LoginPage },
      { path: '/forgot', Component: ForgotPage },
      { path: '/remote-login', Component: RemoteLoginPage },
      // Spec 1 lists /spike among the children of /app: it needs a session; old links still work.
      { path: '/spike', element: <Navigate to="/app/spike" replace /> },
      {
        path: '/app',
        Component: RequireSession,
        children: [
          // The inner error boundary keeps the menu when one page fails.
          {
            Component: AppLayout,
            children: [{ Component: RequireAccess, errorElement: <RouteError />, children: appChildren }],
          },
        ],
      },
      { path: '*', element: <Navigate to="/app/home" replace /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
