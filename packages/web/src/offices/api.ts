// Calls and TanStack Query hooks of the offices area (and the site/domain selectors its form needs).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TList,
  TListQuery,
  TOfficeCreate,
  TOfficeDetail,
  TOfficeRow,
  TOfficeStatus,
  TOfficeUpdate,
  TPreferredDomainOption,
} from '@salesdesk/contract';
import { apiFetch } from '../api/client';

export const OFFICES_KEY = ['offices'] as const;

export type { TOfficeSortField as OfficeSortField } from '@salesdesk/contract';

/** The list call of /app/offices (useListPage runs it). */
export const searchOffices = (query: TListQuery, signal?: AbortSignal) =>
  apiFetch<TList<TOfficeRow>>('POST', 'offices/search', query, { signal });

export function useOffice(id: number | undefined) {
  return useQuery({
    queryKey: [...OFFICES_KEY, 'one', id],
    queryFn: () => apiFetch<TOfficeDetail>('GET', `offices/${id}`),
    enabled: id !== undefined,
  });
}

export function useSetOfficesStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TOfficeStatus) => apiFetch('POST', 'offices/status', body),
    onSettled: () => client.invalidateQueries({ queryKey: OFFICES_KEY }),
  });
}

export function useSaveOffice(id: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TOfficeCreate | TOfficeUpdate) =>
      id === undefined ? apiFetch('PUT', 'offices', body) : apiFetch('POST', `offices/${id}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: OFFICES_KEY }),
  });
}

export function usePreferredDomains() {
  return useQuery({
    queryKey: ['preferredDomains', 'list'],
    queryFn: () => apiFetch<TPreferredDomainOption[]>('GET', 'preferredDomains/list'),
  });
}
