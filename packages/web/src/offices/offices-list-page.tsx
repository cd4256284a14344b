// /app/offices: search by username, sortable paged list, row and bulk status actions.
import { useMemo, useState, type FormEvent } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { Role } from '@salesdesk/contract';
import { Page } from '../shell/page';
import { sectionTabs } from '../shell/section-tabs';
import { useMe } from '../session/use-session';
import { DataTable } from '../ui/data-table';
import { Pagination } from '../ui/pagination';
import { SelectionBar } from '../ui/selection-bar';
import { useListState } from '../ui/use-list-state';
import { useOfficeList, useSetOfficesStatus } from './api';
import { officeColumns } from './office-columns';
import { changeActive, changeHidden } from './office-status';

export const OFFICES_EMPTY = 'No data';

export function OfficesListPage() {
  const me = useMe();
  const list = useListState({ defaultSortField: 'officeName', filterKeys: ['username'] });
  const offices = useOfficeList(list.query);
  const status = useSetOfficesStatus();
  const [selection, setSelection] = useState<Set<number>>(new Set());
  const apply = (change: { ids: number[]; active?: boolean; hidden?: boolean }) => status.mutateAsync(change);

  const columns = useMemo(
    () =>
      officeColumns({
        setActive: (row, active) => void changeActive(apply, [row.companyId], active),
        setHidden: (row, hidden) => void changeHidden(apply, [row.companyId], hidden),
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `apply` only wraps the stable mutateAsync
    [status.mutateAsync],
  );

  const bulk = async (active: boolean) => {
    if (await changeActive(apply, [...selection], active)) setSelection(new Set());
  };

  return (
    <Page
      title="Offices"
      tabs={sectionTabs('offices', me)}
      actions={
        me.role === Role.Superadmin && (
          <Button component={Link} to="/app/offices/create">
            + Add Office
          </Button>
        )
      }
    >
      <UsernameSearch
        value={list.filters.username ?? ''}
        onSearch={(username) => list.setFilters({ username })}
      />
      <SelectionBar
        count={selection.size}
        actions={[
          { label: 'Activate', onClick: () => void bulk(true), color: 'green' },
          { label: 'Suspend', onClick: () => void bulk(false), color: 'red' },
        ]}
      />
      <DataTable
        data={offices.data?.items ?? []}
        columns={columns}
        getRowId={(r) => r.companyId}
        loading={offices.isFetching}
        emptyText={offices.isPending ? '' : OFFICES_EMPTY}
        sort={{ field: list.sortField, asc: list.sortAsc }}
        onSortChange={list.setSort}
        selectable
        selection={selection}
        onSelectionChange={setSelection}
        caption="Offices"
      />
      <Pagination
        page={list.page}
        pageSize={list.pageSize}
        total={offices.data?.total ?? 0}
        onPageChange={list.setPage}
      />
    </Page>
  );
}

function UsernameSearch({ value, onSearch }: { value: string; onSearch: (v: string) => void }) {
  const [text, setText] = useState(value);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form onSubmit={submit} role="search">
      <Group gap="xs" mb="sm" align="flex-end">
        <TextInput label="Search by username" value={text} onChange={(e) => setText(e.currentTarget.value)} />
        <Button type="submit" variant="default">
          Search
        </Button>
      </Group>
    </form>
  );
}
