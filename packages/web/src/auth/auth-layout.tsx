// The frame of the public pages: brand name over a centred card.
import type { ReactNode } from 'react';
import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useBrand } from '../session/brand';
import { usePageTitle } from '../shell/page';

export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const brand = useBrand();
  usePageTitle(title);
  return (
    <Center mih="100vh" p="md" className="auth-page">
      <Stack w="100%" maw={380} gap="md">
        <Text ta="center" fw={700} size="xl" className="brand-name">
          {brand.displayName}
        </Text>
        <Paper withBorder shadow="sm" p="lg" radius="md">
          <Title order={1} size="h3" mb="md">
            {title}
          </Title>
          {children}
        </Paper>
        {brand.copyright && (
          <Text ta="center" size="xs" c="dimmed">
            {brand.copyright}
          </Text>
        )}
      </Stack>
    </Center>
  );
}
