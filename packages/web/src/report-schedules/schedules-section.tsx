// Profile: the caller's scheduled reports (issue 37), paged on the server: the report, its filters, when
// it was last sent (US Eastern), Pause or Resume, and Delete after the question.
import { useState } from 'react';
import { Badge, Button, Group, Stack, Title } from '@mantine/core';
import {
  formatDateTime,
  hasRole,
  REPORT_SCHEDULE_TEXTS,
  Role,
  type TReportSchedule,
} from '@salesdesk/contract';
import { useAgentOptions, useOfficeOptions } from '../api/option-queries';
import { useMe } from '../session/use-session';
import { confirmDialog, DataTable, type DataColumn } from '../ui';
import { showNote } from '../ui/notes';
import { Pagination } from '../ui/pagination';
import {
  SCHEDULES_PAGE_SIZE,
  useDeleteReportSchedule,
  usePauseReportSchedule,
  useReportSchedules,
  useReportSites,
} from './api';
import { filterIds, scheduleFiltersSummary } from './schedule-filters';

export const SCHEDULE_COLUMNS = { report: 'Report', filters: 'Filters', lastSent: 'Last Sent' } as const;
const DONE = 'Operation Complete';
export const PAUSED = 'Paused';

/** The names behind the filters' ids, from the lists the report pages' selects use. */
function useFilterNames(rows: TReportSchedule[]) {
  const me = useMe();
  const admin = hasRole(me.role, Role.Admin);
  const office = hasRole(me.role, Role.Company);
  const ids = rows.map(filterIds);
  const sites = useReportSites(ids.some((i) => i.siteIds.length > 0));
  const offices = useOfficeOptions(admin && ids.some((i) => i.companyId !== undefined));
  const agents = useAgentOptions(undefined, {
    mode: 'AvailablePlusSuspended',
    enabled: office && ids.some((i) => i.agentId !== undefined),
  });
  return (r: TReportSchedule) => {
    const { companyId, agentId } = filterIds(r);
    return scheduleFiltersSummary(r, {
      site: (id) => sites.data?.find((s) => s.id === id)?.sitename,
      office: offices.data?.find((o) => o.id === companyId)?.officeName,
      agent: agents.data?.find((a) => a.id === agentId)?.username,
    });
  };
}

export function ReportSchedulesSection() {
  const [page, setPage] = useState(1);
  const list = useReportSchedules(page);
  const pause = usePauseReportSchedule();
  const remove = useDeleteReportSchedule();
  const rows = list.data?.items ?? [];
  const filtersOf = useFilterNames(rows);

  const togglePause = async (r: TReportSchedule) => {
    await pause.mutateAsync({ id: r.id, paused: !r.paused });
    showNote({ type: 'success', heading: DONE, body: r.title });
  };
  const askDelete = (r: TReportSchedule) =>
    confirmDialog({
      heading: REPORT_SCHEDULE_TEXTS.deleteConfirm,
      subject: r.title,
      danger: true,
      confirmLabel: REPORT_SCHEDULE_TEXTS.delete,
      onConfirm: async () => {
        await remove.mutateAsync(r.id);
        showNote({ type: 'success', heading: DONE, body: r.title });
        // The last row of a later page gone: show the page before.
        if (rows.length === 1 && page > 1) setPage(page - 1);
      },
    });

  const columns: DataColumn<TReportSchedule>[] = [
    {
      id: 'title',
      header: SCHEDULE_COLUMNS.report,
      priority: 'high',
      cell: (r) => (
        <Group gap={6} wrap="nowrap">
          {r.title}
          {r.paused && (
            <Badge size="xs" variant="light" color="gray">
              {PAUSED}
            </Badge>
          )}
        </Group>
      ),
    },
    { id: 'filters', header: SCHEDULE_COLUMNS.filters, wrap: true, cell: filtersOf },
    {
      id: 'lastSentAt',
      header: SCHEDULE_COLUMNS.lastSent,
      cell: (r) => (r.lastSentAt ? formatDateTime(r.lastSentAt) : ''),
    },
    {
      id: 'actions',
      actions: true,
      header: '',
      cell: (r) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="compact-xs" variant="light" onClick={() => void togglePause(r)}>
            {r.paused ? REPORT_SCHEDULE_TEXTS.resume : REPORT_SCHEDULE_TEXTS.pause}
          </Button>
          <Button size="compact-xs" variant="light" color="red" onClick={() => void askDelete(r)}>
            {REPORT_SCHEDULE_TEXTS.delete}
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {REPORT_SCHEDULE_TEXTS.title}
      </Title>
      <DataTable
        caption={REPORT_SCHEDULE_TEXTS.title}
        data={rows}
        columns={columns}
        getRowId={(r) => r.id}
        loading={list.isFetching}
        emptyText={REPORT_SCHEDULE_TEXTS.empty}
      />
      <Pagination
        page={page}
        pageSize={SCHEDULES_PAGE_SIZE}
        total={list.data?.total ?? 0}
        onPageChange={setPage}
      />
    </Stack>
  );
}
