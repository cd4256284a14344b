// /app/logs/chat: the chat logs of the caller's tenant, filtered and paged on the server; agents add new ones.
import { useMemo } from 'react';
import { Button, Select } from '@mantine/core';
import { Link } from 'react-router';
import {
  CHAT_LOG_FILTERS,
  CHAT_LOG_SORT_FIELDS,
  CHAT_LOGS_EMPTY,
  hasRole,
  isDateRangeValid,
  monthHints,
  payoutPeriodHints,
  Role,
  type TListQuery,
} from '@salesdesk/contract';
import { CHAT_LOGS_KEY, searchChatLogs } from '../chat-logs/api';
import { useSiteOptions } from '../offices/api';
import { Page } from '../shell/page';
import { sectionTabs } from '../shell/section-tabs';
import { useMe } from '../session/use-session';
import { DataTable } from '../ui/data-table';
import { DateRange } from '../ui/date-range';
import { ListSearch } from '../ui/list-search';
import { Pagination } from '../ui/pagination';
import { useListPage } from '../ui/use-list-page';
import { chatLogColumns } from './chat-logs-columns';
import { OfficeAgentFilter } from './office-agent-filter';

export const ADD_CHAT_LOG = '+ Add Chat Log';
const AGENT_FILTERS = CHAT_LOG_FILTERS.filter((f) => f !== 'companyId' && f !== 'agentId');

/** Without dates in the address the list shows this month (the date range is always complete). */
function withRange(query: TListQuery, range: { start: string; end: string }): TListQuery {
  const given = new Set(query.criteria.map((c) => c.field));
  if (given.has('start') && given.has('end')) return query;
  const rest = query.criteria.filter((c) => c.field !== 'start' && c.field !== 'end');
  const dates = [
    { field: 'start', value: range.start, operator: 'EQ' as const },
    { field: 'end', value: range.end, operator: 'EQ' as const },
  ];
  return { ...query, criteria: [...rest, ...dates] };
}

export function ChatLogsPage() {
  const me = useMe();
  const isAgent = me.role === Role.Agent;
  const hints = useMemo(() => payoutPeriodHints(), []);
  const thisMonth = useMemo(() => monthHints()[0], []);
  const sites = useSiteOptions(true);
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
  const { values, onSearch } = logs.search;
  const shown = useMemo(
    () => (values.start && values.end ? values : { ...values, start: thisMonth.start, end: thisMonth.end }),
    [values, thisMonth],
  );

  return (
    <Page
      title="Chat Logs"
      tabs={sectionTabs('logs', me)}
      actions={
        isAgent && (
          <Button component={Link} to="/app/chat-logs/create">
            {ADD_CHAT_LOG}
          </Button>
        )
      }
    >
      <ListSearch
        values={shown}
        // An incomplete or reversed range shows 'Date Range is not valid' and is not searched.
        onSearch={(next) => isDateRangeValid(next.start, next.end) && onSearch(next)}
        label="Search chat logs"
      >
        {(field, draft) => (
          <>
            <Select
              label="Site"
              placeholder="All sites"
              data={(sites.data ?? []).map((s) => ({ value: String(s.id), label: s.sitename }))}
              value={draft.siteId || null}
              onChange={(v) => field('siteId').onChange(v ?? '')}
              searchable
              clearable
              w={200}
            />
            {!isAgent && (
              <OfficeAgentFilter field={field} draft={draft} showOffice={hasRole(me.role, Role.Admin)} />
            )}
            <DateRange
              value={{ start: draft.start, end: draft.end }}
              onChange={(range) => {
                field('start').onChange(range.start ?? '');
                field('end').onChange(range.end ?? '');
              }}
              hints={hints}
              hintLabel="Choose payout period"
            />
          </>
        )}
      </ListSearch>
      <DataTable columns={chatLogColumns} caption="Chat Logs" {...logs.table} />
      <Pagination {...logs.pagination} />
    </Page>
  );
}
