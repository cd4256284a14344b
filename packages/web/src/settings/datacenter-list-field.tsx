// The data center list of System Options (issue 35): which list is in force (the release's own copy or
// one stored here, its date and size), and an upload that replaces it. A list with a line that is not an
// address is refused with that line's number, and the list in force stays.
import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { formatCount } from '@salesdesk/contract';
import { Loading } from '../ui/loading';
import { useDatacenterList, useStoreDatacenterList } from './api';

export function DatacenterListField() {
  const list = useDatacenterList();
  const store = useStoreDatacenterList();
  const info = list.data;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Data center list
      </Text>
      {list.isPending ? (
        <Loading />
      ) : info ? (
        <Text size="sm" c="dimmed" data-testid="datacenter-list">
          {formatCount(info.entries)} ranges, dated {info.listDate ?? 'unknown'} (
          {info.source === 'shipped'
            ? 'shipped with this release'
            : `uploaded ${info.updatedAt?.slice(0, 10)}`}
          )
        </Text>
      ) : null}
      <Group gap="sm">
        <FileButton
          accept=".txt,.csv,text/plain"
          onChange={(file) => {
            if (file) void file.text().then((text) => store.mutate(text));
          }}
        >
          {(props) => (
            <Button {...props} variant="default" size="xs" loading={store.isPending}>
              Upload a list
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          One address or range per line; `npm run update-ip-ranges -- FILE` does the same
        </Text>
      </Group>
      {store.error ? (
        <Text size="sm" c="red" role="alert">
          {store.error.message}
        </Text>
      ) : null}
    </Stack>
  );
}
