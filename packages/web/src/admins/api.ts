// Calls and TanStack Query hooks of the admins area (superadmin only).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TAdminCreate,
  TAdminDetail,
  TAdminRow,
  TAdminUpdate,
  TList,
  TListQuery,
} from '@salesdesk/contract';
import { apiFetch } from '../api/client';

export const ADMINS_KEY = ['admins'] as const;

/** The list call of /app/admins: GET admins with its paging and sort in the query string. */
export const fetchAdmins = (query: TListQuery, signal?: AbortSignal) =>
  apiFetch<TList<TAdminRow>>('GET', 'admins', undefined, {
    signal,
    query: { page: query.page, pageSize: query.pageSize, sortField: query.sortField, sortAsc: query.sortAsc },
  });

export function useAdmin(id: number | undefined) {
  return useQuery({
    queryKey: [...ADMINS_KEY, 'one', id],
    queryFn: () => apiFetch<TAdminDetail>('GET', `admins/${id}`),
    enabled: id !== undefined,
  });
}

export function useSaveAdmin(id: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TAdminCreate | TAdminUpdate) =>
      id === undefined ? apiFetch('PUT', 'admins', body) : apiFetch('POST', `admins/${id}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ADMINS_KEY }),
  });
}
