// /app/settings/api-keys and /app/profile/api-keys: one's own API keys, newest first, each revoked after
// a confirmation; '+ New API Key' leads to the form.
import { useMemo } from 'react';
import { Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import { API_KEY_SORT_FIELDS, API_KEY_TEXTS, apiKeyShown } from '@salesdesk/contract';
import { Page } from '../shell/page';
import { DataTable } from '../ui/data-table';
import { confirmDialog } from '../ui/dialog-store';
import { showNote } from '../ui/notes';
import { Pagination } from '../ui/pagination';
import { useListPage } from '../ui/use-list-page';
import { API_KEYS_KEY, API_KEYS_PATHS, searchApiKeys, useRevokeApiKey, type ApiKeysPlace } from './api';
import { apiKeyColumns } from './api-key-columns';

function ApiKeysPage({ place }: { place: ApiKeysPlace }) {
  const keys = useListPage({
    queryKey: API_KEYS_KEY,
    queryFn: searchApiKeys,
    getRowId: (r) => r.id,
    sortFields: API_KEY_SORT_FIELDS,
    defaultSortField: 'createdAt',
    defaultSortAsc: false,
    emptyText: API_KEY_TEXTS.empty,
  });
  const revoke = useRevokeApiKey().mutateAsync;
  const columns = useMemo(
    () =>
      apiKeyColumns(
        (row) =>
          void confirmDialog({
            heading: API_KEY_TEXTS.revokeQuestion,
            subject: `${row.name} (${apiKeyShown(row.prefix)})`,
            confirmLabel: 'Revoke',
            danger: true,
            onConfirm: async () => {
              await revoke(row.id);
              showNote({ type: 'success', heading: API_KEY_TEXTS.revoked });
            },
          }),
      ),
    [revoke],
  );
  return (
    <Page
      title={API_KEY_TEXTS.title}
      actions={
        <Button component={Link} to={`${API_KEYS_PATHS[place]}/create`}>
          {API_KEY_TEXTS.add}
        </Button>
      }
    >
      <Text size="sm" c="dimmed" mb="sm">
        A key lets a script or another system call the API as your account, within the scopes it was given: it
        sends the header <code>Authorization: Bearer sdk_…</code>. The calls are described at{' '}
        <a href="/api/docs">/api/docs</a>.
      </Text>
      <DataTable columns={columns} caption={API_KEY_TEXTS.title} {...keys.table} />
      <Pagination {...keys.pagination} />
    </Page>
  );
}

export const SettingsApiKeysPage = () => <ApiKeysPage place="settings" />;
export const ProfileApiKeysPage = () => <ApiKeysPage place="profile" />;
