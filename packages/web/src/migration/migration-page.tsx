// /app/migration: how many agents wait for migration from the old server, and the button that migrates them.
import { useState } from 'react';
import { Button, List, Stack, Text } from '@mantine/core';
import { MIGRATE_BUTTON, MIGRATE_CONFIRM, type TMigrationResult } from '@salesdesk/contract';
import { Page } from '../shell/page';
import { confirmDialog } from '../ui/dialogs';
import { Loading } from '../ui/loading';
import { showNote } from '../ui/notes';
import { useCountToMigrate, useMigrateAgents } from './api';

export function MigrationPage() {
  const count = useCountToMigrate();
  const migrate = useMigrateAgents();
  const [skipped, setSkipped] = useState<TMigrationResult['skipped']>([]);

  const run = () =>
    void confirmDialog({
      heading: MIGRATE_CONFIRM,
      onConfirm: async () => {
        const result = await migrate.mutateAsync();
        setSkipped(result.skipped);
        showNote({
          type: 'success',
          heading: 'Operation Complete',
          body: `Migrated agents: ${result.migrated}. Skipped: ${result.skipped.length}.`,
        });
      },
    });

  const loading = count.isPending || migrate.isPending;
  return (
    <Page title="Migration">
      <Stack gap="md" align="flex-start">
        {count.isPending ? (
          <Loading />
        ) : (
          <Text>
            Agents waiting for migration: <b data-testid="migration-count">{count.data ?? 0}</b>
          </Text>
        )}
        <Button onClick={run} loading={migrate.isPending} disabled={loading || !count.data}>
          {MIGRATE_BUTTON}
        </Button>
        {skipped.length ? (
          <Stack gap={4}>
            <Text fw={600}>Not migrated (they keep waiting):</Text>
            <List size="sm">
              {skipped.map((s) => (
                <List.Item key={s.username}>
                  {s.username}: {s.reason}
                </List.Item>
              ))}
            </List>
          </Stack>
        ) : null}
      </Stack>
    </Page>
  );
}
