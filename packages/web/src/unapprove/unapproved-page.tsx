// /app/unapprove (New Agents): unapproved agents, approved one by one or in bulk after a confirmation.
import { useMemo } from 'react';
import { Button } from '@mantine/core';
import {
  APPROVE_TEXTS,
  formatDateTime,
  UNAPPROVED_EMPTY,
  UNAPPROVED_SORT_FIELDS,
  UNAPPROVED_STATUS,
  type TUnapprovedRow,
} from '@salesdesk/contract';
import { Page } from '../shell/page';
import { DataTable, type DataColumn } from '../ui/data-table';
import { confirmDialog } from '../ui/dialogs';
import { Pagination } from '../ui/pagination';
import { SelectionBar } from '../ui/selection-bar';
import { useListPage } from '../ui/use-list-page';
import { fetchUnapproved, UNAPPROVED_KEY, useApproveAgents } from './api';

type SortField = (typeof UNAPPROVED_SORT_FIELDS)[number];

function unapprovedColumns(approve: (row: TUnapprovedRow) => void): DataColumn<TUnapprovedRow, SortField>[] {
  return [
    { id: 'username', header: 'Username', sortable: true, cell: (r) => r.username },
    // The spec's "role" column: the agent's office.
    { id: 'role', header: 'Office', sortable: true, cell: (r) => r.officeName },
    { id: 'regTime', header: 'Registered', sortable: true, cell: (r) => formatDateTime(r.regTime) },
    { id: 'status', header: 'Status', cell: () => UNAPPROVED_STATUS },
    {
      id: 'actions',
      header: 'Actions',
      cell: (r) => (
        <Button
          size="compact-xs"
          variant="light"
          color="green"
          aria-label={`Approve ${r.username}`}
          onClick={() => approve(r)}
        >
          Approve
        </Button>
      ),
    },
  ];
}

export function UnapprovedPage() {
  const page = useListPage({
    queryKey: UNAPPROVED_KEY,
    queryFn: fetchUnapproved,
    getRowId: (r) => r.id,
    sortFields: UNAPPROVED_SORT_FIELDS,
    defaultSortField: 'regTime',
    defaultSortAsc: false,
    emptyText: UNAPPROVED_EMPTY,
    selectable: true,
  });
  const { mutateAsync } = useApproveAgents();
  const columns = useMemo(
    () =>
      unapprovedColumns(
        (row) =>
          void confirmDialog({
            heading: APPROVE_TEXTS.one,
            subject: row.username,
            onConfirm: () => mutateAsync({ ids: [row.id] }),
          }),
      ),
    [mutateAsync],
  );

  const approveSelected = async () => {
    const ids = page.selected;
    const subject = page.selectedRows.map((r) => r.username);
    if (
      await confirmDialog({ heading: APPROVE_TEXTS.selected, subject, onConfirm: () => mutateAsync({ ids }) })
    )
      page.clearSelection();
  };

  return (
    <Page title="New Agents">
      <SelectionBar
        count={page.selected.length}
        actions={[{ label: 'Approve', onClick: () => void approveSelected(), color: 'green' }]}
      />
      <DataTable columns={columns} {...page.table} caption="New Agents" />
      <Pagination {...page.pagination} />
    </Page>
  );
}
