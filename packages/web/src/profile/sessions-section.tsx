// Profile: the account's sessions (created and last seen in US Eastern time, address, browser, who
// impersonated), ending one or all the others.
import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import {
  browserLabel,
  formatDateTime,
  SESSION_ENDED,
  SESSIONS_EMPTY,
  sessionsEnded,
  type TSessionRow,
} from '@salesdesk/contract';
import { confirmDialog, DataTable, type DataColumn } from '../ui';
import { showNote } from '../ui/notes';
import { useEndOtherSessions, useEndSession, useSessions } from './two-factor-api';

export function SessionsSection() {
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const rows = sessions.data?.items ?? [];
  const others = rows.filter((r) => !r.current);

  const end = (row: TSessionRow) =>
    confirmDialog({
      heading: 'Are you sure to end this session?',
      subject: `${browserLabel(row.userAgent)}, ${row.ip}`,
      danger: true,
      onConfirm: async () => {
        await endOne.mutateAsync(row.id);
        showNote({ type: 'success', heading: SESSION_ENDED });
      },
    });
  const endAll = () =>
    confirmDialog({
      heading: 'Are you sure to end all other sessions?',
      subject: others.map((r) => `${browserLabel(r.userAgent)}, ${r.ip}`),
      danger: true,
      onConfirm: async () => {
        const { ended } = await endOthers.mutateAsync();
        showNote({ type: 'success', heading: sessionsEnded(ended) });
      },
    });

  const columns: DataColumn<TSessionRow>[] = [
    { id: 'createdAt', header: 'Signed In', cell: (r) => formatDateTime(r.createdAt) },
    { id: 'lastSeenAt', header: 'Last Seen', cell: (r) => formatDateTime(r.lastSeenAt) },
    { id: 'ip', header: 'IP', cell: (r) => r.ip },
    {
      id: 'browser',
      header: 'Browser',
      cell: (r) => <span title={r.userAgent}>{browserLabel(r.userAgent)}</span>,
    },
    { id: 'impersonatedBy', header: 'Impersonated By', cell: (r) => r.impersonatedBy ?? '' },
    {
      id: 'action',
      header: '',
      cell: (r) =>
        r.current ? (
          <Badge variant="light">This session</Badge>
        ) : (
          <Group gap="xs" wrap="nowrap">
            {r.secondFactor !== 'complete' && (
              <Badge color="orange" variant="light">
                Waiting for code
              </Badge>
            )}
            <Button size="compact-xs" variant="light" color="red" onClick={() => void end(r)}>
              End
            </Button>
          </Group>
        ),
    },
  ];

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h4">
          Sessions
        </Title>
        <Button size="xs" variant="light" color="red" disabled={!others.length} onClick={() => void endAll()}>
          End All Other Sessions
        </Button>
      </Group>
      <DataTable
        caption="Sessions"
        data={rows}
        columns={columns}
        getRowId={(r) => r.id}
        loading={sessions.isPending}
        emptyText={SESSIONS_EMPTY}
      />
      {!sessions.isPending && rows.length > 0 && !others.length && (
        <Text size="sm" c="dimmed">
          {SESSIONS_EMPTY}
        </Text>
      )}
    </Stack>
  );
}
