// /app/site-manuals (superadmin): site name and title, sortable and paged, with add, edit and a
// confirmed removal (spec 2 sections 2.7 and 4).
import { useMemo } from 'react';
import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import {
  removeManualText,
  SITE_MANUAL_SORT_FIELDS,
  SITE_MANUALS_EMPTY,
  type TSiteManualRow,
  type TSiteManualSortField,
} from '@salesdesk/contract';
import { Page } from '../shell/page';
import { DataTable, type DataColumn } from '../ui/data-table';
import { confirmDialog } from '../ui/dialogs';
import { Pagination } from '../ui/pagination';
import { useListPage } from '../ui/use-list-page';
import { fetchManuals, MANUALS_KEY, useRemoveManual } from './api';

function manualColumns(
  remove: (row: TSiteManualRow) => void,
): DataColumn<TSiteManualRow, TSiteManualSortField>[] {
  return [
    { id: 'sitename', header: 'Site Name', sortable: true, cell: (r) => r.sitename },
    { id: 'title', header: 'Title', sortable: true, wrap: true, cell: (r) => r.title },
    {
      id: 'actions',
      header: 'Actions',
      cell: (r) => (
        <Group gap={4} wrap="nowrap">
          <Button
            component={Link}
            to={`/app/site-manuals/edit/${r.id}`}
            size="compact-xs"
            variant="light"
            aria-label={`Edit ${r.sitename} manual`}
          >
            Edit
          </Button>
          <Button
            size="compact-xs"
            variant="light"
            color="red"
            aria-label={`Remove ${r.sitename} manual`}
            onClick={() => remove(r)}
          >
            Remove
          </Button>
        </Group>
      ),
    },
  ];
}

export function SiteManualsPage() {
  const manuals = useListPage({
    queryKey: MANUALS_KEY,
    queryFn: fetchManuals,
    getRowId: (r) => r.id,
    sortFields: SITE_MANUAL_SORT_FIELDS,
    defaultSortField: 'sitename',
    emptyText: SITE_MANUALS_EMPTY,
  });
  const { mutateAsync } = useRemoveManual();
  const columns = useMemo(
    () =>
      manualColumns(
        (row) =>
          void confirmDialog({
            heading: removeManualText(row.sitename),
            danger: true,
            onConfirm: () => mutateAsync(row.id),
          }),
      ),
    [mutateAsync],
  );
  return (
    <Page
      title="Site Manuals"
      actions={
        <Button component={Link} to="/app/site-manuals/create">
          + Add Site Manual
        </Button>
      }
    >
      <DataTable columns={columns} {...manuals.table} caption="Site Manuals" />
      <Pagination {...manuals.pagination} />
    </Page>
  );
}
