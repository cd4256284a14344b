// The dashboard call.
import { useQuery } from '@tanstack/react-query';
import type { TDashboard } from '@salesdesk/contract';
import { apiFetch } from '../api/client';

export const DASHBOARD_KEY = ['dashboard'] as const;

/** Dropped as soon as Home unmounts, so coming back after a news edit or a sale never shows stale figures. */
export function useDashboard() {
  return useQuery({
    queryKey: DASHBOARD_KEY,
    queryFn: ({ signal }) => apiFetch<TDashboard>('GET', 'dashboard', undefined, { signal }),
    gcTime: 0,
  });
}
