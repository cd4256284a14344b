// Calls and TanStack Query hooks of the site manuals (spec 2 section 7, the six site-manuals calls).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MAX_PAGE_SIZE,
  type TList,
  type TListQuery,
  type TManualSiteOption,
  type TSiteManual,
  type TSiteManualCreate,
  type TSiteManualRow,
  type TSiteManualUpdate,
} from '@salesdesk/contract';
import { apiFetch } from '../api/client';

export const MANUALS_KEY = ['site-manuals'] as const;

/** The list call of /app/site-manuals: GET site-manuals with its paging and sort in the query string. */
export const fetchManuals = (query: TListQuery, signal?: AbortSignal) =>
  apiFetch<TList<TSiteManualRow>>('GET', 'site-manuals', undefined, {
    signal,
    query: { page: query.page, pageSize: query.pageSize, sortField: query.sortField, sortAsc: query.sortAsc },
  });

/** Every manual the caller may read, by title: the tabs of How to sell. */
export function useHowToSellTabs() {
  return useQuery({
    queryKey: [...MANUALS_KEY, 'tabs'],
    queryFn: ({ signal }) =>
      fetchManuals(
        { page: 1, pageSize: MAX_PAGE_SIZE, sortField: 'title', sortAsc: true, criteria: [] },
        signal,
      ),
  });
}

export function useManual(id: number | undefined) {
  return useQuery({
    queryKey: [...MANUALS_KEY, 'one', id],
    queryFn: ({ signal }) => apiFetch<TSiteManual>('GET', `site-manuals/${id}`, undefined, { signal }),
    enabled: id !== undefined,
  });
}

export function useAvailableSites() {
  return useQuery({
    queryKey: [...MANUALS_KEY, 'available-sites'],
    queryFn: ({ signal }) =>
      apiFetch<TManualSiteOption[]>('GET', 'site-manuals/available-sites', undefined, { signal }),
  });
}

export function useSaveManual(id: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TSiteManualCreate | TSiteManualUpdate) =>
      id === undefined ? apiFetch('PUT', 'site-manuals', body) : apiFetch('POST', `site-manuals/${id}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: MANUALS_KEY }),
  });
}

export function useRemoveManual() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch('DELETE', `site-manuals/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: MANUALS_KEY }),
  });
}
