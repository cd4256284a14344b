// /app/logs/login: who logged in from where and when (office and above), filtered and paged on the server.
import { useMemo } from 'react';
import { TextInput } from '@mantine/core';
import { Navigate } from 'react-router';
import {
  hasRole,
  LOGIN_LOG_FILTERS,
  LOGIN_LOG_SORT_FIELDS,
  LOGIN_LOGS_EMPTY,
  Role,
} from '@salesdesk/contract';
import { Page } from '../shell/page';
import { useBrand } from '../session/brand';
import { useMe } from '../session/use-session';
import { DataTable } from '../ui/data-table';
import { ListSearch } from '../ui/list-search';
import { Pagination } from '../ui/pagination';
import { useListPage } from '../ui/use-list-page';
import { LOGIN_LOGS_KEY, loginLogsBody, searchLoginLogs } from './api';
import { CsvExportButton } from '../csv/csv-export-button';
import { loginLogColumns } from './login-log-columns';
import { LogPeriod, periodSearch, useLogPeriod, withRange } from '../filters/log-period';
import { OfficeAgentFilter } from '../filters/office-agent-filter';

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
  const { hints, thisMonth } = useLogPeriod();
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
  const period = periodSearch(logs.search.values, logs.search.onSearch, thisMonth);

  return (
    <Page title="Login Logs">
      <ListSearch
        values={period.shown}
        onSearch={period.search}
        canSearch={period.canSearch}
        label="Search login logs"
      >
        {(field, draft) => (
          <>
            <OfficeAgentFilter field={field} draft={draft} showOffice={isAdmin} />
            {showIp && <TextInput label="IP" {...field('ipAddress')} w={150} />}
            <LogPeriod field={field} draft={draft} hints={hints} />
          </>
        )}
      </ListSearch>
      <CsvExportButton
        path="login-logs/export"
        body={() => loginLogsBody(withRange(logs.list.query, thisMonth))}
        total={logs.result.data?.total}
        fallbackName="login-logs.csv"
      />
      <DataTable columns={columns} caption="Login Logs" {...logs.table} />
      <Pagination {...logs.pagination} />
    </Page>
  );
}
