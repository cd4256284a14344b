// /app/logs/login: who logged in from where and when (office and above), filtered and paged on the server.
import { useMemo } from 'react';
import { TextInput } from '@mantine/core';
import { Navigate } from 'react-router';
import {
  hasRole,
  isDateRangeValid,
  LOGIN_LOG_FILTERS,
  LOGIN_LOG_SORT_FIELDS,
  LOGIN_LOGS_EMPTY,
  monthHints,
  payoutPeriodHints,
  Role,
  type TListQuery,
} from '@salesdesk/contract';
import { Page } from '../shell/page';
import { sectionTabs } from '../shell/section-tabs';
import { useBrand } from '../session/brand';
import { useMe } from '../session/use-session';
import { DataTable } from '../ui/data-table';
import { DateRange } from '../ui/date-range';
import { ListSearch } from '../ui/list-search';
import { Pagination } from '../ui/pagination';
import { useListPage } from '../ui/use-list-page';
import { LOGIN_LOGS_KEY, searchLoginLogs } from './api';
import { loginLogColumns } from './login-log-columns';
import { OfficeAgentFilter } from './office-agent-filter';

export const PAYOUT_HINT_LABEL = 'Choose payout period';

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

export function LoginLogsPage() {
  const me = useMe();
  // The login tab is for offices and above; an agent following an old link lands on its logs.
  if (!hasRole(me.role, Role.Company)) return <Navigate to="/app/logs/chat" replace />;
  return <LoginLogs />;
}

function LoginLogs() {
  const me = useMe();
  const { showIp } = useBrand();
  const isAdmin = hasRole(me.role, Role.Admin);
  const hints = useMemo(() => payoutPeriodHints(), []);
  const thisMonth = useMemo(() => monthHints()[0], []);
  const logs = useListPage({
    queryKey: LOGIN_LOGS_KEY,
    queryFn: (query, signal) => searchLoginLogs(withRange(query, thisMonth), signal),
    getRowId: (r) => r.id,
    sortFields: LOGIN_LOG_SORT_FIELDS,
    filterKeys: showIp ? LOGIN_LOG_FILTERS : LOGIN_LOG_FILTERS.filter((f) => f !== 'ipAddress'),
    defaultSortField: 'inTime',
    defaultSortAsc: false,
    emptyText: LOGIN_LOGS_EMPTY,
  });
  const columns = useMemo(() => loginLogColumns(showIp), [showIp]);
  const { values, onSearch } = logs.search;
  const shown = useMemo(
    () => (values.start && values.end ? values : { ...values, start: thisMonth.start, end: thisMonth.end }),
    [values, thisMonth],
  );

  return (
    <Page title="Login Logs" tabs={sectionTabs('logs', me)}>
      <ListSearch
        values={shown}
        // An incomplete or reversed range shows 'Date Range is not valid' and is not searched.
        onSearch={(next) => isDateRangeValid(next.start, next.end) && onSearch(next)}
        label="Search login logs"
      >
        {(field, draft) => (
          <>
            <OfficeAgentFilter field={field} draft={draft} showOffice={isAdmin} />
            {showIp && <TextInput label="IP" {...field('ipAddress')} w={150} />}
            <DateRange
              value={{ start: draft.start, end: draft.end }}
              onChange={(range) => {
                field('start').onChange(range.start ?? '');
                field('end').onChange(range.end ?? '');
              }}
              hints={hints}
              hintLabel={PAYOUT_HINT_LABEL}
            />
          </>
        )}
      </ListSearch>
      <DataTable columns={columns} caption="Login Logs" {...logs.table} />
      <Pagination {...logs.pagination} />
    </Page>
  );
}
