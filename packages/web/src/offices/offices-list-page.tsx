// /app/offices: search by username, sortable paged list, row and bulk status actions.
import { useMemo } from 'react';
import { Button, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { OFFICE_SEARCH_FIELDS, OFFICE_SORT_FIELDS, Role, type TOfficeStatus } from '@salesdesk/contract';
import { Page } from '../shell/page';
import { useMe } from '../session/use-session';
import { DataTable } from '../ui/data-table';
import { ListSearch } from '../ui/list-search';
import { Pagination } from '../ui/pagination';
import { SelectionBar } from '../ui/selection-bar';
import { useListPage } from '../ui/use-list-page';
import { OFFICES_KEY, searchOffices, useSetOfficesStatus } from './api';
import { officeColumns } from './office-columns';
import { changeActive, changeHidden } from './office-status';

export const OFFICES_EMPTY = 'No data';

export function OfficesListPage() {
  const me = useMe();
  const offices = useListPage({
    queryKey: OFFICES_KEY,
    queryFn: searchOffices,
    getRowId: (r) => r.companyId,
    sortFields: OFFICE_SORT_FIELDS,
    filterKeys: OFFICE_SEARCH_FIELDS,
    defaultSortField: 'officeName',
    emptyText: OFFICES_EMPTY,
    selectable: true,
  });
  const { mutateAsync } = useSetOfficesStatus();
  const columns = useMemo(() => {
    const apply = (change: TOfficeStatus) => mutateAsync(change);
    return officeColumns({
      setActive: (row, active) => void changeActive(apply, [row], active, 'row'),
      setHidden: (row, hidden) => void changeHidden(apply, [row], hidden),
    });
  }, [mutateAsync]);

  const bulk = async (active: boolean) => {
    if (await changeActive(mutateAsync, offices.selectedRows, active, 'bulk')) offices.clearSelection();
  };

  return (
    <Page
      title="Offices"
      actions={
        me.role === Role.Superadmin && (
          <Button component={Link} to="/app/offices/create">
            + Add Office
          </Button>
        )
      }
    >
      <ListSearch {...offices.search} label="Search offices">
        {(field) => <TextInput label="Search by username" {...field('username')} />}
      </ListSearch>
      <SelectionBar
        count={offices.selected.length}
        actions={[
          { label: 'Activate', onClick: () => void bulk(true), color: 'green' },
          { label: 'Suspend', onClick: () => void bulk(false), color: 'red' },
        ]}
      />
      <DataTable columns={columns} {...offices.table} caption="Offices" />
      <Pagination {...offices.pagination} />
    </Page>
  );
}
