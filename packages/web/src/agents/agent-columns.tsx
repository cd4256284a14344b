// The columns of the agents list (spec 1 /app/agents): seven sortable, password and actions not.
import { Anchor, Button, Group, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import {
  AGENT_TEXTS,
  formatAccountStatus,
  formatCount,
  formatDateTime,
  type TAgentRow,
} from '@salesdesk/contract';
import type { DataColumn } from '../ui/data-table';
import type { AgentSortField } from './api';
import type { StatusChange } from './agent-status';

export type ChangeRow = (row: TAgentRow, change: StatusChange) => void;
/** Suspend for fraud (the review queue's reviewers). */
export type SuspendRow = (row: TAgentRow) => void;

export const agentSitesPath = (row: Pick<TAgentRow, 'id' | 'username'>) =>
  `/app/agents/${row.id}/${encodeURIComponent(row.username)}/sites`;

export const agentLoginsPath = (row: Pick<TAgentRow, 'id' | 'companyId'>) =>
  `/app/logs/login?agentId=${row.id}&companyId=${row.companyId}`;

const statusText = (r: TAgentRow) =>
  `${formatAccountStatus(r.active, r.hidden)}${r.loginBlocked ? ', login disabled' : ''}${r.approved ? '' : ', unapproved'}`;

/** `showOffice` is for admins: an office's agents are all its own; `suspend` for the review queue's reviewers. */
export function agentColumns(
  change: ChangeRow,
  showOffice: boolean,
  suspend?: SuspendRow,
): DataColumn<TAgentRow, AgentSortField>[] {
  return [
    { id: 'username', header: 'Username', sortable: true, cell: (r) => r.username },
    { id: 'password', header: 'Password', cell: (r) => r.plainPassword ?? '' },
    { id: 'officeName', header: 'Office', sortable: true, hidden: !showOffice, cell: (r) => r.officeName },
    { id: 'regTime', header: 'Registered', sortable: true, cell: (r) => formatDateTime(r.regTime) },
    {
      id: 'lastLoginTime',
      header: 'Last Login',
      sortable: true,
      cell: (r) => (r.lastLoginTime ? formatDateTime(r.lastLoginTime) : ''),
    },
    {
      id: 'loginCount',
      header: 'Logins',
      sortable: true,
      align: 'right',
      cell: (r) => (
        <Anchor component={Link} to={agentLoginsPath(r)}>
          {formatCount(r.loginCount)}
        </Anchor>
      ),
    },
    // What an office looks at first: whether the agent can work.
    { id: 'active', header: 'Status', sortable: true, priority: 'high', cell: statusText },
    {
      id: 'sitesCount',
      header: 'Sites',
      sortable: true,
      priority: 'high', // the way to the agent's sites
      align: 'right',
      cell: (r) => (
        <Anchor component={Link} to={agentSitesPath(r)}>
          {formatCount(r.sitesCount)}
        </Anchor>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      actions: true,
      cell: (r) => <AgentActions row={r} change={change} suspend={suspend} />,
    },
  ];
}

function AgentActions({ row, change, suspend }: { row: TAgentRow; change: ChangeRow; suspend?: SuspendRow }) {
  const label = (verb: string) => `${verb} ${row.username}`;
  const action = (verb: string, next: StatusChange, color?: string) => (
    <Button
      size="compact-xs"
      variant="light"
      color={color}
      aria-label={label(verb)}
      onClick={() => change(row, next)}
    >
      {verb}
    </Button>
  );
  return (
    <Group gap={4} wrap="nowrap">
      <Button
        component={Link}
        to={`/app/agents/edit/${row.id}`}
        size="compact-xs"
        variant="light"
        aria-label={label('Edit')}
      >
        Edit
      </Button>
      {row.active
        ? action('Suspend', { active: false }, 'red')
        : action('Activate', { active: true }, 'green')}
      {row.hidden ? action('Show', { hidden: false }) : action('Hide', { hidden: true })}
      <Tooltip label={AGENT_TEXTS.loginTooltip}>
        {row.loginBlocked
          ? action('Enable login', { loginBlocked: false }, 'teal')
          : action('Disable login', { loginBlocked: true }, 'orange')}
      </Tooltip>
      {suspend && (
        <Button
          size="compact-xs"
          variant="light"
          color="red"
          aria-label={`Suspend for fraud ${row.username}`}
          onClick={() => suspend(row)}
        >
          Suspend for fraud
        </Button>
      )}
    </Group>
  );
}
