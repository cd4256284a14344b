// /app/logs/sale-logs: the raw sales and bonuses of the caller's tenant (an agent its own), filtered and
// paged on the server, newest first, reloading every 60 s after a search, with a CSV export. Those who
// may change money get a row menu (reverse, approve, reject) and the way to add an adjustment.
import { useEffect, useMemo } from 'react';
import { Button, Select, TextInput } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import {
  hasRole,
  RECORD_TYPE_LABELS,
  RECORD_TYPES,
  Role,
  SALE_LOG_FILTERS,
  SALE_LOG_RAW_KEYS,
  SALE_LOG_REFRESH_MS,
  SALE_LOG_SORT_FIELDS,
  SALE_LOGS_EMPTY,
  saleStatusLabel,
  SALE_STATUSES,
} from '@salesdesk/contract';
import { canChangeMoney } from '../shell/access-rules';
import { Page } from '../shell/page';
import { useMe } from '../session/use-session';
import { DataTable } from '../ui/data-table';
import { ListSearch } from '../ui/list-search';
import { Pagination } from '../ui/pagination';
import { useListPage } from '../ui/use-list-page';
import { CsvExportButton } from '../csv/csv-export-button';
import { LogPeriod, periodSearch, useLogPeriod, withRange } from '../filters/log-period';
import { OfficeAgentFilter } from '../filters/office-agent-filter';
import {
  SALE_LOGS_EXPORT,
  SALE_LOGS_KEY,
  saleLogsBody,
  searchSaleLogs,
  type SaleLogsPage,
} from './sale-logs-api';
import { saleLogColumns } from './sale-logs-columns';
import { useSaleActions } from './sale-actions';
import { SiteFilter } from '../filters/site-filter';

export const ADJUSTMENT_PATH = '/app/logs/adjustments/create';
const RECORD_TYPE_OPTIONS = RECORD_TYPES.map((t) => ({ value: String(t), label: RECORD_TYPE_LABELS[t]! }));
const statusOptions = (role: number) =>
  SALE_STATUSES.map((value) => ({ value, label: saleStatusLabel(value, role) }));
const isId = (v: string | null) => (v && /^\d+$/.test(v) ? v : undefined);
export const CLICK_ID_NUMERIC = 'Click id must be a number';
const clickIdError = (v: string | undefined) => (v && !/^\d+$/.test(v.trim()) ? CLICK_ID_NUMERIC : undefined);

/** The raw site and agent ids of the address: they override and disable their dropdowns. */
function usePinned() {
  const [params] = useSearchParams();
  const siteId = isId(params.get(SALE_LOG_RAW_KEYS.siteId));
  const agentId = isId(params.get(SALE_LOG_RAW_KEYS.agentId));
  return useMemo(() => {
    const pinned: Record<string, string> = {};
    if (siteId) pinned.siteId = siteId;
    if (agentId) pinned.agentId = agentId;
    return pinned;
  }, [siteId, agentId]);
}

/** Reloads every SALE_LOG_REFRESH_MS while the page shows this search; a new search or leaving stops it. */
function useAutoRefresh(searchKey: string, refetch: () => unknown) {
  useEffect(() => {
    const timer = setInterval(() => void refetch(), SALE_LOG_REFRESH_MS);
    return () => clearInterval(timer);
    // `searchKey` stands for the search; refetch always reloads the current one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searchKey]);
}

export function SaleLogsPage() {
  const me = useMe();
  const isAgent = me.role === Role.Agent;
  const pinned = usePinned();
  const { hints, thisMonth } = useLogPeriod();
  const filterKeys = useMemo(
    () => SALE_LOG_FILTERS.filter((f) => !(isAgent && (f === 'companyId' || f === 'agentId'))),
    [isAgent],
  );
  const logs = useListPage({
    queryKey: [...SALE_LOGS_KEY, pinned],
    queryFn: (query, signal) => searchSaleLogs(withRange(query, thisMonth), pinned, signal),
    getRowId: (r) => r.id,
    sortFields: SALE_LOG_SORT_FIELDS,
    filterKeys,
    defaultSortField: 'date',
    defaultSortAsc: false,
    emptyText: SALE_LOGS_EMPTY,
  });
  useAutoRefresh(JSON.stringify([logs.list.query, pinned]), logs.result.refetch);
  // A click id that is not a number is shown as an error and not searched.
  const period = periodSearch(
    logs.search.values,
    (next) => !clickIdError(next.clickId) && logs.search.onSearch(next),
    thisMonth,
  );
  const earningVisible = (logs.result.data as SaleLogsPage | undefined)?.earningVisible ?? false;
  const changesMoney = canChangeMoney(me);
  const act = useSaleActions();
  const columns = useMemo(
    () =>
      saleLogColumns({
        office: hasRole(me.role, Role.Admin),
        note: hasRole(me.role, Role.Admin),
        earning: earningVisible,
        referer: me.role === Role.Superadmin,
        role: me.role,
        act: changesMoney ? (row, action) => void act(row, action) : undefined,
      }),
    [earningVisible, me.role, changesMoney, act],
  );

  return (
    <Page
      title="Sale Logs"
      actions={
        changesMoney && (
          <Button component={Link} to={ADJUSTMENT_PATH} variant="light">
            Add adjustment
          </Button>
        )
      }
    >
      <ListSearch
        values={period.shown}
        onSearch={period.search}
        canSearch={period.canSearch}
        label="Search sale logs"
      >
        {(field, draft) => (
          <>
            <SiteFilter field={field} draft={draft} pinned={pinned.siteId} />
            {!isAgent && (
              <OfficeAgentFilter
                field={field}
                draft={draft}
                showOffice={hasRole(me.role, Role.Admin)}
                pinnedAgent={pinned.agentId}
              />
            )}
            <Select
              label="Record type"
              placeholder="All records"
              data={RECORD_TYPE_OPTIONS}
              value={draft.recordType || null}
              onChange={(v) => field('recordType').onChange(v ?? '')}
              clearable
              w={140}
            />
            <Select
              label="Status"
              placeholder="All statuses"
              data={statusOptions(me.role)}
              value={draft.status || null}
              onChange={(v) => field('status').onChange(v ?? '')}
              clearable
              w={140}
            />
            <LogPeriod field={field} draft={draft} hints={hints} />
            <TextInput
              label="Click id"
              inputMode="numeric"
              {...field('clickId')}
              error={clickIdError(draft.clickId)}
              w={130}
            />
            <TextInput label="Email" {...field('email')} w={200} />
          </>
        )}
      </ListSearch>
      <CsvExportButton
        path={SALE_LOGS_EXPORT}
        body={() => saleLogsBody(withRange(logs.list.query, thisMonth), pinned)}
        total={logs.result.data?.total}
        fallbackName="sale-logs.csv"
      />
      <DataTable columns={columns} caption="Sale Logs" {...logs.table} />
      <Pagination {...logs.pagination} />
    </Page>
  );
}
