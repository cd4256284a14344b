// Calls of the top agents, office performance and office chart pages.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  TChartModel,
  TOfficeChartsRequest,
  TPerformanceList,
  TPeriodsRequest,
  TTop10,
  TTop10ComputedRequest,
  TTop10Computed,
  TTop10Request,
} from '@salesdesk/contract';
import { apiFetch } from '../api/client';

export const TOP_AGENTS_KEY = ['stats', 'top-agents'] as const;
export const PERFORMANCE_KEY = ['stats', 'office-performance'] as const;
export const OFFICE_CHARTS_KEY = ['stats', 'office-charts'] as const;
/** The CSV exports: every place of the ranking, every row of the comparison. */
export const TOP_AGENTS_EXPORT = 'stats/top10/computed/export';
export const PERFORMANCE_EXPORT = 'stats/periods/export';

export const fetchTop10 = (body: TTop10Request, signal?: AbortSignal) =>
  apiFetch<TTop10>('POST', 'stats/top10', body, { signal });

export const fetchRanking = (body: TTop10ComputedRequest, signal?: AbortSignal) =>
  apiFetch<TTop10Computed>('POST', 'stats/top10/computed', body, { signal });

export const fetchPeriods = (body: TPeriodsRequest, signal?: AbortSignal) =>
  apiFetch<TPerformanceList>('POST', 'stats/periods', body, { signal });

export function useTop10(body: TTop10Request) {
  return useQuery({
    queryKey: [...TOP_AGENTS_KEY, 'top10', body],
    queryFn: ({ signal }) => fetchTop10(body, signal),
    // The old places stay under the loading overlay until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useOfficeCharts(body: TOfficeChartsRequest) {
  return useQuery({
    queryKey: [...OFFICE_CHARTS_KEY, body],
    queryFn: ({ signal }) => apiFetch<TChartModel[]>('POST', 'stats/office-charts', body, { signal }),
  });
}
