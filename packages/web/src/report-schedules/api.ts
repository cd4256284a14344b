// Calls and hooks of the scheduled reports (issue 37): `Send this report` on the report pages, and the
// caller's own list in Profile (paged on the server), paused, resumed or deleted there.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TList, TReportSchedule, TReportScheduleCreate, TStatsSiteOption } from '@salesdesk/contract';
import { apiFetch } from '../api/client';

export const REPORT_SCHEDULES_KEY = ['report-schedules'] as const;
export const SCHEDULES_PAGE_SIZE = 10;

export function useReportSchedules(page: number) {
  return useQuery({
    queryKey: [...REPORT_SCHEDULES_KEY, page],
    queryFn: ({ signal }) =>
      apiFetch<TList<TReportSchedule>>(
        'POST',
        'report-schedules/search',
        { page, pageSize: SCHEDULES_PAGE_SIZE },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useCreateReportSchedule() {
  const client = useQueryClient();
  return useMutation({
    // The refusal is shown in the form itself.
    mutationFn: (body: TReportScheduleCreate) =>
      apiFetch<TReportSchedule>('PUT', 'report-schedules', body, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: REPORT_SCHEDULES_KEY }),
  });
}

export function usePauseReportSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, paused }: { id: number; paused: boolean }) =>
      apiFetch<TReportSchedule>('POST', `report-schedules/${id}/pause`, { paused }),
    onSuccess: () => client.invalidateQueries({ queryKey: REPORT_SCHEDULES_KEY }),
  });
}

export function useDeleteReportSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<unknown>('DELETE', `report-schedules/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: REPORT_SCHEDULES_KEY }),
  });
}

/** The caller's sites (the statistics' own list, shared with their criteria form's cache). */
export function useReportSites(enabled: boolean) {
  return useQuery({
    queryKey: ['stats', 'sites', false],
    queryFn: () =>
      apiFetch<TStatsSiteOption[]>('GET', 'stats/site-options', undefined, { query: { avp: false } }),
    enabled,
  });
}
