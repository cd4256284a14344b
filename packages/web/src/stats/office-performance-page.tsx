// /app/stats/office-performance: sales of two periods side by side and the progress between them
// (spec 2 section 2.15, DESIGN.md rule 7), paged and sorted on the server.
import { useMemo, useState } from 'react';
import { Group, Select } from '@mantine/core';
import {
  formatCount,
  isAdmin,
  isDateRangeValid,
  OFFICE_STATS_EMPTY,
  PERFORMANCE_HEADERS,
  PERFORMANCE_REPORT,
  PERFORMANCE_SORT_FIELDS,
  type TPerformanceList,
  type TPerformanceRow,
  type TPerformanceSortField,
} from '@salesdesk/contract';
import { Page } from '../shell/page';
import { useMe } from '../session/use-session';
import { CriteriaLine } from '../ui/criteria-line';
import { DataTable, type DataColumn } from '../ui/data-table';
import { DateRange } from '../ui/date-range';
import { ListSearch } from '../ui/list-search';
import { SignedPercent } from '../ui/money';
import { Pagination } from '../ui/pagination';
import { useListPage } from '../ui/use-list-page';
import { CsvExportButton } from '../csv/csv-export-button';
import { SendReportButton } from '../report-schedules/send-report-button';
import { fetchPeriods, PERFORMANCE_EXPORT, PERFORMANCE_KEY } from './office-stats-api';
import {
  filtersOf,
  PERFORMANCE_FILTERS,
  performanceCriteria,
  performanceHints,
  performanceScheduleFilters,
  performanceSummary,
  shownFilters,
} from './office-performance-criteria';

const GROUP_OPTIONS = [
  { value: 'company', label: 'Office' },
  { value: 'agent', label: 'Agent' },
];

const sortOf = (q: { sortField?: TPerformanceSortField; sortAsc?: boolean }) => ({
  sortField: q.sortField,
  sortAsc: q.sortAsc,
});

const columns: DataColumn<TPerformanceRow, TPerformanceSortField>[] = [
  { id: 'name', header: PERFORMANCE_HEADERS.name, cell: (r) => r.name, sortable: true },
  {
    id: 'sales1',
    header: PERFORMANCE_HEADERS.sales1,
    cell: (r) => formatCount(r.sales1),
    sortable: true,
    align: 'right',
  },
  {
    id: 'sales2',
    header: PERFORMANCE_HEADERS.sales2,
    cell: (r) => formatCount(r.sales2),
    sortable: true,
    align: 'right',
  },
  {
    id: 'progress',
    header: PERFORMANCE_HEADERS.progress,
    cell: (r) => <SignedPercent value={r.progress} />,
    sortable: true,
    align: 'right',
  },
];

export function OfficePerformancePage() {
  const me = useMe();
  const admin = isAdmin(me.role);
  const hints = useMemo(() => performanceHints(), []);
  const [print, setPrint] = useState(false);
  const list = useListPage({
    queryKey: PERFORMANCE_KEY,
    queryFn: (query, signal) =>
      fetchPeriods(
        {
          ...performanceCriteria(filtersOf(query), hints),
          page: query.page,
          pageSize: query.pageSize,
          ...sortOf(query),
        },
        signal,
      ),
    getRowId: (r) => r.id,
    sortFields: PERFORMANCE_SORT_FIELDS,
    defaultSortField: 'name',
    filterKeys: PERFORMANCE_FILTERS,
    emptyText: OFFICE_STATS_EMPTY,
  });

  const criteria = performanceCriteria(list.list.filters, hints);
  const answered = list.result.data as TPerformanceList | undefined;
  const groupBy = answered?.groupBy ?? criteria.groupBy ?? (admin ? 'company' : 'agent');
  const summary = performanceSummary(criteria, groupBy);
  const [applied, setApplied] = useState('');
  if (list.result.isSuccess && !list.result.isPlaceholderData && applied !== summary) setApplied(summary);
  const { values, onSearch } = list.search;

  return (
    <Page title="Office performance">
      {print ? null : (
        <ListSearch
          values={shownFilters(values, hints)}
          onSearch={(next) =>
            isDateRangeValid(next.start1, next.end1) &&
            isDateRangeValid(next.start2, next.end2) &&
            onSearch(next)
          }
          canSearch={(d) => isDateRangeValid(d.start1, d.end1) && isDateRangeValid(d.start2, d.end2)}
          label="Load statistics"
        >
          {(field, draft) => (
            <>
              {admin && (
                <Select
                  label="Group by"
                  data={GROUP_OPTIONS}
                  value={draft.groupBy ?? 'company'}
                  onChange={(v) => field('groupBy').onChange(v ?? '')}
                  allowDeselect={false}
                  w={120}
                />
              )}
              {([1, 2] as const).map((n) => (
                <DateRange
                  key={n}
                  value={{ start: draft[`start${n}`], end: draft[`end${n}`] }}
                  onChange={(range) => {
                    field(`start${n}`).onChange(range.start ?? '');
                    field(`end${n}`).onChange(range.end ?? '');
                  }}
                  hints={hints}
                  startLabel={`Period ${n} start`}
                  endLabel={`Period ${n} end`}
                  hintLabel={`Choose period ${n}`}
                />
              ))}
            </>
          )}
        </ListSearch>
      )}
      {print ? null : (
        <Group gap="xs" className="no-print">
          <SendReportButton
            report={{
              kind: PERFORMANCE_REPORT,
              filters: performanceScheduleFilters(criteria, sortOf(list.list.query)),
            }}
          />
          <CsvExportButton
            path={PERFORMANCE_EXPORT}
            body={() => ({ ...criteria, ...sortOf(list.list.query) })}
            total={answered?.total}
            fallbackName="office-performance.csv"
          />
        </Group>
      )}
      <CriteriaLine text={applied} print={print} onPrintChange={setPrint} />
      <DataTable columns={columns} caption="Office performance" print={print} {...list.table} />
      <Pagination {...list.pagination} />
    </Page>
  );
}
