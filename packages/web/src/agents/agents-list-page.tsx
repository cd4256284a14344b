// /app/agents: search by username (and the office in ?companyId=), sortable paged list, row and bulk status actions.
import { useMemo } from 'react';
import { Anchor, Button, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { AGENT_SEARCH_FIELDS, AGENT_SORT_FIELDS, isAdmin } from '@salesdesk/contract';
import { useSuspendAction } from '../review/review-actions';
import { useMe } from '../session/use-session';
import { canApproveAgents } from '../shell/access-rules';
import { Page } from '../shell/page';
import { DataTable } from '../ui/data-table';
import { ListSearch } from '../ui/list-search';
import { Pagination } from '../ui/pagination';
import { SelectionBar } from '../ui/selection-bar';
import { useListPage } from '../ui/use-list-page';
import { AGENTS_KEY, searchAgents, useSetAgentsStatus } from './api';
import { agentColumns } from './agent-columns';
import { changeRow, changeSelected, type StatusChange } from './agent-status';

export const AGENTS_EMPTY = 'No data';

export function AgentsListPage() {
  const agents = useListPage({
    queryKey: AGENTS_KEY,
    queryFn: searchAgents,
    getRowId: (r) => r.id,
    sortFields: AGENT_SORT_FIELDS,
    filterKeys: AGENT_SEARCH_FIELDS,
    operators: { companyId: 'EQ' },
    defaultSortField: 'username',
    emptyText: AGENTS_EMPTY,
    selectable: true,
  });
  const { mutateAsync } = useSetAgentsStatus();
  const me = useMe();
  const showOffice = isAdmin(me.role);
  const suspend = useSuspendAction(me);
  const reviewer = canApproveAgents(me);
  const columns = useMemo(
    () =>
      agentColumns(
        (row, change) => void changeRow(mutateAsync, row, change),
        showOffice,
        reviewer ? (row) => void suspend(row) : undefined,
      ),
    [mutateAsync, showOffice, reviewer, suspend],
  );

  const bulk = async (change: StatusChange) => {
    if (await changeSelected(mutateAsync, agents.selectedRows, change)) agents.clearSelection();
  };

  return (
    <Page
      title="Agents"
      actions={
        <Button component={Link} to="/app/agents/create">
          + Add Agent
        </Button>
      }
    >
      <ListSearch {...agents.search} label="Search agents">
        {(field) => <TextInput label="Search by username" {...field('username')} />}
      </ListSearch>
      {agents.search.values.companyId ? (
        <Text size="sm" mb="xs">
          Agents of one office.{' '}
          <Anchor component={Link} to="/app/agents">
            Show all agents
          </Anchor>
        </Text>
      ) : null}
      <SelectionBar
        count={agents.selected.length}
        actions={[
          { label: 'Activate', onClick: () => void bulk({ active: true }), color: 'green' },
          { label: 'Suspend', onClick: () => void bulk({ active: false }), color: 'red' },
          { label: 'Enable login', onClick: () => void bulk({ loginBlocked: false }), color: 'teal' },
          { label: 'Disable login', onClick: () => void bulk({ loginBlocked: true }), color: 'orange' },
        ]}
      />
      <DataTable columns={columns} {...agents.table} caption="Agents" />
      <Pagination {...agents.pagination} />
    </Page>
  );
}
