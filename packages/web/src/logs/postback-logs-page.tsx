// /app/logs/postbacks (admins and superadmins): every postback that reached the server, accepted,
// duplicate or refused, filtered and paged on the server, newest first, with a CSV export.
import { Select, TextInput } from '@mantine/core';
import {
  POSTBACK_LOG_FILTERS,
  POSTBACK_LOG_SORT_FIELDS,
  POSTBACK_LOGS_EMPTY,
  POSTBACK_LOGS_TITLE,
  POSTBACK_RESULT_LABELS,
} from '@salesdesk/contract';
import { Page } from '../shell/page';
import { DataTable } from '../ui/data-table';
import { ListSearch } from '../ui/list-search';
import { Pagination } from '../ui/pagination';
import { useListPage } from '../ui/use-list-page';
import { CsvExportButton } from '../csv/csv-export-button';
import { LogPeriod, periodSearch, useLogPeriod, withRange } from '../filters/log-period';
import {
  POSTBACK_LOGS_EXPORT,
  POSTBACK_LOGS_KEY,
  postbackLogsBody,
  searchPostbackLogs,
} from './postback-logs-api';
import { postbackLogColumns } from './postback-logs-columns';
import { SiteFilter } from '../filters/site-filter';

const RESULTS = Object.entries(POSTBACK_RESULT_LABELS).map(([value, label]) => ({ value, label }));
export const CLICK_ID_NUMERIC = 'Click id must be a number';
const clickIdError = (v: string | undefined) => (v && !/^\d+$/.test(v.trim()) ? CLICK_ID_NUMERIC : undefined);

export function PostbackLogsPage() {
  const { hints, thisMonth } = useLogPeriod();
  const logs = useListPage({
    queryKey: POSTBACK_LOGS_KEY,
    queryFn: (query, signal) => searchPostbackLogs(withRange(query, thisMonth), signal),
    getRowId: (r) => r.id,
    sortFields: POSTBACK_LOG_SORT_FIELDS,
    filterKeys: POSTBACK_LOG_FILTERS,
    defaultSortField: 'time',
    defaultSortAsc: false,
    emptyText: POSTBACK_LOGS_EMPTY,
  });
  // A click id that is not a number is shown as an error and not searched.
  const period = periodSearch(
    logs.search.values,
    (next) => !clickIdError(next.clickId) && logs.search.onSearch(next),
    thisMonth,
  );

  return (
    <Page title={POSTBACK_LOGS_TITLE}>
      <ListSearch
        values={period.shown}
        onSearch={period.search}
        canSearch={period.canSearch}
        label="Search postbacks"
      >
        {(field, draft) => (
          <>
            <SiteFilter field={field} draft={draft} />
            <Select
              label="Result"
              placeholder="All results"
              data={RESULTS}
              value={draft.result || null}
              onChange={(v) => field('result').onChange(v ?? '')}
              clearable
              w={190}
            />
            <LogPeriod field={field} draft={draft} hints={hints} />
            <TextInput label="Tx id" {...field('txId')} w={180} />
            <TextInput
              label="Click id"
              inputMode="numeric"
              {...field('clickId')}
              error={clickIdError(draft.clickId)}
              w={130}
            />
          </>
        )}
      </ListSearch>
      <CsvExportButton
        path={POSTBACK_LOGS_EXPORT}
        body={() => postbackLogsBody(withRange(logs.list.query, thisMonth))}
        total={logs.result.data?.total}
        fallbackName="postback-logs.csv"
      />
      <DataTable columns={postbackLogColumns} caption={POSTBACK_LOGS_TITLE} {...logs.table} />
      <Pagination {...logs.pagination} />
    </Page>
  );
}
