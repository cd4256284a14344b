// /app/admins: username, password (plain text), email and the edit action, with + Add Admin.
import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { ADMINS_EMPTY, ADMIN_SORT_FIELDS, type TAdminRow } from '@salesdesk/contract';
import { Page } from '../shell/page';
import { DataTable, type DataColumn } from '../ui/data-table';
import { Pagination } from '../ui/pagination';
import { useListPage } from '../ui/use-list-page';
import { ADMINS_KEY, fetchAdmins } from './api';

// Not sortable: the spec names no sortable column here (the list is sorted by username).
const columns: DataColumn<TAdminRow, (typeof ADMIN_SORT_FIELDS)[number]>[] = [
  { id: 'username', header: 'Username', cell: (r) => r.username },
  { id: 'password', header: 'Password', cell: (r) => r.plainPassword ?? '' },
  { id: 'email', header: 'Email', cell: (r) => r.email },
  {
    id: 'actions',
    header: 'Actions',
    cell: (r) => (
      <Button
        component={Link}
        to={`/app/admins/edit/${r.id}`}
        size="compact-xs"
        variant="light"
        aria-label={`Edit ${r.username}`}
      >
        Edit
      </Button>
    ),
  },
];

export function AdminsListPage() {
  const admins = useListPage({
    queryKey: ADMINS_KEY,
    queryFn: fetchAdmins,
    getRowId: (r) => r.id,
    sortFields: ADMIN_SORT_FIELDS,
    defaultSortField: 'username',
    emptyText: ADMINS_EMPTY,
  });
  return (
    <Page
      title="Admins"
      actions={
        <Button component={Link} to="/app/admins/create">
          + Add Admin
        </Button>
      }
    >
      <DataTable columns={columns} {...admins.table} caption="Admins" />
      <Pagination {...admins.pagination} />
    </Page>
  );
}
