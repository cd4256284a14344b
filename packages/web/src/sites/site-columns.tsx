// The columns of the sites list (spec 2 section 2.5): name, type, link count, status and actions.
import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { formatAccountStatus, formatCount, type TSiteRow } from '@salesdesk/contract';
import type { DataColumn } from '../ui/data-table';
import type { SiteSortField } from './api';

export interface SiteRowActions {
  /** Superadmins change sites; admins only look. */
  canManage: boolean;
  setStatus: (row: TSiteRow, status: boolean) => void;
}

export function siteColumns(actions: SiteRowActions): DataColumn<TSiteRow, SiteSortField>[] {
  return [
    { id: 'sitename', header: 'Name', sortable: true, cell: (r) => r.sitename },
    { id: 'type', header: 'Type', sortable: true, cell: (r) => r.type },
    { id: 'typeCount', header: 'Link count', align: 'right', cell: (r) => formatCount(r.typeCount) },
    { id: 'status', header: 'Status', sortable: true, cell: (r) => formatAccountStatus(r.status, r.hidden) },
    {
      id: 'actions',
      header: 'Actions',
      hidden: !actions.canManage,
      cell: (r) => <SiteActions row={r} actions={actions} />,
    },
  ];
}

function SiteActions({ row, actions }: { row: TSiteRow; actions: SiteRowActions }) {
  const label = (verb: string) => `${verb} ${row.sitename}`;
  return (
    <Group gap={4} wrap="nowrap">
      <Button
        component={Link}
        to={`/app/sites/edit/${row.id}`}
        size="compact-xs"
        variant="light"
        aria-label={label('Edit')}
      >
        Edit
      </Button>
      <Button
        size="compact-xs"
        variant="light"
        color="green"
        aria-label={label('Activate')}
        disabled={row.status}
        onClick={() => actions.setStatus(row, true)}
      >
        Activate
      </Button>
      <Button
        size="compact-xs"
        variant="light"
        color="red"
        aria-label={label('Suspend')}
        disabled={!row.status}
        onClick={() => actions.setStatus(row, false)}
      >
        Suspend
      </Button>
      <Button
        component={Link}
        to={`/app/sites/${row.id}/types`}
        size="compact-xs"
        variant="subtle"
        aria-label={label('Link types')}
      >
        Link types
      </Button>
    </Group>
  );
}
