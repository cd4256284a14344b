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
import { AppLayout, PageLoader } from './shell/app-layout';

const redirect = (to: string): RouteObject => ({ index: true, element: <Navigate to={to} replace /> });

/** Children of /app (relative paths). */
export const appChildren: RouteObject[] = [
  redirect('home'),
  { path: 'home', Component: P.HomePage },
  {
    path: 'news',
    children: [
      redirect('edit'),
      { path: 'edit', Component: P.NewsEditPage },
      { path: 'alerts', Component: P.NewsAlertsPage },
    ],
  },
  {
    path: 'offices',
    children: [
      { index: true, Component: P.OfficesListPage },
      { path: 'create', Component: P.OfficeFormPage },
      { path: 'edit/:id', Component: P.OfficeFormPage },
      { path: ':officeId/:name/sites', Component: P.OfficeSitesPage },
      { path: 'domains', Component: P.DomainsListPage },
      { path: 'domains/create', Component: P.DomainCreatePage },
      { path: 'domains/:id', Component: P.DomainEditPage },
    ],
  },
  {
    path: 'agents',
    children: [
      { index: true, Component: P.AgentsListPage },
      { path: 'create', Component: P.AgentCreatePage },
      { path: 'edit/:id', Component: P.AgentEditPage },
      { path: ':agentId/:name/sites', Component: P.AgentSitesPage },
    ],
  },
  { path: 'unapprove', Component: P.UnapprovedPage },
  {
    path: 'logs',
    children: [
      redirect('chat'),
      { path: 'login', Component: P.LoginLogsPage },
      { path: 'chat', Component: P.ChatLogsPage },
      { path: 'click-outs', Component: P.ClickLogsPage },
      { path: 'sale-logs', Component: P.SaleLogsPage },
    ],
  },
  {
    path: 'admins',
    children: [
      { index: true, Component: P.AdminsListPage },
      { path: 'create', Component: P.AdminCreatePage },
      { path: 'edit/:id', Component: P.AdminEditPage },
    ],
  },
  { path: 'migration', Component: P.MigrationPage },
  { path: 'spike', Component: SpikePage },
  {
    path: 'stats',
    children: [
      redirect('sites'),
      { path: 'top-agents', Component: P.TopAgentsPage },
      { path: 'office-performance', Component: P.OfficePerformancePage },
      { path: 'office-performance-chart', Component: P.OfficePerformanceChartPage },
      { path: 'sites', Component: P.SitesStatsPage },
      { path: 'sites-avp', Component: P.SitesAvpStatsPage },
      { path: 'sites-payout', Component: P.PayrollPage },
      { path: 'sites-payout-avp', Component: P.PayrollAvpPage },
    ],
  },
  { path: 'chat-logs/create', Component: P.ChatLogCreatePage },
  {
    path: 'sites',
    children: [
      redirect('sites'),
      { path: 'sites', Component: P.SitesListPage },
      { path: 'company-fees', Component: P.CompanyFeesPage },
      { path: 'create', Component: P.SiteCreatePage },
      { path: 'edit/:id', Component: P.SiteEditPage },
      { path: ':siteId/types', Component: P.SiteTypesPage },
      { path: ':siteId/types/create', Component: P.SiteTypeCreatePage },
      { path: ':siteId/types/edit/:id', Component: P.SiteTypeEditPage },
    ],
  },
  {
    path: 'site-manuals',
    children: [
      { index: true, Component: P.SiteManualsPage },
      { path: 'create', Component: P.SiteManualCreatePage },
      { path: 'edit/:id', Component: P.SiteManualEditPage },
    ],
  },
  { path: 'how-to-sell', Component: P.HowToSellPage },
  { path: 'profile', Component: P.ProfilePage },
  {
    path: 'links',
    children: [
      redirect('links'),
      { path: 'links', Component: P.LinksPage },
      { path: 'links-translate', Component: P.LinksTranslatePage },
    ],
  },
  // Spec 2 section 2.12 names it /app/links-translate; the route table puts it under links.
  { path: 'links-translate', element: <Navigate to="/app/links/links-translate" replace /> },
  {
    path: 'settings',
    children: [
      redirect('black-list-ip'),
      { path: 'black-list-ip', Component: P.BlackListIpPage },
      { path: 'black-list-ip/create', Component: P.BlackListIpCreatePage },
      { path: 'black-list-ip/delete', Component: P.BlackListIpDeletePage },
      { path: 'options', Component: P.OptionsPage },
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
          { Component: AppLayout, children: [{ errorElement: <RouteError />, children: appChildren }] },
        ],
      },
      { path: '*', element: <Navigate to="/app/home" replace /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
