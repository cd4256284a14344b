// /app/offices/{officeId}/{name}/sites and /app/agents/{agentId}/{name}/sites: site name, abbreviation and
// status of one office's or agent's sites, by hostname until a column is sorted.
import { Text } from '@mantine/core';
import { useParams } from 'react-router';
import {
  ASSIGNED_SITE_SORT_FIELDS,
  ASSIGNED_SITES_EMPTY,
  formatAccountStatus,
  ZId,
  type TAssignedSiteRow,
  type TAssignedSiteSortField,
} from '@salesdesk/contract';
import { isApiError } from '../api/api-error';
import { Page } from '../shell/page';
import { DataTable, type DataColumn } from '../ui/data-table';
import { Pagination } from '../ui/pagination';
import { useListPage } from '../ui/use-list-page';
import { ASSIGNED_SITES_KEY, fetchAssignedSites, type AssignedTo } from './api';

export const NOT_FOUND_TEXT = 'Not found';

const COLUMNS: DataColumn<TAssignedSiteRow, TAssignedSiteSortField>[] = [
  { id: 'sitename', header: 'Site Name', sortable: true, cell: (r) => r.sitename },
  { id: 'abbr', header: 'Abbreviation', sortable: true, cell: (r) => r.abbr },
  { id: 'status', header: 'Status', sortable: true, cell: (r) => formatAccountStatus(r.status, r.hidden) },
];

function AssignedSites({ to, param }: { to: AssignedTo; param: 'officeId' | 'agentId' }) {
  const params = useParams();
  const parsed = ZId.safeParse(params[param]);
  const id = parsed.success ? parsed.data : undefined;
  const name = params.name ?? '';
  const sites = useListPage({
    queryKey: [...ASSIGNED_SITES_KEY, to, id],
    queryFn: (query, signal) =>
      id === undefined ? Promise.resolve({ items: [], total: 0 }) : fetchAssignedSites(to, id, query, signal),
    getRowId: (r) => r.id,
    sortFields: ASSIGNED_SITE_SORT_FIELDS,
    emptyText: ASSIGNED_SITES_EMPTY,
  });
  const missing = id === undefined || (isApiError(sites.result.error) && sites.result.error.status === 404);
  return (
    <Page title={`Sites of ${name}`}>
      {missing ? (
        <Text role="status">{NOT_FOUND_TEXT}</Text>
      ) : (
        <>
          <DataTable columns={COLUMNS} caption={`Sites of ${name}`} {...sites.table} />
          <Pagination {...sites.pagination} />
        </>
      )}
    </Page>
  );
}

export const OfficeSitesPage = () => <AssignedSites to="company" param="officeId" />;
export const AgentSitesPage = () => <AssignedSites to="agent" param="agentId" />;
