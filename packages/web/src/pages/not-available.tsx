// The placeholder of every page whose area is not built yet: its title and 'Not available yet'.
import { Text } from '@mantine/core';
import { Page } from '../shell/page';
import { sectionTabs, type Section } from '../shell/section-tabs';
import { useSession } from '../session/use-session';

export const NOT_AVAILABLE_TEXT = 'Not available yet';

export function NotAvailable({ title, section }: { title: string; section?: Section }) {
  const { me } = useSession();
  const tabs = section && me ? sectionTabs(section, me) : undefined;
  return (
    <Page title={title} tabs={tabs}>
      <Text c="dimmed">{NOT_AVAILABLE_TEXT}</Text>
    </Page>
  );
}
