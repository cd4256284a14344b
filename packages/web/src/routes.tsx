// The route table: the public pages, and under /app the sections and screens the areas declare
// (src/areas.ts), each guarded by its rules.
import { Navigate, Outlet, createBrowserRouter, type RouteObject } from 'react-router';
import { Suspense } from 'react';
import { AREAS } from './areas';
import { ForgotPage } from './auth/forgot-page';
import { LoginPage } from './auth/login-page';
import { RemoteLoginPage } from './auth/remote-login-page';
import { RouteError } from './pages/route-error';
import { RequireSession } from './session/require-session';
import { AppLayout } from './shell/app-layout';
import { PageLoader } from './shell/page-loader';
import { buildAppRoutes, buildMenu, buildSections } from './shell/area';
import { RequireAccess } from './shell/require-access';

export const SECTIONS = buildSections(AREAS);
export const MENU = buildMenu(SECTIONS);

/** Children of /app (relative paths); a screen's rule narrows its section's. */
export const appChildren: RouteObject[] = [
  { index: true, element: <Navigate to="home" replace /> },
  ...buildAppRoutes(SECTIONS),
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
            element: <AppLayout menu={MENU} />,
            children: [{ Component: RequireAccess, errorElement: <RouteError />, children: appChildren }],
          },
        ],
      },
      { path: '*', element: <Navigate to="/app/home" replace /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
