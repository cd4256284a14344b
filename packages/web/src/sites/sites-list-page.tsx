// /app/sites/sites: the paged sites list, sortable by site name (default), type and status.
import { useMemo } from 'react';
import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { Role, SITE_SORT_FIELDS, SITE_TEXTS } from '@salesdesk/contract';
import { Page } from '../shell/page';
import { useMe } from '../session/use-session';
import { DataTable } from '../ui/data-table';
import { Pagination } from '../ui/pagination';
import { useListPage } from '../ui/use-list-page';
import { searchSites, SITES_KEY, useSetSitesStatus } from './api';
import { siteColumns } from './site-columns';
import { changeSiteStatus } from './site-status';

export function SitesListPage() {
  const me = useMe();
  const canManage = me.role === Role.Superadmin;
  const sites = useListPage({
    queryKey: SITES_KEY,
    queryFn: searchSites,
    getRowId: (r) => r.id,
    sortFields: SITE_SORT_FIELDS,
    defaultSortField: 'sitename',
    emptyText: SITE_TEXTS.empty,
  });
  const { mutateAsync } = useSetSitesStatus();
  const columns = useMemo(
    () =>
      siteColumns({
        canManage,
        setStatus: (row, status) => void changeSiteStatus(mutateAsync, row, status),
      }),
    [canManage, mutateAsync],
  );

  return (
    <Page
      title="Sites"
      actions={
        canManage && (
          <Button component={Link} to="/app/sites/create">
            + Add Site
          </Button>
        )
      }
    >
      <DataTable columns={columns} {...sites.table} caption="Sites" />
      <Pagination {...sites.pagination} />
    </Page>
  );
}
