// /app/stats/top-agents: the sales ranking of a period and sites, by agent for a week or less, else by
// office (spec 2 section 2.15); the first 10 places and the whole ranking, paged on the server.
import { useMemo, useState } from 'react';
import { Group, MultiSelect, SimpleGrid, Stack } from '@mantine/core';
import {
  defaultWeeklyPeriod,
  isAdmin,
  isDateRangeValid,
  OFFICE_STATS_EMPTY,
  payoutPeriodHints,
  TOP_AGENTS_REPORT,
  TOP_AGENTS_TEXTS,
  type TTop10Computed,
} from '@salesdesk/contract';
import { numbered, TopTable } from '../home/top-table';
import { useSiteOptions } from '../api/option-queries';
import { LogPeriod } from '../filters/log-period';
import { Page } from '../shell/page';
import { useMe } from '../session/use-session';
import { CriteriaLine } from '../ui/criteria-line';
import { ListSearch } from '../ui/list-search';
import { Pagination } from '../ui/pagination';
import { useListPage } from '../ui/use-list-page';
import { CsvExportButton } from '../csv/csv-export-button';
import { SendReportButton } from '../report-schedules/send-report-button';
import { ComparedWith, CompareSelect, parseCompare } from './compare-select';
import { fetchRanking, TOP_AGENTS_EXPORT, TOP_AGENTS_KEY, useTop10 } from './office-stats-api';
import {
  filtersOf,
  parseIds,
  TOP_AGENTS_FILTERS,
  topAgentsCriteria,
  topAgentsScheduleFilters,
  topAgentsSummary,
} from './top-agents-criteria';

export const PAY_PERIOD_HINT_LABEL = 'Choose payout period';

export function TopAgentsPage() {
  const me = useMe();
  const hints = useMemo(() => payoutPeriodHints(), []);
  const week = useMemo(() => defaultWeeklyPeriod(), []);
  const sites = useSiteOptions(true);
  const [print, setPrint] = useState(false);
  const ranking = useListPage({
    queryKey: TOP_AGENTS_KEY,
    queryFn: (query, signal) => {
      const filters = filtersOf(query);
      const criteria = topAgentsCriteria(filters, week);
      const compare = parseCompare(filters.compare);
      return fetchRanking({ ...criteria, compare, page: query.page, pageSize: query.pageSize }, signal);
    },
    getRowId: (r) => r.no,
    filterKeys: TOP_AGENTS_FILTERS,
    emptyText: OFFICE_STATS_EMPTY,
  });
  const criteria = topAgentsCriteria(ranking.list.filters, week);
  const compare = parseCompare(ranking.list.filters.compare);
  const top = useTop10(criteria);

  // The summary names what the tables show: it changes only once the new ranking has arrived.
  const summary = topAgentsSummary(criteria, sites.data);
  const [applied, setApplied] = useState('');
  if (ranking.result.isSuccess && !ranking.result.isPlaceholderData && applied !== summary)
    setApplied(summary);

  const { values, onSearch } = ranking.search;
  const shown = values.start && values.end ? values : { ...values, start: week.start, end: week.end };
  // The list hook types its answer as a plain list; this call's answer also names its grouping.
  const answered = ranking.result.data as TTop10Computed | undefined;
  const grouping = answered?.groupBy ?? criteria.groupBy;
  const topGrouping = top.data?.groupBy ?? criteria.groupBy;
  const siteOptions = (sites.data ?? []).map((s) => ({ value: String(s.id), label: s.sitename }));

  return (
    <Page title="Top agents">
      {print ? null : (
        <ListSearch
          values={shown}
          onSearch={(next) => isDateRangeValid(next.start, next.end) && onSearch(next)}
          canSearch={(d) => isDateRangeValid(d.start, d.end)}
          label="Load statistics"
        >
          {(field, draft) => (
            <>
              <MultiSelect
                label="Sites"
                placeholder={draft.siteIds ? undefined : 'All sites'}
                data={siteOptions}
                value={parseIds(draft.siteIds).map(String)}
                onChange={(ids) => field('siteIds').onChange(ids.join(','))}
                searchable
                clearable
                w={280}
              />
              <LogPeriod field={field} draft={draft} hints={hints} hintLabel={PAY_PERIOD_HINT_LABEL} />
              <CompareSelect
                value={parseCompare(draft.compare)}
                onChange={(c) => field('compare').onChange(c ?? '')}
              />
            </>
          )}
        </ListSearch>
      )}
      {print ? null : (
        <Group gap="xs" className="no-print">
          <SendReportButton
            report={{ kind: TOP_AGENTS_REPORT, filters: topAgentsScheduleFilters(criteria, compare) }}
          />
          <CsvExportButton
            path={TOP_AGENTS_EXPORT}
            body={() => criteria}
            total={answered?.total}
            fallbackName="top-agents.csv"
          />
        </Group>
      )}
      <CriteriaLine text={applied} print={print} onPrintChange={setPrint} />
      <ComparedWith compare={compare} period={answered?.compare} />
      <SimpleGrid cols={{ base: 1, md: print ? 1 : 2 }} spacing="lg">
        <TopTable
          title={TOP_AGENTS_TEXTS[topGrouping].top}
          rows={numbered(top.data?.items)}
          showOffice={isAdmin(me.role) || topGrouping === 'company'}
          showAgent={topGrouping === 'agent'}
          loading={top.isFetching}
          emptyText={top.isPending ? '' : OFFICE_STATS_EMPTY}
          print={print}
        />
        <Stack gap="xs">
          <TopTable
            title={TOP_AGENTS_TEXTS[grouping].all}
            rows={ranking.table.data}
            showOffice={isAdmin(me.role) || grouping === 'company'}
            showAgent={grouping === 'agent'}
            loading={ranking.table.loading}
            emptyText={ranking.table.emptyText}
            highlight={ranking.list.page === 1}
            print={print}
            compared={Boolean(answered?.compare)}
          />
          <Pagination {...ranking.pagination} />
        </Stack>
      </SimpleGrid>
    </Page>
  );
}
