// The frame of every /app page: header (title, User:, Eastern clock, time-zone note), its section's tabs, actions.
import { useEffect, type ReactNode } from 'react';
import { Anchor, Box, Group, Stack, Text, Title } from '@mantine/core';
import { EASTERN_NOTE, WORLD_CLOCK_URL } from '@salesdesk/contract';
import { useBrand } from '../session/brand';
import { useSession } from '../session/use-session';
import { EasternClock } from './eastern-clock';
import { PageTabs, useSectionTabs } from './page-tabs';

/** Sets document.title to '{title} | {brand}'. */
export function usePageTitle(title: string): void {
  const { displayName } = useBrand();
  useEffect(() => {
    document.title = displayName ? `${title} | ${displayName}` : title;
  }, [title, displayName]);
}

export interface PageProps {
  title: string;
  children?: ReactNode;
  /** Buttons or links beside the title (e.g. '+ Add Office'). */
  actions?: ReactNode;
  /** false hides the tab bar of the page's section (a print view). */
  tabs?: false;
}

export function Page({ title, children, actions, tabs }: PageProps) {
  usePageTitle(title);
  const { displayName } = useBrand();
  const { me } = useSession();
  const sectionTabs = useSectionTabs();
  return (
    <Stack gap="md" className="page">
      {/* The app frame does not print (styles.css): a printed page names the brand here. */}
      <Text fw={700} size="lg" className="print-only brand-name">
        {displayName}
      </Text>
      <Group
        component="header"
        justify="space-between"
        align="flex-start"
        wrap="wrap"
        className="page-header"
      >
        <Title order={1} size="h2">
          {title}
        </Title>
        <Stack gap={2} align="flex-end" className="page-header-meta">
          {me && <Text size="sm">User: {me.username}</Text>}
          <EasternClock />
          <Text size="xs" c="dimmed">
            {EASTERN_NOTE}{' '}
            <Anchor href={WORLD_CLOCK_URL} target="_blank" rel="noopener noreferrer" size="xs">
              World clock
            </Anchor>
          </Text>
        </Stack>
      </Group>
      {tabs !== false && <PageTabs tabs={sectionTabs} />}
      {actions && (
        <Group gap="sm" className="no-print">
          {actions}
        </Group>
      )}
      <Box component="section">{children}</Box>
    </Stack>
  );
}
