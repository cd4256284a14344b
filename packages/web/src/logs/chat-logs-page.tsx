// /app/logs/chat: the chat logs of the caller's tenant, filtered and paged on the server, with a CSV
// export of every matching log; agents add new ones.
import { useMemo } from 'react';
import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { CHAT_LOG_FILTERS, CHAT_LOG_SORT_FIELDS, CHAT_LOGS_EMPTY, hasRole, Role } from '@salesdesk/contract';
import { CHAT_LOGS_EXPORT, CHAT_LOGS_KEY, chatLogsBody, searchChatLogs } from '../chat-logs/api';
import { Page } from '../shell/page';
import { useMe } from '../session/use-session';
import { DataTable } from '../ui/data-table';
import { ListSearch } from '../ui/list-search';
import { Pagination } from '../ui/pagination';
import { useListPage } from '../ui/use-list-page';
import { chatLogColumns } from './chat-logs-columns';
import { CsvExportButton } from '../csv/csv-export-button';
import { LogPeriod, periodSearch, useLogPeriod, withRange } from '../filters/log-period';
import { OfficeAgentFilter } from '../filters/office-agent-filter';
import { SiteFilter } from '../filters/site-filter';

export const ADD_CHAT_LOG = '+ Add Chat Log';
const AGENT_FILTERS = CHAT_LOG_FILTERS.filter((f) => f !== 'companyId' && f !== 'agentId');

export function ChatLogsPage() {
  const me = useMe();
  const isAgent = me.role === Role.Agent;
  const showOffice = hasRole(me.role, Role.Admin);
  const columns = useMemo(() => chatLogColumns(showOffice), [showOffice]);
  const { hints, thisMonth } = useLogPeriod();
  const logs = useListPage({
    queryKey: CHAT_LOGS_KEY,
    queryFn: (query, signal) => searchChatLogs(withRange(query, thisMonth), signal),
    getRowId: (r) => r.id,
    sortFields: CHAT_LOG_SORT_FIELDS,
    // An agent sees only its own logs: office and agent filters are not its to set.
    filterKeys: isAgent ? AGENT_FILTERS : CHAT_LOG_FILTERS,
    defaultSortField: 'officeName',
    defaultSortAsc: true,
    emptyText: CHAT_LOGS_EMPTY,
  });
  const period = periodSearch(logs.search.values, logs.search.onSearch, thisMonth);

  return (
    <Page
      title="Chat Logs"
      actions={
        isAgent && (
          <Button component={Link} to="/app/chat-logs/create">
            {ADD_CHAT_LOG}
          </Button>
        )
      }
    >
      <ListSearch
        values={period.shown}
        onSearch={period.search}
        canSearch={period.canSearch}
        label="Search chat logs"
      >
        {(field, draft) => (
          <>
            <SiteFilter field={field} draft={draft} />
            {!isAgent && <OfficeAgentFilter field={field} draft={draft} showOffice={showOffice} />}
            <LogPeriod field={field} draft={draft} hints={hints} />
          </>
        )}
      </ListSearch>
      <CsvExportButton
        path={CHAT_LOGS_EXPORT}
        body={() => chatLogsBody(withRange(logs.list.query, thisMonth))}
        total={logs.result.data?.total}
        fallbackName="chat-logs.csv"
      />
      <DataTable columns={columns} caption="Chat Logs" {...logs.table} />
      <Pagination {...logs.pagination} />
    </Page>
  );
}
