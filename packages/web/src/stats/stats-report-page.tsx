// One page for the four reports (Sites Statistics, Sites AVP Statistics, Payroll, Payroll AVP): the
// criteria form, the summary line with the print version, the table, paging, CSV, `Send this report`, the
// comparison's period and the AVP schedule.
import { useCallback, useMemo, useState } from 'react';
import { Group, Stack, Text } from '@mantine/core';
import {
  defaultWeeklyPeriod,
  drillGroupBy,
  hasRole,
  isAvpKind,
  PAY_PERIOD_TEXTS,
  Role,
  STATS_CALLS,
  STATS_TITLES,
  type TStatsGroupBy,
  type TStatsKind,
  type TStatsRow,
} from '@salesdesk/contract';
import { useAgentOptions, useOfficeOptions } from '../api/option-queries';
import { CsvExportButton } from '../csv/csv-export-button';
import { scheduleFiltersOf } from '../report-schedules/schedule-filters';
import { ComparedWith } from './compare-select';
import { SendReportButton } from '../report-schedules/send-report-button';
import { Page } from '../shell/page';
import { useBrand } from '../session/brand';
import { useMe } from '../session/use-session';
import { AvpPaySchedule } from '../ui/avp-pay-schedule';
import { CriteriaLine } from '../ui/criteria-line';
import { setDateRange, useStoredDateRange } from '../ui/date-range-store';
import { Pagination } from '../ui/pagination';
import { useAvpPeriods, useStatsReport, useStatsSites, useStatsTypes } from './stats-api';
import { criteriaOf, statsBody, statsSummary, useStatsUrl, type StatsCriteria } from './stats-criteria';
import { StatsForm } from './stats-form';
import { StatsTable } from './stats-table';

export function StatsReportPage({ kind }: { kind: TStatsKind }) {
  const me = useMe();
  const brand = useBrand();
  const avp = isAvpKind(kind);
  const admin = hasRole(me.role, Role.Admin);
  const office = hasRole(me.role, Role.Company);
  const url = useStatsUrl(kind);
  const stored = useStoredDateRange();
  const week = useMemo(() => defaultWeeklyPeriod(), []);
  const fallback = stored.start && stored.end ? { start: stored.start, end: stored.end } : week;
  const criteria = criteriaOf(kind, me.role, url.filters, fallback);
  const body = statsBody(criteria, {
    page: url.page,
    pageSize: url.pageSize,
    sortField: url.sortField,
    sortAsc: url.sortAsc,
  });
  const report = useStatsReport(kind, body);
  const result = report.data;
  const [print, setPrint] = useState(false);

  const periods = useAvpPeriods(avp);
  const sites = useStatsSites(avp);
  const types = useStatsTypes(criteria.siteId);
  const offices = useOfficeOptions(admin);
  const agents = useAgentOptions(admin ? criteria.companyId : undefined, {
    mode: 'AvailablePlusSuspended',
    enabled: office,
  });
  const nameOf = <T extends { id: number }>(
    rows: T[] | undefined,
    id: string | undefined,
    name: (r: T) => string,
  ) => {
    const row = rows?.find((r) => String(r.id) === id);
    return row ? name(row) : undefined;
  };
  const summary = statsSummary(
    kind,
    criteria,
    {
      site: nameOf(sites.data, criteria.siteId, (s) => s.sitename),
      type: nameOf(types.data, criteria.typeId, (t) => t.typename),
      office: nameOf(offices.data, criteria.companyId, (o) => o.officeName),
      agent: nameOf(agents.data, criteria.agentId, (a) => a.username),
      avp: periods.data?.find((p) => String(p.index) === criteria.avp),
      avpSites: sites.data?.map((s) => s.sitename),
    },
    { office: admin, agent: office },
  );
  // The summary names what the table shows: it changes only after a successful load.
  const [applied, setApplied] = useState('');
  if (report.isSuccess && !report.isPlaceholderData && applied !== summary) setApplied(summary);

  const search = useCallback(
    (next: StatsCriteria) => {
      setDateRange({ start: next.start, end: next.end });
      url.search(next, criteria);
    },
    [url, criteria],
  );
  const drill = useCallback(
    (row: TStatsRow, from: TStatsGroupBy) => {
      const groupBy = drillGroupBy(kind, me.role, from);
      if (!groupBy) return;
      const next: StatsCriteria = { ...criteria, groupBy };
      if (from === 'date' && row.date) Object.assign(next, { start: row.date, end: row.date });
      if (from !== 'date' && admin && row.companyId !== null) next.companyId = String(row.companyId);
      if (from === 'agent' && row.agentId !== null) next.agentId = String(row.agentId);
      search(next);
    },
    [kind, me.role, criteria, admin, search],
  );
  const schedule = periods.data ?? [];

  return (
    <Page title={STATS_TITLES[kind]} tabs={print ? false : undefined}>
      <Stack gap="xs">
        {!print && (
          <StatsForm
            kind={kind}
            role={me.role}
            criteria={criteria}
            busy={report.isFetching}
            onSearch={search}
          />
        )}
        {avp && schedule.length > 0 && !print && (
          <AvpPaySchedule
            periods={schedule}
            showPhp={schedule.some((p) => p.payoutPhp !== null)}
            showDollars={schedule.some((p) => p.payoutDollars !== null)}
          />
        )}
        <Group justify="space-between" wrap="nowrap" align="center">
          <div style={{ flex: 1, minWidth: 0 }}>
            <CriteriaLine text={applied} print={print} onPrintChange={setPrint} />
          </div>
          {!print && (
            <Group gap="xs" wrap="nowrap" className="no-print">
              <SendReportButton report={{ kind, filters: scheduleFiltersOf(body) }} />
              <CsvExportButton
                path={`${STATS_CALLS[kind]}/export`}
                body={() => body}
                total={result?.page.total}
                fallbackName={`${kind}.csv`}
              />
            </Group>
          )}
        </Group>
        <ComparedWith compare={criteria.compare} period={result?.compare} />
        {result?.closed && (
          // Payroll over exactly a closed pay period: the figures are what was settled, not live.
          <Text size="sm" fw={600} role="status">
            {PAY_PERIOD_TEXTS.closedOn(result.closed.day, result.closed.by)}
          </Text>
        )}
        <StatsTable
          kind={kind}
          role={me.role}
          result={result}
          page={url.page}
          pageSize={url.pageSize}
          showUniques={brand.showUniques}
          print={print}
          loading={report.isFetching}
          avpPeriods={schedule}
          onSort={url.setSort}
          onDrill={drill}
        />
        {!print && (
          <Pagination
            page={url.page}
            pageSize={url.pageSize}
            total={result?.page.total ?? 0}
            onPageChange={url.setPage}
          />
        )}
      </Stack>
    </Page>
  );
}
