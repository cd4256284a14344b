// /app/settings/black-list-ip: search by part of an IP, a paged table of IPs (id ascending by default)
// with per-row and bulk Delete, and the '+ Add IP' and '- Delete IP' forms (spec 2 section 2.17).
import { useMemo } from 'react';
import { Button, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import {
  BLACK_LIST_EMPTY,
  BLACK_LIST_TEXTS,
  BLACK_LIST_SEARCH_FIELDS,
  BLACK_LIST_SEARCH_PLACEHOLDER,
  BLACK_LIST_SORT_FIELDS,
  type TBlackListIp,
  type TBlackListSortField,
} from '@salesdesk/contract';
import { Page } from '../shell/page';
import { DataTable, type DataColumn } from '../ui/data-table';
import { confirmDialog } from '../ui/dialog-store';
import { ListSearch } from '../ui/list-search';
import { Pagination } from '../ui/pagination';
import { SelectionBar } from '../ui/selection-bar';
import { useListPage } from '../ui/use-list-page';
import { BLACK_LIST_KEY, searchBlackList, useDeleteIp, useDeleteIps } from './api';

function blackListColumns(
  remove: (row: TBlackListIp) => void,
): DataColumn<TBlackListIp, TBlackListSortField>[] {
  return [
    { id: 'ip', header: 'IP', sortable: true, cell: (r) => r.ip },
    {
      id: 'actions',
      header: 'Actions',
      cell: (r) => (
        <Button
          size="compact-xs"
          variant="light"
          color="red"
          aria-label={`Delete ${r.ip}`}
          onClick={() => remove(r)}
        >
          Delete
        </Button>
      ),
    },
  ];
}

export function BlackListIpPage() {
  const list = useListPage({
    queryKey: BLACK_LIST_KEY,
    queryFn: searchBlackList,
    getRowId: (r) => r.id,
    sortFields: BLACK_LIST_SORT_FIELDS,
    filterKeys: BLACK_LIST_SEARCH_FIELDS,
    defaultSortField: 'id',
    emptyText: BLACK_LIST_EMPTY,
    selectable: true,
  });
  const deleteOne = useDeleteIp().mutateAsync;
  const deleteMany = useDeleteIps();
  const columns = useMemo(
    () =>
      blackListColumns(
        (row) =>
          void confirmDialog({
            heading: BLACK_LIST_TEXTS.deleteOne,
            subject: row.ip,
            confirmLabel: 'Delete',
            danger: true,
            onConfirm: () => deleteOne(row.id),
          }),
      ),
    [deleteOne],
  );

  const deleteSelected = async () => {
    const ips = list.selectedRows.map((r) => r.ip);
    const done = await confirmDialog({
      heading: BLACK_LIST_TEXTS.deleteSelected,
      subject: ips,
      confirmLabel: 'Delete',
      danger: true,
      onConfirm: () => deleteMany.mutateAsync({ ips }),
    });
    if (done) list.clearSelection();
  };

  return (
    <Page
      title="Black List Ip"
      actions={
        <>
          <Button component={Link} to="/app/settings/black-list-ip/create">
            + Add IP
          </Button>
          <Button component={Link} to="/app/settings/black-list-ip/delete" variant="light" color="red">
            - Delete IP
          </Button>
        </>
      }
    >
      <ListSearch {...list.search} label="Search IPs">
        {(field) => (
          <>
            <TextInput
              aria-label="Search by IP"
              placeholder={BLACK_LIST_SEARCH_PLACEHOLDER}
              {...field('ip')}
            />
            {/* After the form's own Search button (flex order), as the spec lists them. */}
            <Button
              type="button"
              variant="default"
              style={{ order: 1 }}
              onClick={() => {
                field('ip').onChange('');
                list.search.onSearch({});
              }}
            >
              Clear
            </Button>
          </>
        )}
      </ListSearch>
      <SelectionBar
        count={list.selected.length}
        actions={[
          {
            label: 'Delete',
            color: 'red',
            disabled: deleteMany.isPending,
            onClick: () => void deleteSelected(),
          },
        ]}
      />
      <DataTable columns={columns} {...list.table} caption="Black List Ip" />
      <Pagination {...list.pagination} />
    </Page>
  );
}
