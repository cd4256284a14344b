// /app/links/links-translate (admins and above): paste a tracking link; when it holds
// api/links/go/{siteId}/{typeId}/{agentId} the page shows whose link it is and for which site.
import { useMemo, useState } from 'react';
import { SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { decodeTrackingLink } from '@salesdesk/contract';
import { Page } from '../shell/page';
import { useLinkTranslation } from './api';

// Typing a link digit by digit would look up every prefix: wait until the text rests.
const LOOKUP_DELAY_MS = 300;

export function LinksTranslatePage() {
  const [text, setText] = useState('');
  const [settled] = useDebouncedValue(text, LOOKUP_DELAY_MS);
  const decoded = useMemo(() => decodeTrackingLink(text), [text]);
  const lookupIds = useMemo(() => decodeTrackingLink(settled), [settled]);
  // An answer shows only while it belongs to the link in the box.
  const same =
    decoded !== null && lookupIds !== null && JSON.stringify(decoded) === JSON.stringify(lookupIds);
  const lookup = useLinkTranslation(same ? lookupIds : null);
  const found = same && lookup.data ? lookup.data : null;

  const shown = (value: string | number | undefined) => (value === undefined ? '' : String(value));
  return (
    <Page title="Links translate">
      <Stack gap="sm" maw={700}>
        <Textarea
          label="Link"
          placeholder="Paste a link"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          rows={3}
        />
        {lookup.isFetching && (
          <Text size="sm" c="dimmed" role="status">
            Looking up the link…
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Site ID" value={shown(decoded?.siteId)} readOnly />
          <TextInput label="Agent Id" value={shown(decoded?.agentId)} readOnly />
          <TextInput label="Office Name" value={shown(found?.officeName)} readOnly />
          <TextInput label="Agent Name" value={shown(found?.agentName)} readOnly />
          <TextInput label="Agent Email" value={shown(found?.agentEmail)} readOnly />
          <TextInput label="Site Name" value={shown(found?.siteName)} readOnly />
          <TextInput label="Site Url" value={shown(found?.siteUrl)} readOnly />
        </SimpleGrid>
      </Stack>
    </Page>
  );
}
