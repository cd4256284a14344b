// The /app layout, loaded with the first /app page: the login page does not fetch the app shell.
import { lazy, Suspense } from 'react';
import type { MenuItem } from './area';
import { PageLoader } from './page-loader';

const AppFrame = lazy(async () => ({ default: (await import('./app-frame')).AppFrame }));

/** `menu` is built from the areas' declarations (routes.tsx). */
export function AppLayout({ menu }: { menu: readonly MenuItem[] }) {
  return (
    <Suspense fallback={<PageLoader />}>
      <AppFrame menu={menu} />
    </Suspense>
  );
}
