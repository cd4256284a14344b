// The columns of the offices list (spec 1 /app/offices): six sortable, three not.
import { Anchor, Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { formatAccountStatus, formatCount, formatDateTime, type TOfficeRow } from '@salesdesk/contract';
import type { DataColumn } from '../ui/data-table';
import type { OfficeSortField } from './api';

export interface OfficeRowActions {
  setActive: (row: TOfficeRow, active: boolean) => void;
  setHidden: (row: TOfficeRow, hidden: boolean) => void;
}

export const officeSitesPath = (row: Pick<TOfficeRow, 'companyId' | 'officeName'>) =>
  `/app/offices/${row.companyId}/${encodeURIComponent(row.officeName)}/sites`;

export function officeColumns(actions: OfficeRowActions): DataColumn<TOfficeRow, OfficeSortField>[] {
  return [
    { id: 'officeName', header: 'Office Name', sortable: true, cell: (r) => r.officeName },
    {
      id: 'agentsCount',
      header: 'Agents',
      sortable: true,
      align: 'right',
      cell: (r) => (
        <Anchor component={Link} to={`/app/agents?companyId=${r.companyId}`}>
          {formatCount(r.agentsCount)}
        </Anchor>
      ),
    },
    {
      id: 'sitesCount',
      header: 'Sites',
      sortable: true,
      align: 'right',
      cell: (r) => (
        <Anchor component={Link} to={officeSitesPath(r)}>
          {formatCount(r.sitesCount)}
        </Anchor>
      ),
    },
    { id: 'username', header: 'Username', sortable: true, cell: (r) => r.username },
    { id: 'password', header: 'Password', cell: (r) => r.plainPassword ?? '' },
    {
      id: 'preferredDomain',
      header: 'Preferred Domain',
      priority: 'low',
      cell: (r) => r.preferredDomain ?? '',
    },
    {
      id: 'active',
      header: 'Status',
      sortable: true,
      priority: 'high',
      cell: (r) => formatAccountStatus(r.active, r.hidden),
    },
    { id: 'regTime', header: 'Registered', sortable: true, cell: (r) => formatDateTime(r.regTime) },
    {
      id: 'actions',
      header: 'Actions',
      actions: true,
      cell: (r) => <OfficeActions row={r} actions={actions} />,
    },
  ];
}

function OfficeActions({ row, actions }: { row: TOfficeRow; actions: OfficeRowActions }) {
  const label = (verb: string) => `${verb} ${row.officeName}`;
  return (
    <Group gap={4} wrap="nowrap">
      <Button
        component={Link}
        to={`/app/offices/edit/${row.companyId}`}
        size="compact-xs"
        variant="light"
        aria-label={label('Edit')}
      >
        Edit
      </Button>
      {row.active ? (
        <Button
          size="compact-xs"
          variant="light"
          color="red"
          aria-label={label('Suspend')}
          onClick={() => actions.setActive(row, false)}
        >
          Suspend
        </Button>
      ) : (
        <Button
          size="compact-xs"
          variant="light"
          color="green"
          aria-label={label('Activate')}
          onClick={() => actions.setActive(row, true)}
        >
          Activate
        </Button>
      )}
      {row.hidden ? (
        <Button
          size="compact-xs"
          variant="subtle"
          aria-label={label('Show')}
          onClick={() => actions.setHidden(row, false)}
        >
          Show
        </Button>
      ) : (
        <Button
          size="compact-xs"
          variant="subtle"
          aria-label={label('Hide')}
          onClick={() => actions.setHidden(row, true)}
        >
          Hide
        </Button>
      )}
    </Group>
  );
}
