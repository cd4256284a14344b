// /app/logs/click-outs: the clicks of the caller's tenant (an agent its own), filtered and paged on the
// server (by invalid reason too), newest first, with a CSV export of every matching click, and from
// which day raw clicks are kept once the retention option dropped older months.
import { useMemo } from 'react';
import { Select, Text, TextInput } from '@mantine/core';
import {
  CLICK_LOG_FILTERS,
  CLICK_REASON_FILTER_LABELS,
  CLICK_LOG_SORT_FIELDS,
  CLICK_LOGS_EMPTY,
  clickLogsKeptFrom,
  hasRole,
  Role,
} from '@salesdesk/contract';
import { Page } from '../shell/page';
import { useBrand } from '../session/brand';
import { useMe } from '../session/use-session';
import { DataTable } from '../ui/data-table';
import { ListSearch } from '../ui/list-search';
import { Pagination } from '../ui/pagination';
import { useListPage } from '../ui/use-list-page';
import { CLICK_LOGS_EXPORT, CLICK_LOGS_KEY, clickLogsBody, searchClickLogs } from './click-logs-api';
import { clickLogColumns } from './click-logs-columns';
import { CsvExportButton } from '../csv/csv-export-button';
import { LogPeriod, periodSearch, useLogPeriod, withRange } from '../filters/log-period';
import { OfficeAgentFilter } from '../filters/office-agent-filter';
import { SiteFilter } from '../filters/site-filter';

type Filter = (typeof CLICK_LOG_FILTERS)[number];

const REASONS = Object.entries(CLICK_REASON_FILTER_LABELS).map(([value, label]) => ({ value, label }));

/** An agent sees only its own clicks: office and agent are not its to choose; IPs only where shown. */
function filtersFor(isAgent: boolean, showIp: boolean): readonly Filter[] {
  return CLICK_LOG_FILTERS.filter(
    (f) => !(isAgent && (f === 'companyId' || f === 'agentId')) && (showIp || f !== 'ipAddress'),
  );
}

export function ClickLogsPage() {
  const me = useMe();
  const brand = useBrand();
  const isAgent = me.role === Role.Agent;
  const filterKeys = useMemo(() => filtersFor(isAgent, brand.showIp), [isAgent, brand.showIp]);
  const { hints, thisMonth } = useLogPeriod();
  const logs = useListPage({
    queryKey: CLICK_LOGS_KEY,
    queryFn: (query, signal) => searchClickLogs(withRange(query, thisMonth), signal),
    getRowId: (r) => r.id,
    sortFields: CLICK_LOG_SORT_FIELDS,
    filterKeys,
    defaultSortField: 'clickTime',
    defaultSortAsc: false,
    emptyText: CLICK_LOGS_EMPTY,
  });
  const period = periodSearch(logs.search.values, logs.search.onSearch, thisMonth);
  const showOffice = hasRole(me.role, Role.Admin);
  const columns = useMemo(() => clickLogColumns(brand, showOffice), [brand, showOffice]);
  const keptFrom = logs.result.data?.keptFrom;

  return (
    <Page title="Click Logs">
      <ListSearch
        values={period.shown}
        onSearch={period.search}
        canSearch={period.canSearch}
        label="Search click logs"
      >
        {(field, draft) => (
          <>
            {!isAgent && <OfficeAgentFilter field={field} draft={draft} showOffice={showOffice} />}
            <SiteFilter field={field} draft={draft} />
            {brand.showIp && <TextInput label="IP" {...field('ipAddress')} w={150} />}
            <Select
              label="Reason"
              placeholder="All clicks"
              data={REASONS}
              value={draft.reason || null}
              onChange={(v) => field('reason').onChange(v ?? '')}
              clearable
              w={210}
            />
            <LogPeriod field={field} draft={draft} hints={hints} />
          </>
        )}
      </ListSearch>
      <CsvExportButton
        path={CLICK_LOGS_EXPORT}
        body={() => clickLogsBody(withRange(logs.list.query, thisMonth))}
        total={logs.result.data?.total}
        fallbackName="click-logs.csv"
      />
      {keptFrom && (
        <Text size="sm" c="dimmed" mt="xs">
          {clickLogsKeptFrom(keptFrom)}
        </Text>
      )}
      <DataTable columns={columns} caption="Click Logs" {...logs.table} />
      <Pagination {...logs.pagination} />
    </Page>
  );
}
