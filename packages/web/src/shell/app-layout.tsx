// The /app layout, loaded with the first /app page: the login page does not fetch the app shell.
import { lazy, Suspense } from 'react';
import { Center, Loader } from '@mantine/core';

const AppFrame = lazy(async () => ({ default: (await import('./app-frame')).AppFrame }));

export function PageLoader() {
  return (
    <Center py="xl">
      <Loader aria-label="Loading" />
    </Center>
  );
}

export function AppLayout() {
  return (
    <Suspense fallback={<PageLoader />}>
      <AppFrame />
    </Suspense>
  );
}
