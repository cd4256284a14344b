// The providers: Mantine (theme), TanStack Query, the router, and the ui host for notes and dialogs.
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { queryClient } from './api/query-client';
import { createAppRouter } from './routes';
import { useBrandBodyClass } from './session/brand';
import { installSessionSync } from './session/session-sync';
import { installDateRangeReset } from './shell/date-range-reset';
import { theme } from './theme';
import { UiHost } from './ui/host';

const router = createAppRouter();
installDateRangeReset(router);
installSessionSync();

function BrandBodyClass() {
  useBrandBodyClass();
  return null;
}

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <BrandBodyClass />
        <RouterProvider router={router} />
        <UiHost />
      </QueryClientProvider>
    </MantineProvider>
  );
}
