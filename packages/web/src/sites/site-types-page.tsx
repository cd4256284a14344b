// /app/sites/{siteId}/types: the link (sale) types of one site, sorted on the server (typename first).
import { useMemo } from 'react';
import { Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import { RecordGate } from '../shell/record-gate';
import { INVALID_ID, useIdParam } from '../ui/use-id-param';
import { LINK_TYPE_SORT_FIELDS, LINK_TYPE_TEXTS } from '@salesdesk/contract';
import { Page } from '../shell/page';
import { DataTable } from '../ui/data-table';
import { useListState } from '../ui/use-list-state';
import { useDeleteLinkType, useLinkTypes, useSite } from './api';
import { linkTypeColumns } from './link-type-columns';
import { confirmDeleteLinkType } from './link-type-delete';

export function SiteTypesPage() {
  const id = useIdParam('siteId');
  if (typeof id !== 'number')
    return (
      <Page title="Sale Types">
        <RecordGate
          id={INVALID_ID}
          query={{ isPending: false, error: null }}
          back={{ to: '/app/sites/sites', label: 'Back to Sites' }}
        >
          {() => null}
        </RecordGate>
      </Page>
    );
  return <SiteTypes siteId={id} />;
}

function SiteTypes({ siteId }: { siteId: number }) {
  const site = useSite(siteId);
  const list = useListState({ sortFields: LINK_TYPE_SORT_FIELDS, defaultSortField: 'typename' });
  const sort = { field: list.sortField, asc: list.sortAsc };
  const types = useLinkTypes(siteId, sort);
  const { mutateAsync } = useDeleteLinkType();
  const useApproveSale = site.data?.useApproveSale ?? false;
  const columns = useMemo(
    () =>
      linkTypeColumns({
        siteId,
        useApproveSale,
        remove: (row) => void confirmDeleteLinkType(row.typename, () => mutateAsync(row.id)),
      }),
    [siteId, useApproveSale, mutateAsync],
  );

  return (
    <Page
      title="Sale Types"
      actions={
        <>
          <Button component={Link} to={`/app/sites/${siteId}/types/create`}>
            + Add Sale Type
          </Button>
          <Button component={Link} to="/app/sites/sites" variant="default">
            Back to sites
          </Button>
        </>
      }
    >
      {site.data && (
        <Text mb="sm">
          Site: <b>{site.data.sitename}</b>
        </Text>
      )}
      <DataTable
        columns={columns}
        data={types.data ?? []}
        getRowId={(r) => r.id}
        loading={types.isFetching}
        emptyText={types.isPending ? '' : LINK_TYPE_TEXTS.empty}
        sort={sort}
        onSortChange={list.setSort}
        caption="Sale Types"
      />
    </Page>
  );
}
