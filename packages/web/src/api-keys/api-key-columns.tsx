// The columns of the API keys list: name, the key's first characters, scopes, created (and by whom), last
// used (time, then address), expiry, status and Revoke. Dates in Eastern time, as every screen.
import { Button } from '@mantine/core';
import {
  API_KEY_TEXTS,
  apiKeyShown,
  formatDateTime,
  type API_KEY_SORT_FIELDS,
  type TApiKeyRow,
} from '@salesdesk/contract';
import type { DataColumn } from '../ui/data-table';

type SortField = (typeof API_KEY_SORT_FIELDS)[number];

/** A key's state now: revoked, expired, or active. */
export function apiKeyStatus(row: TApiKeyRow, now = Date.now()): string {
  if (row.revokedAt) return API_KEY_TEXTS.revokedStatus;
  if (row.expiresAt && Date.parse(row.expiresAt) <= now) return API_KEY_TEXTS.expiredStatus;
  return 'Active';
}

export function apiKeyColumns(revoke: (row: TApiKeyRow) => void): DataColumn<TApiKeyRow, SortField>[] {
  return [
    { id: 'name', header: 'Name', sortable: true, cell: (r) => r.name },
    { id: 'prefix', header: 'Key', cell: (r) => <code>{apiKeyShown(r.prefix)}</code> },
    { id: 'scopes', header: 'Scopes', wrap: true, cell: (r) => r.scopes.join(', ') },
    { id: 'createdAt', header: 'Created', sortable: true, cell: (r) => formatDateTime(r.createdAt) },
    { id: 'createdBy', header: 'Created by', cell: (r) => r.createdBy },
    {
      id: 'lastUsedAt',
      header: 'Last used',
      sortable: true,
      cell: (r) => (r.lastUsedAt ? formatDateTime(r.lastUsedAt) : API_KEY_TEXTS.neverUsed),
    },
    { id: 'lastUsedIp', header: 'Last used from', priority: 'low', cell: (r) => r.lastUsedIp ?? '' },
    {
      id: 'expiresAt',
      header: 'Expires',
      sortable: true,
      cell: (r) => (r.expiresAt ? formatDateTime(r.expiresAt) : API_KEY_TEXTS.noExpiry),
    },
    { id: 'status', header: 'Status', priority: 'high', cell: (r) => apiKeyStatus(r) },
    {
      id: 'actions',
      header: 'Actions',
      actions: true,
      cell: (r) =>
        r.revokedAt ? null : (
          <Button
            size="compact-xs"
            variant="light"
            color="red"
            aria-label={`Revoke ${r.name}`}
            onClick={() => revoke(r)}
          >
            Revoke
          </Button>
        ),
    },
  ];
}
