// The dashboard call and each role's Home figures.
import { useQuery } from '@tanstack/react-query';
import type { TDashboard, THome } from '@salesdesk/contract';
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

export const HOME_KEY = ['home'] as const;

/** Each role's own money at a glance (GET home), dropped on leaving Home like the dashboard. */
export function useHome(enabled: boolean) {
  return useQuery({
    queryKey: HOME_KEY,
    queryFn: ({ signal }) => apiFetch<THome>('GET', 'home', undefined, { signal }),
    gcTime: 0,
    enabled,
  });
}
