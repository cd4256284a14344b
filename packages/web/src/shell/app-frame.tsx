// The /app frame: top bar (menu toggle, brand, logout), side menu, page outlet and copyright footer.
import { Suspense, useEffect } from 'react';
import { AppShell, Burger, Button, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { useBrand } from '../session/brand';
import { refreshMe } from '../session/session-actions';
import { useMe, useSession } from '../session/use-session';
import type { MenuItem } from './area';
import { PageLoader } from './page-loader';
import { MainMenu } from './main-menu';
import { NoAccessNote } from './no-access-note';

export function AppFrame({ menu }: { menu: readonly MenuItem[] }) {
  const [menuOpened, menuToggle] = useDisclosure(false);
  const me = useMe();
  const { logout } = useSession();
  const brand = useBrand();
  // The stored profile may be stale (permissions, office name): reload it once per visit.
  useEffect(() => {
    void refreshMe();
  }, []);

  return (
    <AppShell
      header={{ height: 56 }}
      footer={{ height: 36 }}
      navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !menuOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={menuOpened}
              onClick={menuToggle.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle menu"
            />
            <Text fw={700} size="lg" className="brand-name">
              {brand.displayName}
            </Text>
          </Group>
          <Button variant="subtle" onClick={() => void logout()}>
            Logout
          </Button>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <MainMenu menu={menu} me={me} onNavigate={menuToggle.close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <NoAccessNote />
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
      <AppShell.Footer px="md">
        <Group h="100%" align="center">
          <Text size="xs" c="dimmed">
            {brand.copyright}
          </Text>
        </Group>
      </AppShell.Footer>
    </AppShell>
  );
}
